/**
 * `find_elements` finds an element by the words the page shows even when the element writes an expression: a prop
 * at its call sites, an entry of a constant array in another module, a template's literal part. Words code computes
 * (an API's value) find nothing. The lookup names the other places across the project that show a constant's words.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findElements } from '../agent/find-elements.js';
import { codebaseIdFor } from '../codebase-ids/codebase-id-for.js';
import { lookupElements } from './element-lookup.js';
import { realRoot } from '../engine/safe-paths.js';
import { SourceIndex } from '../engine/source-index.js';

const FILES: Record<string, string> = {
  'src/nav-entries.ts': `export const PRODUCT = 'Vườn';\nexport const TITLE = \`\${PRODUCT} Quản trị\`;\nexport const ENTRIES = [{ label: 'Khu vực' }, { label: 'Cảm biến' }];\n`,
  'src/shell/footer.tsx': `import { TITLE } from '../nav-entries';\n\nexport function Footer() {\n  return (\n    <footer>\n      <small>{TITLE}</small>\n    </footer>\n  );\n}\n`,
  'src/fact.tsx': `export function Fact({ label, value }: { label: string; value: string }) {\n  return (\n    <div>\n      <dt>{label}</dt>\n      <dd>{value}</dd>\n    </div>\n  );\n}\n`,
  'src/page.tsx': `import { Fact } from './fact';
import { ENTRIES, TITLE } from './nav-entries';

export function Page({ count, name }: { count: number; name: string }) {
  return (
    <main>
      <h1>{TITLE}</h1>
      <ul>{ENTRIES.map((entry) => <li key={entry.label}>{entry.label}</li>)}</ul>
      <p>{\`Tổng số cánh đồng: \${count}\`}</p>
      <Fact label="Thủ đô" value={name} />
    </main>
  );
}
`,
};

describe('find_elements by bound words', () => {
  let root: string;
  beforeAll(() => {
    root = realRoot(fs.mkdtempSync(path.join(os.tmpdir(), 'bound-words-')));
    for (const [relative, text] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
      fs.writeFileSync(path.join(root, relative), text);
    }
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const find = (text: string) =>
    findElements(new SourceIndex(root), { text }).elements.map((element) => `${element.file}:${element.tagName}`);

  it('matches the literals a binding leads to, joined as the page shows them', () => {
    expect(find('vườn quản trị')).toEqual(['src/page.tsx:h1', 'src/shell/footer.tsx:small']);
    expect(find('Cảm biến')).toEqual(['src/page.tsx:li']);
    expect(find('cánh đồng')).toEqual(['src/page.tsx:p']);
    // The call site writes the words as its own prop, and the element inside the component shows them.
    expect(find('Thủ đô')).toEqual(['src/fact.tsx:dt', 'src/page.tsx:Fact']);
  });

  it('finds nothing by words that are not literals of the project', () => {
    expect(find('Hà Nội')).toEqual([]);
  });

  it('names every other place of the project that shows the words of a constant, not the way of the element to them', () => {
    const index = new SourceIndex(root);
    const title = codebaseIdFor('src/page.tsx', '0-0');
    const entry = codebaseIdFor('src/page.tsx', '0-1-0');
    const found = lookupElements(index, [title, entry]);
    expect(found[title]?.textHome).toMatchObject({ editable: true, alsoShownAt: ['src/shell/footer.tsx:6'] });
    // The entries are read by the page's map alone, and a call site's prop is its own.
    expect(found[entry]?.textHome).toMatchObject({ editable: true });
    expect(found[entry]?.textHome).not.toHaveProperty('alsoShownAt');
  });
});

describe('the other places of a constant imported through a path alias', () => {
  let root: string;
  beforeAll(() => {
    root = realRoot(fs.mkdtempSync(path.join(os.tmpdir(), 'bound-words-alias-')));
    const files: Record<string, string> = {
      'tsconfig.json': `{ "compilerOptions": { "paths": { "@/*": ["./src/*"] } } }\n`,
      'src/constants/data.ts': `export const navItems = [{ title: 'Dashboard', href: '/' }, { title: 'Students', href: '/student' }];\n`,
      'src/nav.tsx': `type Item = { title: string };\n\nconst Nav = ({ items }: { items: Item[] }) => (\n  <nav>\n    {items.map((item) => (\n      <span key={item.title}>{item.title}</span>\n    ))}\n  </nav>\n);\n\nexport default Nav;\n`,
      'src/sidebar.tsx': `import Nav from '@/nav';\nimport { navItems } from '@/constants/data';\n\nexport function Sidebar() {\n  return (\n    <aside>\n      <Nav items={navItems} />\n    </aside>\n  );\n}\n`,
      'src/header.tsx': `import { navItems } from '@/constants/data';\n\nexport function Header({ path }: { path: string }) {\n  return <h2>{navItems.find((item) => item.href === path)?.title}</h2>;\n}\n`,
    };
    for (const [relative, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
      fs.writeFileSync(path.join(root, relative), text);
    }
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('names a file that imports the constant as `@/…`, and follows a default-imported component to its call site', () => {
    const entry = codebaseIdFor('src/nav.tsx', '0-0');
    const found = lookupElements(new SourceIndex(root), [entry], { [entry]: 'Students' });
    expect(found[entry]?.textHome).toEqual({
      editable: true,
      places: [{ file: 'src/constants/data.ts', line: 1, text: 'Students' }],
      computed: [],
      alsoShownAt: ['src/header.tsx:4'],
    });
  });
});
