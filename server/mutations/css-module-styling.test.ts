/**
 * CSS mode on a project styled by CSS modules (the `css-modules` fixture, without Tailwind, whose Vite config
 * exports camelCase names), through the real engine on a copy of it: the changes land in the module's rules, the
 * project's own `tsc` and `vite build` still pass and the built CSS has the values; undoing them all gives back the
 * exact bytes.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject, type FixtureProject } from '../../test-support/fixture-project.js';
import { indexJsxElements, parseJsxSource } from '../codebase-ids/index-jsx-elements.js';
import { hashTree } from './mutations-test-support.js';
import { type SourceEditor } from '../engine/source-editor.js';
import { studioSourceEditor } from '../studio-source-editor.js';

const run = promisify(execFile);
const CANVAS = 'css-modules';

let project: FixtureProject;
let editor: SourceEditor;

function read(file: string): string {
  return fs.readFileSync(path.join(project.root, file), 'utf8');
}

function idOf(file: string, tag: string, nth = 0): { codebaseId: string } {
  const found = indexJsxElements(parseJsxSource(file, read(file)), file).filter((entry) => entry.tagName === tag)[nth];
  if (!found) throw new Error(`${file} has no <${tag}> number ${nth}`);
  return { codebaseId: found.id };
}

/** Hashes of the project's own files (its history, dependencies and build left out). */
function projectHashes(): Record<string, string> {
  return Object.fromEntries(Object.entries(hashTree(project.root)).filter(([file]) => !/^(node_modules|\.plantation-studio|dist)\//.test(file)));
}

/** Runs one of the project's own tools (its installed TypeScript or Vite): its output when it fails, else ''. */
async function failureOf(bin: string, args: string[]): Promise<string> {
  try {
    await run(process.execPath, [path.join(project.root, 'node_modules', bin), ...args], { cwd: project.root });
    return '';
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    return `${stdout ?? ''}${stderr ?? ''}` || String(error);
  }
}

beforeAll(async () => {
  project = await fixtureProject('css-modules');
  editor = studioSourceEditor({ root: project.root });
}, 60_000);

afterAll(async () => {
  editor?.dispose();
  await project?.remove();
});

describe('CSS mode on a CSS-modules project', { timeout: 300_000 }, () => {
  it('writes into the modules, keeps tsc and vite build passing, and undoes to the exact bytes', async () => {
    const original = projectHashes();
    const card = read('src/Card.tsx');
    const style = (element: { codebaseId: string }, styling: Record<string, string | null>, modifiers: string[] = []) =>
      editor.mutate(CANVAS, 'styling', { reactElement: element, stylingFramework: 'CSS', styling, modifiers });

    await style(idOf('src/Card.tsx', 'h2'), { color: '#1f4d1b', margin: null });
    await style(idOf('src/Card.tsx', 'h2'), { fontSize: '2rem' }, ['md']);
    await style(idOf('src/Card.tsx', 'section'), { borderColor: '#2f6b2a' }, ['hover']);

    // App.tsx has no stylesheet: it gets a module of its own, as the project's components have.
    await style(idOf('src/App.tsx', 'main'), { padding: '8px' });
    expect(read('src/App.module.css')).toBe('.app {\n  padding: 8px;\n}\n');
    expect(read('src/App.tsx')).toContain("import styles from './App.module.css';\n");
    expect(read('src/App.tsx')).toContain('<main className={styles.app}>');

    // The component keeps its className: the rules of its module changed.
    expect(read('src/Card.tsx')).toBe(card);
    const module = read('src/Card.module.css');
    expect(module).toContain('.card-title {\n  font-size: 1.5rem;\n  color: #1f4d1b;\n}');
    expect(module).toContain('@media (width >= 48rem) {\n  .card-title {\n    font-size: 2rem;\n  }\n}');
    expect(module).toContain('.card:hover {\n  border-color: #2f6b2a;\n}');

    expect(await failureOf('typescript/bin/tsc', ['-p', 'tsconfig.json', '--noEmit'])).toBe('');
    expect(await failureOf('vite/bin/vite.js', ['build', '--logLevel', 'error'])).toBe('');
    const assets = fs.readdirSync(path.join(project.root, 'dist', 'assets')).filter((f) => f.endsWith('.css'));
    const built = assets.map((f) => fs.readFileSync(path.join(project.root, 'dist', 'assets', f), 'utf8')).join('\n');
    expect(built).toMatch(/#1f4d1b/);
    expect(built).toMatch(/:hover\{border-color:#2f6b2a\}/);
    expect(built).toMatch(/\{padding:8px\}/);

    for (let i = 0; i < 4; i += 1) await editor.undo(CANVAS);
    expect(projectHashes()).toEqual(original);
  });
});
