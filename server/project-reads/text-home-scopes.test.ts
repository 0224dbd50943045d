/**
 * The lookup says, before an edit, what each choice of `textScope` writes (this instance's call site, the
 * component's default, every use) and where those words show; and it names the uses of a constant read through
 * an index module that re-exports it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codebaseIdFor } from '../codebase-ids/codebase-id-for.js';
import { realRoot } from '../engine/safe-paths.js';
import { SourceIndex } from '../engine/source-index.js';
import { lookupElements } from './element-lookup.js';

const FILES: Record<string, string> = {
  'src/labelled.tsx': `export function Labelled({ label = 'Quốc gia' }: { label?: string }) {\n  return <label>{label}</label>;\n}\n`,
  'src/filters.tsx': `import { Labelled } from './labelled';

export function Filters() {
  return (
    <form>
      <Labelled />
      <Labelled label="Quốc gia" />
      <Labelled label="Khu vực" />
    </form>
  );
}
`,
  'src/report.tsx': `import { Labelled } from './labelled';\n\nexport function Report() {\n  return <Labelled label="Quốc gia" />;\n}\n`,
  'src/single.tsx': `function Title({ text }: { text: string }) {\n  return <h1>{text}</h1>;\n}\n\nexport function Single() {\n  return <Title text="Vườn" />;\n}\n`,
  'src/texts/words.ts': `export const EMPTY = 'Chưa có cánh đồng nào';\n`,
  'src/texts/index.ts': `export { EMPTY } from './words';\nexport * from './more';\n`,
  'src/texts/more.ts': `export const LOADING = 'Đang tải';\n`,
  'src/empty.tsx': `import { EMPTY, LOADING } from './texts';\n\nexport function Empty() {\n  return (\n    <div>\n      <p>{EMPTY}</p>\n      <span>{LOADING}</span>\n    </div>\n  );\n}\n`,
  'src/notices.ts': `import { EMPTY } from './texts';\n\nexport const NOTICES = [{ text: EMPTY }];\n`,
  'src/spaced.tsx': `import * as texts from './texts';\n\nexport function Spaced() {\n  return <b>{texts.LOADING}</b>;\n}\n`,
  'src/other.tsx': `import { EMPTY as NONE, LOADING } from './texts';\nimport { NOTICES } from './notices';\nexport function Other() {\n  return (\n    <section>\n      <small>{NONE}</small>\n      <em>{LOADING}</em>\n      <i>{NOTICES.length}</i>\n    </section>\n  );\n}\n`,
};

describe('the lookup of bound text', () => {
  let root: string;
  beforeAll(() => {
    root = realRoot(fs.mkdtempSync(path.join(os.tmpdir(), 'text-scopes-')));
    for (const [relative, text] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
      fs.writeFileSync(path.join(root, relative), text);
    }
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const label = codebaseIdFor('src/labelled.tsx', '0');
  const home = (id: string, text: string, instance?: string[]) =>
    lookupElements(new SourceIndex(root), [id], { [id]: text }, instance ? { [id]: instance } : {})[id]?.textHome;

  it('says what this instance, the default and every use write, and where each shows', () => {
    const instance = [codebaseIdFor('src/filters.tsx', '0-1')];
    expect(home(label, 'Quốc gia', instance)).toMatchObject({
      editable: true,
      scopes: {
        instance: { writes: ['src/filters.tsx:7'], shownAt: ['src/filters.tsx:7'] },
        default: { writes: ['src/labelled.tsx:1'], shownAt: ['src/filters.tsx:6'] },
        every: { writes: ['src/labelled.tsx:1', 'src/filters.tsx:7', 'src/report.tsx:4'], shownAt: ['src/filters.tsx:6', 'src/filters.tsx:7', 'src/report.tsx:4'] },
      },
    });
  });

  it('offers every use and the default, not an instance, when none was told', () => {
    const scopes = home(label, 'Quốc gia')?.editable ? (home(label, 'Quốc gia') as { scopes?: object }).scopes : undefined;
    expect(scopes).not.toHaveProperty('instance');
    expect(scopes).toHaveProperty('every.writes', ['src/labelled.tsx:1', 'src/filters.tsx:7', 'src/report.tsx:4']);
  });

  it('offers no choice where one place holds the words', () => {
    const h1 = codebaseIdFor('src/single.tsx', '0');
    expect(home(h1, 'Vườn', [codebaseIdFor('src/single.tsx', '1')])).toMatchObject({ editable: true, places: [{ file: 'src/single.tsx', line: 6 }] });
    expect(home(h1, 'Vườn')).not.toHaveProperty('scopes');
  });

  it('names the uses of a constant read through an index module that re-exports it', () => {
    expect(home(codebaseIdFor('src/empty.tsx', '0-0'), 'Chưa có cánh đồng nào')).toMatchObject({ editable: true, alsoShownAt: ['src/notices.ts:3', 'src/other.tsx:6'] });
    expect(home(codebaseIdFor('src/empty.tsx', '0-1'), 'Đang tải')).toMatchObject({ editable: true, alsoShownAt: ['src/other.tsx:7', 'src/spaced.tsx:4'] });
  });
});
