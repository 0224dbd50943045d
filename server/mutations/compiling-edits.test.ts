/**
 * Every kind of structural change, applied through the real engine to a copy of the `fragment-page` project (a
 * page returning a top-level fragment, strict TypeScript with noUnusedLocals and noUnusedParameters), keeps the
 * project type-checking with its own `tsc`; the changes the type checker says would break it are refused and
 * write nothing; undoing them all gives back the exact bytes.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutationKind } from '../../contracts/change-kinds.js';
import { AppError } from '../../contracts/errors.js';
import { fixtureProject, type FixtureProject } from '../../test-support/fixture-project.js';
import { indexJsxElements, parseJsxSource } from '../codebase-ids/index-jsx-elements.js';
import { hashTree } from './mutations-test-support.js';
import { type SourceEditor } from '../engine/source-editor.js';
import { studioSourceEditor } from '../studio-source-editor.js';

const run = promisify(execFile);
const CANVAS = 'compiling';

let project: FixtureProject;
let editor: SourceEditor;

/** The project's own type check, with the TypeScript it installs: the errors it prints, or '' when it passes. */
async function typeErrors(): Promise<string> {
  const tsc = path.join(project.root, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    await run(process.execPath, [tsc, '-p', 'tsconfig.json', '--noEmit'], { cwd: project.root });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

/** The id of the `nth` element with this tag in a file of the project, as it is on disk now. */
function idOf(file: string, tag: string, nth = 0): { codebaseId: string } {
  const text = fs.readFileSync(path.join(project.root, file), 'utf8');
  const found = indexJsxElements(parseJsxSource(file, text), file).filter((entry) => entry.tagName === tag)[nth];
  if (!found) throw new Error(`${file} has no <${tag}> number ${nth}`);
  return { codebaseId: found.id };
}

function read(file: string): string {
  return fs.readFileSync(path.join(project.root, file), 'utf8');
}

/** Hashes of the project's own files (its history and dependencies left out). */
function projectHashes(): Record<string, string> {
  return Object.fromEntries(Object.entries(hashTree(project.root)).filter(([file]) => !/^(node_modules|\.plantation-studio)\//.test(file)));
}

async function refusal(kind: MutationKind, body: unknown): Promise<AppError> {
  const before = projectHashes();
  const error = await editor.mutate(CANVAS, kind, body).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(projectHashes(), 'a refused change writes nothing').toEqual(before);
  return error as AppError;
}

beforeAll(async () => {
  project = await fixtureProject('fragment-page');
  editor = studioSourceEditor({ root: project.root });
}, 60_000);

afterAll(async () => {
  editor?.dispose();
  await project?.remove();
});

// Each step runs the project's whole type check (seconds of CPU each, and more on a busy machine).
describe('changes on the fragment page keep the project compiling', { timeout: 300_000 }, () => {
  let original: Record<string, string>;
  let applied = 0;

  /** Applies a change, then runs the project's tsc: it must still pass. */
  async function apply(kind: MutationKind, body: unknown): Promise<void> {
    await editor.mutate(CANVAS, kind, body);
    applied += 1;
    expect(await typeErrors(), `tsc after ${kind}`).toBe('');
  }

  it('type-checks before any change', async () => {
    original = projectHashes();
    expect(await typeErrors()).toBe('');
  });

  it('duplicates a child of the top-level fragment and adds a sibling next to one', async () => {
    await apply('duplicate', { reactElements: [idOf('src/App.tsx', 'h1')] });
    expect(read('src/App.tsx').match(/<h1 className="title">Vườn cao su<\/h1>/g)).toHaveLength(2);
    await apply('addJsxElement', { afterElement: idOf('src/App.tsx', 'Badge'), newElement: { type: 'native', nativeTag: 'h2', propsToSet: { children: 'Lô mới' } } });
    expect(read('src/App.tsx')).toContain('<Badge label="Mới" />\n      <h2>Lô mới</h2>');
  });

  it('moves, wraps and removes children of the fragment', async () => {
    await apply('moveJsxElement', { elementToMove: idOf('src/App.tsx', 'footer'), beforeElement: idOf('src/App.tsx', 'h1') });
    await apply('wrapInDiv', { reactElements: [idOf('src/App.tsx', 'h1', 0), idOf('src/App.tsx', 'h1', 1)] });
    await apply('removeJsxElement', { elementsToRemove: [idOf('src/App.tsx', 'h2')] });
  });

  it('removes the import of a component whose last use is removed, retagged away or moved to another file', async () => {
    await apply('removeJsxElement', { elementsToRemove: [idOf('src/App.tsx', 'Notice')] });
    expect(read('src/App.tsx')).not.toContain('Notice');
    await apply('changeElementTag', { elementToModify: idOf('src/App.tsx', 'Divider'), newTag: 'hr' });
    expect(read('src/App.tsx')).not.toContain('Divider');
    await apply('moveJsxElement', { elementToMove: idOf('src/App.tsx', 'Badge'), newContainerElement: idOf('src/pages/Trees.tsx', 'main') });
    expect(read('src/App.tsx')).not.toContain('Badge');
    expect(read('src/pages/Trees.tsx')).toContain("import { Badge } from '../components/Badge';");
  });

  it('removes the imports of every component used only inside a removed element, from the first line on', async () => {
    await apply('removeJsxElement', { elementsToRemove: [idOf('src/pages/Home.tsx', 'div')] });
    expect(read('src/pages/Home.tsx')).toMatch(/^import \{ Notice \} from '\.\.\/components\/Notice';\n\n\/\*\*/);
  });

  it('refuses a tag change to a component whose props take no className when the element has one', async () => {
    const error = await refusal('changeElementTag', { elementToModify: idOf('src/pages/Home.tsx', 'span'), newTag: 'Pill' });
    expect(error.statusCode).toBe(422);
    expect(error.message).toContain('<Pill> does not take "className"');
    const own = await refusal('changeElementTag', { elementToModify: idOf('src/pages/Home.tsx', 'span'), newTag: 'Caption' });
    expect(own.message).toContain('<Caption> does not take "className", "children"');
  });

  it('imports the component a tag is changed to with its required props, and refuses one the project does not have', async () => {
    await apply('changeElementTag', { elementToModify: idOf('src/App.tsx', 'section'), newTag: 'Panel' });
    expect(read('src/App.tsx')).toContain("import { Panel } from './components/Panel';");
    const error = await refusal('changeElementTag', { elementToModify: idOf('src/App.tsx', 'p'), newTag: 'Chart' });
    expect(error.message).toContain('neither the project nor a package it imports from has a component of that name');
    const unknownProp = await refusal('changeElementTag', { elementToModify: idOf('src/pages/Trees.tsx', 'Badge'), newTag: 'span' });
    expect(unknownProp.message).toContain('<span> does not take "label"');
    await apply('changeElementTag', { elementToModify: idOf('src/App.tsx', 'p'), newTag: 'StatCard' });
    expect(read('src/App.tsx')).toContain('<StatCard title="Title" tone="green" value={0} compact={false}>Tổng quan</StatCard>');
  });

  it('adds a class to a component that takes className, and refuses one that does not', async () => {
    await apply('addClass', { reactElement: idOf('src/App.tsx', 'StatCard'), className: 'wide', modifiers: [] });
    expect(read('src/App.tsx')).toContain('className="wide"');
    const error = await refusal('addClass', { reactElement: idOf('src/pages/Trees.tsx', 'Badge'), className: 'wide', modifiers: [] });
    expect(error.statusCode).toBe(422);
    expect(error.message).toContain('<Badge> takes no className');
    const styled = await refusal('styling', { reactElement: idOf('src/pages/Trees.tsx', 'Badge'), stylingFramework: 'CSS', styling: { 'padding-left': '1rem' } });
    expect(styled.message).toContain('<Badge> takes no className');
  });

  it('gives a palette component its required props, and refuses one whose required props no literal can be', async () => {
    await apply('addJsxElement', {
      destinationElement: idOf('src/App.tsx', 'Panel'),
      newElement: { type: 'component', componentName: 'StatCard', importPath: './components/StatCard', propsToSet: {} },
    });
    expect(read('src/App.tsx')).toContain('<StatCard title="Title" tone="green" value={0} compact={false} />');
    const error = await refusal('addJsxElement', {
      destinationElement: idOf('src/App.tsx', 'Panel'),
      newElement: { type: 'component', componentName: 'Picker', importPath: './components/Picker', propsToSet: { label: 'Chọn' } },
    });
    expect(error.message).toContain('<Picker> requires onPick');
  });

  it('undoes every change back to the exact bytes', async () => {
    for (let i = 0; i < applied; i += 1) await editor.undo(CANVAS);
    expect(projectHashes()).toEqual(original);
    expect(await typeErrors()).toBe('');
  });
});
