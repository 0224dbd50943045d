import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseJsxSource } from '../codebase-ids/index-jsx-elements.js';
import { realRoot } from '../engine/safe-paths.js';
import { SourceIndex } from '../engine/source-index.js';
import { BUNDLED_CONSOLE_ROOT } from '../package-info.js';
import { componentsOfSource, paletteComponents } from './palette-components.js';

const MODULE = `import { forwardRef, memo } from 'react';
import * as React from 'react';

export function Card({ title }: { title: string }) {
  return <div>{title}</div>;
}
export default function Page() {
  return <main />;
}
export const Badge = ({ tone }: { tone: string }) => <span className={tone} />;
export const Field = forwardRef<HTMLInputElement>(function Field(props, ref) {
  return <input ref={ref} {...props} />;
});
export const Row = React.memo(() => <tr />);
export const Fragmented = function () {
  return <></>;
};

// Not components: no JSX, not PascalCase, not exported, anonymous default, types.
export function ParseDate(text: string) {
  return new Date(text);
}
export function helper() {
  return <b />;
}
function Hidden() {
  return <i />;
}
export const LIMIT = 10;
export const Wrapped = memo(compute);
export interface CardProps {
  title: string;
}

function Tile() {
  return <section />;
}
function Inner() {
  return <em />;
}
export { Tile, Inner as Shown };
`;

const names = (text: string, file = 'src/components/a.tsx') => componentsOfSource(parseJsxSource(file, text), file);

describe('componentsOfSource', () => {
  it('finds exported function components however they are written, by the name an import uses', () => {
    expect(names(MODULE)).toEqual(
      expect.arrayContaining([
        { name: 'Card', file: 'src/components/a.tsx', isDefaultExport: false },
        { name: 'Page', file: 'src/components/a.tsx', isDefaultExport: true },
        { name: 'Badge', file: 'src/components/a.tsx', isDefaultExport: false },
        { name: 'Field', file: 'src/components/a.tsx', isDefaultExport: false },
        { name: 'Row', file: 'src/components/a.tsx', isDefaultExport: false },
        { name: 'Fragmented', file: 'src/components/a.tsx', isDefaultExport: false },
        { name: 'Tile', file: 'src/components/a.tsx', isDefaultExport: false },
        { name: 'Shown', file: 'src/components/a.tsx', isDefaultExport: false },
      ]),
    );
    expect(names(MODULE)).toHaveLength(8);
  });

  it('takes a default export by its declared name, and prefers the named export when there are both', () => {
    expect(names('function Panel() {\n  return <div />;\n}\nexport default Panel;\n')).toEqual([{ name: 'Panel', file: 'src/components/a.tsx', isDefaultExport: true }]);
    expect(names('export function Panel() {\n  return <div />;\n}\nexport default Panel;\n')).toEqual([
      { name: 'Panel', file: 'src/components/a.tsx', isDefaultExport: false },
    ]);
    expect(names('export default function () {\n  return <div />;\n}\n')).toEqual([]);
    expect(names('const Box = () => <div />;\nexport { Box as default };\n')).toEqual([{ name: 'Box', file: 'src/components/a.tsx', isDefaultExport: true }]);
    expect(names("export { Card } from './card';\nexport type { Props } from './props';\n")).toEqual([]);
  });
});

describe('paletteComponents', () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
  });

  it("lists the console's own components, sorted by name, with their files", () => {
    const components = paletteComponents(new SourceIndex(realRoot(BUNDLED_CONSOLE_ROOT)));
    expect(components).toContainEqual({ name: 'Pagination', file: 'src/components/ui/pagination.tsx', isDefaultExport: false });
    expect(components).toContainEqual({ name: 'Spinner', file: 'src/components/ui/spinner.tsx', isDefaultExport: false });
    expect(components).toContainEqual({ name: 'TextField', file: 'src/components/ui/text-field.tsx', isDefaultExport: false });
    expect(components).toContainEqual({ name: 'Sidebar', file: 'src/components/shell/sidebar.tsx', isDefaultExport: false });
    const listed = components.map((c) => c.name);
    expect(listed).toEqual([...listed].sort());
    // Helpers and constants of the same files are not components.
    for (const name of ['notify', 'focusableIn', 'isPageOutOfRange', 'NARROW_QUERY', 'LOADING_TEXT', 'NAV_ENTRIES']) expect(listed).not.toContain(name);
  });

  it('reads every JSX file of the project (.tsx and .jsx, in src/components or not), leaves out tests, stories and links, and copes with a project that has none', () => {
    const root = realRoot(fs.mkdtempSync(path.join(os.tmpdir(), 'palette-')));
    roots.push(root);
    const outside = realRoot(fs.mkdtempSync(path.join(os.tmpdir(), 'palette-outside-')));
    roots.push(outside);
    expect(paletteComponents(new SourceIndex(root))).toEqual([]);
    const write = (relative: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
      fs.writeFileSync(path.join(root, relative), text);
    };
    const component = (name: string) => `export function ${name}() {\n  return <div />;\n}\n`;
    write('src/components/forms/deep/zeta.tsx', component('Zeta'));
    write('src/components/alpha.tsx', component('Alpha'));
    write('src/components/alpha.test.tsx', component('AlphaTest'));
    write('src/components/alpha.stories.tsx', component('AlphaStory'));
    write('src/components/.hidden/ghost.tsx', component('Ghost'));
    write('src/routes/page.tsx', component('RoutePage'));
    write('src/widgets/Meter.jsx', 'export default function Meter({ value }) {\n  return <meter value={value} />;\n}\n');
    fs.writeFileSync(path.join(outside, 'secret.tsx'), component('Secret'));
    fs.symlinkSync(path.join(outside, 'secret.tsx'), path.join(root, 'src', 'components', 'linked.tsx'));
    fs.symlinkSync(outside, path.join(root, 'src', 'components', 'linked-folder'));
    expect(paletteComponents(new SourceIndex(root))).toEqual([
      { name: 'Alpha', file: 'src/components/alpha.tsx', isDefaultExport: false },
      { name: 'Meter', file: 'src/widgets/Meter.jsx', isDefaultExport: true },
      { name: 'RoutePage', file: 'src/routes/page.tsx', isDefaultExport: false },
      { name: 'Zeta', file: 'src/components/forms/deep/zeta.tsx', isDefaultExport: false },
    ]);
  });

  it("lists the library components the project's files render, once per name and module, after its own", () => {
    const root = realRoot(fs.mkdtempSync(path.join(os.tmpdir(), 'palette-library-')));
    roots.push(root);
    const write = (relative: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
      fs.writeFileSync(path.join(root, relative), text);
    };
    write('package.json', JSON.stringify({ dependencies: { '@chakra-ui/react': '^3', '@mui/material': '^7', react: '^19' } }));
    write(
      'src/App.jsx',
      [
        "import { Box, Heading, Text as Label, useDisclosure } from '@chakra-ui/react';",
        "import type { BoxProps } from '@chakra-ui/react';",
        "import Stack from '@mui/material/Stack';",
        "import { Fragment } from 'react';",
        "import { Card } from './card';",
        "import { Unlisted } from 'not-a-dependency';",
        'export default function App() {',
        '  useDisclosure();',
        '  return <Box><Heading>Hi</Heading><Label /><Stack /><Fragment /><Card /><Unlisted /></Box>;',
        '}',
        '',
      ].join('\n'),
    );
    write('src/card.tsx', "import { Box } from '@chakra-ui/react';\nexport function Card() {\n  return <Box />;\n}\n");
    expect(paletteComponents(new SourceIndex(root))).toEqual([
      { name: 'App', file: 'src/App.jsx', isDefaultExport: true },
      { name: 'Card', file: 'src/card.tsx', isDefaultExport: false },
      { name: 'Box', file: 'src/App.jsx', isDefaultExport: false, package: '@chakra-ui/react' },
      { name: 'Heading', file: 'src/App.jsx', isDefaultExport: false, package: '@chakra-ui/react' },
      { name: 'Stack', file: 'src/App.jsx', isDefaultExport: true, package: '@mui/material/Stack' },
    ]);
  });
});
