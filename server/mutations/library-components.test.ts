/**
 * A library's component swapped in or added: through the real engine on a project on disk whose package ships its
 * types in `node_modules`, as an installed library does. Its import is written joined to the file's import of the
 * package; a name the package does not export as a value is refused, writing nothing; undo gives back the bytes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../contracts/errors.js';
import { EMPTY_THEME } from '../../contracts/theme-tokens.js';
import { indexJsxElements, parseJsxSource } from '../codebase-ids/index-jsx-elements.js';
import { realRoot } from '../engine/safe-paths.js';
import type { SourceEditor } from '../engine/source-editor.js';
import { studioSourceEditor } from '../studio-source-editor.js';
import { hashTree } from './mutations-test-support.js';

const PAGE = `import { Card, Stack } from '@acme/ui';

export function Page() {
  return (
    <Stack gap={2}>
      <Card>Lô A</Card>
      <Card>Lô B</Card>
    </Stack>
  );
}
`;

const TYPES = `export interface PaperProps {
  children?: unknown;
  elevation?: number;
}
export declare function Paper(props: PaperProps): null;
export declare function Card(props: { children?: unknown }): null;
export declare const Stack: (props: { children?: unknown; gap?: number }) => null;
export declare const Badge: (props: { children?: unknown }) => null;
`;

let root: string;
let editor: SourceEditor;

function write(relative: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), text);
}

function idOf(tag: string, nth = 0): { codebaseId: string } {
  const text = fs.readFileSync(path.join(root, 'src/page.tsx'), 'utf8');
  const found = indexJsxElements(parseJsxSource('src/page.tsx', text), 'src/page.tsx').filter((entry) => entry.tagName === tag)[nth];
  if (!found) throw new Error(`no <${tag}> number ${nth}`);
  return { codebaseId: found.id };
}

const projectHashes = () => Object.fromEntries(Object.entries(hashTree(root)).filter(([file]) => !file.startsWith('.plantation-studio/')));
const page = () => fs.readFileSync(path.join(root, 'src/page.tsx'), 'utf8');

beforeAll(() => {
  root = realRoot(fs.mkdtempSync(path.join(os.tmpdir(), 'library-components-')));
  write('package.json', JSON.stringify({ name: 'acme-app', dependencies: { '@acme/ui': '^1.0.0', react: '^19.0.0' } }));
  write('node_modules/@acme/ui/package.json', JSON.stringify({ name: '@acme/ui', version: '1.0.0', types: 'index.d.ts', main: 'index.js' }));
  write('node_modules/@acme/ui/index.d.ts', TYPES);
  write('node_modules/@acme/ui/index.js', 'export const Paper = () => null;\n');
  write('src/page.tsx', PAGE);
  editor = studioSourceEditor({ root, theme: () => Promise.resolve(EMPTY_THEME) });
});

afterAll(() => {
  editor.dispose();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('a component of a package the project imports from, which no file renders yet', () => {
  it('is swapped in by a tag change, its name joined to the import of the package, and undone to the bytes', async () => {
    await editor.mutate('library', 'changeElementTag', { elementToModify: idOf('Card'), newTag: 'Paper' });
    expect(page()).toBe(PAGE.replace('{ Card, Stack }', '{ Card, Paper, Stack }').replace('<Card>Lô A</Card>', '<Paper>Lô A</Paper>'));
    await editor.undo('library');
    expect(page()).toBe(PAGE);
  }, 60_000);

  it('is added from the palette with its import from the package, in the order of its names', async () => {
    await editor.mutate('library', 'addJsxElement', {
      destinationElement: idOf('Stack'),
      newElement: { type: 'component', componentName: 'Badge', importPath: '@acme/ui', propsToSet: {} },
    });
    expect(page()).toContain("import { Badge, Card, Stack } from '@acme/ui';");
    expect(page()).toContain('<Badge />');
    await editor.undo('library');
    expect(page()).toBe(PAGE);
  }, 60_000);

  it('is refused when the package exports no value of that name (a type, or nothing), writing nothing', async () => {
    for (const tag of ['PaperProps', 'Dialog']) {
      const before = projectHashes();
      const error = await editor.mutate('library', 'changeElementTag', { elementToModify: idOf('Card'), newTag: tag }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).message).toContain(`has no "${tag}" (neither imported nor declared) and neither the project nor a package it imports from`);
      expect(projectHashes()).toEqual(before);
    }
  }, 60_000);
});
