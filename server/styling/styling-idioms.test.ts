/**
 * The style controls' CSS mode ("the project's way") on a MUI app and a styled-components app (the `mui-app` and
 * `styled-app` fixtures), through the real engine on copies of them: the changes are written in the project's own
 * idiom (`sx` with its theme's keys, the styled() object, the templates), no stylesheet appears, the project's own
 * `tsc` and `vite build` still pass, and undoing them all gives back the exact bytes.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureProject, type FixtureProject } from '../../test-support/fixture-project.js';
import { indexJsxElements, parseJsxSource } from '../codebase-ids/index-jsx-elements.js';
import { hashTree } from '../mutations/mutations-test-support.js';
import { studioSourceEditor } from '../studio-source-editor.js';
import type { StylingIdiom } from '../../contracts/styling-idioms.js';

const run = promisify(execFile);
const CANVAS = 'idioms';
let project: FixtureProject | undefined;

afterEach(async () => {
  await project?.remove();
  project = undefined;
});

function read(file: string): string {
  return fs.readFileSync(path.join(project!.root, file), 'utf8');
}

function idOf(file: string, tag: string, nth = 0): { codebaseId: string } {
  const found = indexJsxElements(parseJsxSource(file, read(file)), file).filter((entry) => entry.tagName === tag)[nth];
  if (!found) throw new Error(`${file} has no <${tag}> number ${nth}`);
  return { codebaseId: found.id };
}

function projectHashes(): Record<string, string> {
  return Object.fromEntries(Object.entries(hashTree(project!.root)).filter(([file]) => !/^(node_modules|\.plantation-studio|dist)\//.test(file)));
}

async function failureOf(bin: string, args: string[]): Promise<string> {
  try {
    await run(process.execPath, [path.join(project!.root, 'node_modules', bin), ...args], { cwd: project!.root });
    return '';
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    return `${stdout ?? ''}${stderr ?? ''}` || String(error);
  }
}

/** Styles elements in CSS mode through the engine, checks the project builds, undoes all: the files as before. */
async function styleThenUndo(changes: Array<[{ codebaseId: string }, Record<string, string | null>, string[]?, StylingIdiom?]>, check: () => void): Promise<void> {
  const original = projectHashes();
  const editor = studioSourceEditor({ root: project!.root });
  try {
    for (const [element, styling, modifiers, idiom] of changes) {
      await editor.mutate(CANVAS, 'styling', { reactElement: element, stylingFramework: 'CSS', styling, modifiers: modifiers ?? [], ...(idiom ? { idiom } : {}) });
    }
    check();
    expect(Object.keys(projectHashes()).sort(), 'no stylesheet appears').toEqual(Object.keys(original).sort());
    expect(await failureOf('typescript/bin/tsc', ['-p', 'tsconfig.json', '--noEmit'])).toBe('');
    expect(await failureOf('vite/bin/vite.js', ['build', '--logLevel', 'error'])).toBe('');
    for (let i = 0; i < changes.length; i += 1) await editor.undo(CANVAS);
    expect(projectHashes()).toEqual(original);
  } finally {
    editor.dispose();
  }
}

describe("CSS mode writes the project's own idiom", { timeout: 300_000 }, () => {
  it('MUI: sx with the theme palette keys and spacing units, and the styled() object', async () => {
    project = await fixtureProject('mui-app');
    await styleThenUndo(
      [
        [idOf('src/App.tsx', 'Typography'), { color: '#c77d32', letterSpacing: '1px', marginBottom: '24px' }],
        [idOf('src/App.tsx', 'Button'), { backgroundColor: '#2e5e4e' }, ['hover']],
        [idOf('src/App.tsx', 'Box'), { padding: '32px' }, ['md']],
        [idOf('src/App.tsx', 'Panel'), { borderRadius: '12px' }],
        // A plain element: a styled('p') of the file (MUI's own way), not a stylesheet; then its object.
        [idOf('src/App.tsx', 'p'), { color: '#2e5e4e', marginTop: '8px' }],
        [idOf('src/App.tsx', 'p'), { opacity: '0.8' }, ['hover']],
      ],
      () => {
        const app = read('src/App.tsx');
        expect(app).toContain("sx={{ color: 'secondary.main', mb: 3, letterSpacing: '1px' }}");
        expect(app).toContain("sx={{ '&:hover': { bgcolor: 'primary.main' } }}");
        expect(app).toContain('sx={{ p: { xs: 3, md: 4 } }}');
        expect(app).toContain("borderRadius: '12px',");
        expect(app).toContain("}));\n\nconst Text = styled('p')({\n  color: '#2e5e4e',\n  marginTop: '8px',\n  '&:hover': { opacity: 0.8 },\n});\n");
        expect(app).toContain('<Text>Updated every hour.</Text>');
      },
    );
  });

  it("emotion's css prop: the element's object with its '&:hover' and a media query, its css`…` template, a plain element's new css prop", async () => {
    project = await fixtureProject('emotion-app');
    await styleThenUndo(
      [
        [idOf('src/App.tsx', 'h1'), { color: '#1f4d1b' }],
        [idOf('src/App.tsx', 'h1'), { opacity: '0.8' }, ['hover']],
        [idOf('src/App.tsx', 'p'), { fontSize: '18px' }],
        [idOf('src/App.tsx', 'p', 1), { marginTop: '8px' }, ['md']],
      ],
      () => {
        const app = read('src/App.tsx');
        expect(app).toContain("<h1 css={{ fontSize: '2rem', color: '#1f4d1b', '&:hover': { opacity: 0.8 } }}>Plantation</h1>");
        expect(app).toMatch(/css=\{css`\s+color: #555;\s+font-size: 18px;\s+`\}/);
        expect(app).toContain("<p css={{ '@media (min-width:900px)': { marginTop: '8px' } }}>Updated every hour.</p>");
        // The css prop needs no import: the file's only one is still emotion's css.
        expect(app.match(/^import /gm)).toHaveLength(1);
      },
    );
  });

  it('styled-components: the templates of the components used, with states and the media query of the template', async () => {
    project = await fixtureProject('styled-app');
    await styleThenUndo(
      [
        [idOf('src/App.tsx', 'Heading'), { color: '#1f4d1b' }],
        [idOf('src/App.tsx', 'Heading'), { fontSize: '3rem' }, ['md']],
        [idOf('src/App.tsx', 'Action'), { opacity: '0.8', color: 'white' }, ['hover']],
        // A plain element: a styled.p declared after the file's others, then its template.
        [idOf('src/App.tsx', 'p'), { color: '#2e5e4e' }],
        [idOf('src/App.tsx', 'p'), { 'letter-spacing': '1px' }, ['hover']],
      ],
      () => {
        const app = read('src/App.tsx');
        expect(app).toContain('  font-size: 2rem;\n  color: #1f4d1b;\n\n  @media (min-width: 768px) {\n    font-size: 3rem;\n  }\n`;');
        expect(app).toContain('  &:hover {\n    opacity: 0.8;\n    color: white;\n  }\n`;');
        expect(app).toContain('`;\n\nconst Text = styled.p`\n  color: #2e5e4e;\n\n  &:hover {\n    letter-spacing: 1px;\n  }\n`;\n\nexport function App()');
        expect(app).toContain('<Text>Six drones are flying.</Text>');
      },
    );
  });

  it('styled-components: a component imported from another file, in its template there, or this element only in a wrapper', async () => {
    project = await fixtureProject('styled-app');
    const app = read('src/App.tsx');
    await styleThenUndo(
      [
        [idOf('src/App.tsx', 'Subheading'), { color: '#1f4d1b' }],
        [idOf('src/App.tsx', 'Subheading', 1), { 'letter-spacing': '1px' }, ['hover']],
        // This element only: a wrapper of the component in the element's file, which later changes write into (the
        // element keeps its id: its place in the file).
        [idOf('src/App.tsx', 'Subheading'), { 'font-style': 'italic' }, [], 'styled-wrapper'],
        [idOf('src/App.tsx', 'Subheading'), { 'font-weight': '400' }],
        // The same choice again: the wrapper is this element's own already, not wrapped once more.
        [idOf('src/App.tsx', 'Subheading'), { 'text-transform': 'uppercase' }, [], 'styled-wrapper'],
      ],
      () => {
        expect(read('src/ui/Heading.tsx')).toBe(
          "import styled from 'styled-components';\n\nconst Heading = styled.h2<{ $space?: string }>`\n  font-size: 1.25rem;\n  margin: ${(props) => props.$space ?? '0 0 8px'};\n  color: #1f4d1b;\n\n  &:hover {\n    letter-spacing: 1px;\n  }\n`;\n\nexport default Heading;\n",
        );
        const wrapper = '\nconst AppSubheading = styled(Subheading)`\n  font-style: italic;\n  font-weight: 400;\n  text-transform: uppercase;\n`;\n';
        const written = read('src/App.tsx');
        expect(written).toContain(`\`;\n${wrapper}\nexport function App()`);
        // Else only the element's tag is renamed; the file keeps its import of the component.
        expect(written.replace(wrapper, '').replace('<AppSubheading as="h3">Drones</AppSubheading>', '<Subheading as="h3">Drones</Subheading>')).toBe(app);
      },
    );
  });

  it("Bootstrap: its utilities, replacing the element's own, and its CSS where none exists", async () => {
    project = await fixtureProject('bootstrap-app');
    await styleThenUndo(
      [
        [idOf('src/App.tsx', 'h1'), { color: '#0d6efd', 'margin-bottom': '16px', 'font-weight': '700' }],
        [idOf('src/App.tsx', 'div', 1), { 'justify-content': 'center' }, ['md']],
        [idOf('src/App.tsx', 'p'), { 'letter-spacing': '1px' }],
      ],
      () => {
        const app = read('src/App.tsx');
        expect(app).toContain('<h1 className="text-primary mb-3 fw-bold">');
        expect(app).toContain('className="card-body d-flex justify-content-between justify-content-md-center"');
        expect(read('src/app.css')).toContain('letter-spacing: 1px;');
      },
    );
  });

  it("Chakra: style props with its tokens, a breakpoint as { base, md }, a state as _hover; a library component swapped in and added with its import", async () => {
    project = await fixtureProject('chakra-app');
    const original = projectHashes();
    await styleThenUndo(
      [
        [idOf('src/App.tsx', 'Heading'), { 'font-size': '18px', color: 'teal.500', 'margin-bottom': '8px' }],
        [idOf('src/App.tsx', 'Box'), { padding: '32px' }, ['md']],
        [idOf('src/App.tsx', 'Text', 1), { color: 'teal.700' }, ['hover']],
      ],
      () => {
        const app = read('src/App.tsx');
        expect(app).toContain('<Heading size="lg" color="teal.500" fontSize="lg" mb={2}>');
        expect(app).toContain('<Box p={{ base: 6, md: 8 }}>');
        expect(app).toContain(`<Text color="gray.600" _hover={{ color: 'teal.700' }}>`);
      },
    );
    const editor = studioSourceEditor({ root: project.root });
    try {
      await editor.mutate(CANVAS, 'changeElementTag', { elementToModify: idOf('src/App.tsx', 'Stack'), newTag: 'VStack' });
      await editor.mutate(CANVAS, 'addJsxElement', {
        destinationElement: idOf('src/App.tsx', 'VStack'),
        newElement: { type: 'component', componentName: 'Badge', importPath: '@chakra-ui/react', propsToSet: { children: 'Mới' } },
      });
      expect(read('src/App.tsx')).toContain("import { Badge, Box, Heading, Text, VStack } from '@chakra-ui/react';");
      expect(await failureOf('typescript/bin/tsc', ['-p', 'tsconfig.json', '--noEmit'])).toBe('');
      await editor.undo(CANVAS);
      await editor.undo(CANVAS);
      expect(projectHashes()).toEqual(original);
    } finally {
      editor.dispose();
    }
  });
});
