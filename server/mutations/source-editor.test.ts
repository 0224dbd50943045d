import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codebaseIdFor } from '../codebase-ids/codebase-id-for.js';
import { AppError } from '../errors.js';
import { hashTree } from './mutations-test-support.js';
import { SourceEditor } from './source-editor.js';
import { sha256 } from './source-index.js';

const PAGE = `import './page.css';

export function Page() {
  return (
    <main className="p-2">
      <h1>Trang</h1>
      <p>Một</p>
    </main>
  );
}
`;

let base: string;
let root: string;
let outside: string;
let editor: SourceEditor;

const id = (structuralPath: string, file = 'src/page.tsx') => ({ codebaseId: codebaseIdFor(file, structuralPath) });
const pagePath = () => path.join(root, 'src/page.tsx');
const readPage = () => fs.readFileSync(pagePath(), 'utf8');

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'source-editor-'));
  root = path.join(base, 'project');
  outside = path.join(base, 'outside');
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  fs.mkdirSync(outside);
  fs.writeFileSync(pagePath(), PAGE);
  fs.writeFileSync(path.join(root, 'src/page.css'), '');
  fs.writeFileSync(path.join(outside, 'victim.tsx'), 'export const A = () => <div className="x">victim</div>;\n');
  editor = new SourceEditor({ root });
});

afterEach(() => {
  editor.dispose();
  fs.rmSync(base, { recursive: true, force: true });
});

describe('validation', () => {
  it('refuses an unknown kind, a malformed body and an invalid id with 400, writing nothing', async () => {
    const before = hashTree(base);
    const unknown = await refusal(editor.mutate('c', 'deleteEverything', {}));
    expect([unknown.statusCode, unknown.code]).toEqual([400, 'UNKNOWN_CHANGE_KIND']);
    expect(unknown.message).toContain('Unknown change type: deleteEverything');
    const malformed = await refusal(editor.mutate('c', 'addClass', { reactElement: id('0') }));
    expect([malformed.statusCode, malformed.code]).toEqual([400, 'INVALID_CHANGE']);
    expect(malformed.message).toContain('className');
    const badId = await refusal(editor.mutate('c', 'addClass', { reactElement: { codebaseId: 'tempo-<script>' }, className: 'x' }));
    expect([badId.statusCode, badId.code]).toEqual([400, 'INVALID_CODEBASE_ID']);
    const badStoryboard = await refusal(
      editor.mutate('c', 'addClass', { reactElement: { ...id('0'), storyboardId: 'a b' }, className: 'x' }),
    );
    expect(badStoryboard.message).toContain('Invalid storyboard id');
    expect(hashTree(base)).toEqual(before);
  });

  it('refuses a malformed canvas id with 400', async () => {
    expect((await refusal(editor.mutate('../x', 'addClass', { reactElement: id('0'), className: 'x' }))).statusCode).toBe(400);
    expect((await refusal(editor.undo(''))).statusCode).toBe(400);
  });

  it('answers 404 for an id no file has, and for a placeholder id', async () => {
    const missing = await refusal(editor.mutate('c', 'addClass', { reactElement: id('0-9'), className: 'x' }));
    expect(missing.statusCode).toBe(404);
    const placeholder = await refusal(editor.mutate('c', 'addClass', { reactElement: { codebaseId: 'tempo-wrap-in-div-placeholder' }, className: 'x' }));
    expect(placeholder.statusCode).toBe(404);
  });
});

describe('confinement to the root', () => {
  const addWithExtraFile = (file: string) =>
    editor.mutate('c', 'addJsxElement', { destinationElement: id('0'), newElement: { type: 'native', nativeTag: 'div' }, extraFiles: { [file]: 'x' } });

  it.each([
    ['../outside/new.tsx', '".." may not leave'],
    ['src/../../outside/new.tsx', '".." may not leave'],
    ['/etc/passwd', 'relative to the project root'],
    ['.env', '.env files'],
    ['config/.env.local', '.env files'],
    ['.git/hooks/pre-commit', '.git folder'],
    ['node_modules/react/index.js', 'node_modules'],
    ['src/.ENV.production', '.env files'],
    ['src\\..\\..\\outside\\new.tsx', '".." may not leave'],
  ])('refuses %s with 403 and writes zero bytes anywhere', async (file, why) => {
    const before = hashTree(base);
    const error = await refusal(addWithExtraFile(file));
    expect([error.statusCode, error.code]).toEqual([403, 'PATH_FORBIDDEN']);
    expect(error.message).toContain(why);
    expect(hashTree(base)).toEqual(before);
  });

  it('refuses a path through a symbolic link that leads outside the root', async () => {
    fs.symlinkSync(outside, path.join(root, 'src/linked'));
    const before = hashTree(base);
    const error = await refusal(addWithExtraFile('src/linked/new.tsx'));
    expect([error.statusCode, error.code]).toEqual([403, 'PATH_FORBIDDEN']);
    expect(error.message).toContain('outside the project root');
    expect(hashTree(base)).toEqual(before);
  });

  it('never edits a JSX file reached through a symbolic link, nor a stylesheet that is one', async () => {
    fs.symlinkSync(path.join(outside, 'victim.tsx'), path.join(root, 'src/victim.tsx'));
    fs.rmSync(path.join(root, 'src/page.css'));
    fs.symlinkSync(path.join(outside, 'victim.css'), path.join(root, 'src/page.css'));
    const before = hashTree(base);
    const linked = await refusal(editor.mutate('c', 'addClass', { reactElement: id('0', 'src/victim.tsx'), className: 'y' }));
    expect(linked.statusCode).toBe(404);
    const sheet = await refusal(editor.mutate('c', 'styling', { reactElement: id('0-0'), stylingFramework: 'CSS', styling: { color: 'red' } }));
    expect([sheet.statusCode, sheet.code]).toEqual([403, 'PATH_FORBIDDEN']);
    expect(hashTree(base)).toEqual(before);
  });

  it('ignores JSX files under node_modules and .git when looking for an element', async () => {
    fs.mkdirSync(path.join(root, 'node_modules/lib'), { recursive: true });
    fs.writeFileSync(path.join(root, 'node_modules/lib/a.tsx'), PAGE);
    const error = await refusal(editor.mutate('c', 'addClass', { reactElement: id('0', 'node_modules/lib/a.tsx'), className: 'y' }));
    expect(error.statusCode).toBe(404);
  });
});

describe('writing', () => {
  it('refuses a result that would not parse with 422 and writes nothing', async () => {
    const before = hashTree(base);
    const error = await refusal(
      editor.mutate('c', 'addJsxElement', {
        destinationElement: id('0'),
        newElement: { type: 'native', nativeTag: 'div' },
        extraFiles: { 'src/broken.tsx': 'export const B = () => <div>;\n' },
      }),
    );
    expect([error.statusCode, error.code]).toEqual([422, 'UNWRITABLE_PATTERN']);
    expect(error.message).toContain('src/broken.tsx');
    expect(hashTree(base)).toEqual(before);
  });

  it('answers the files with their SHA-256 before and after', async () => {
    const answer = await editor.mutate('c', 'addClass', { reactElement: id('0-0'), className: 'text-xl' });
    expect(answer.changedFiles).toEqual([{ path: 'src/page.tsx', beforeHash: sha256(PAGE), afterHash: sha256(readPage()) }]);
    expect(readPage()).toBe(PAGE.replace('<h1>', '<h1 className="text-xl">'));
  });

  it('sees edits made on disk by others before using its cached parse', async () => {
    await editor.mutate('c', 'addClass', { reactElement: id('0-0'), className: 'a' });
    fs.writeFileSync(pagePath(), readPage().replace('<p>Một</p>', '<span>Hai</span>\n      <p>Một</p>'));
    await editor.mutate('c', 'addClass', { reactElement: id('0-2'), className: 'b' });
    expect(readPage()).toContain('<p className="b">Một</p>');
    expect(readPage()).toContain('<span>Hai</span>');
  });

  it('serialises concurrent changes to one file: all of them land', async () => {
    const classes = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
    await Promise.all(classes.map((className) => editor.mutate('c', 'addClass', { reactElement: id('0'), className })));
    expect(readPage()).toContain('className="p-2 a1 a2 a3 a4 a5 a6"');
    for (const _ of classes) await editor.undo('c');
    expect(readPage()).toBe(PAGE);
  });

  it('formats with Prettier only when the project has a Prettier config', async () => {
    // A configuration above the root belongs to something else.
    fs.writeFileSync(path.join(base, '.prettierrc'), JSON.stringify({ singleQuote: false }));
    await editor.mutate('c', 'addJsxElement', { afterElement: id('0-1'), newElement: { type: 'native', nativeTag: 'hr' } });
    expect(readPage()).toContain("import './page.css';");
    expect(readPage()).toContain('<hr />');
    fs.writeFileSync(path.join(root, '.prettierrc'), JSON.stringify({ singleQuote: false }));
    await editor.mutate('c', 'addClass', { reactElement: id('0-0'), className: 'x' });
    expect(readPage()).toContain('import "./page.css";');
  });

  it('counts a prettier key in the project package.json as a Prettier config', async () => {
    fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'p', prettier: { singleQuote: false } }));
    await editor.mutate('c', 'addClass', { reactElement: id('0-0'), className: 'x' });
    expect(readPage()).toContain('import "./page.css";');
  });
});

describe('undo and redo', () => {
  it('undo restores every byte, redo reproduces the change, per canvas', async () => {
    const first = await editor.mutate('a', 'wrapInDiv', { reactElements: [id('0-0'), id('0-1')] });
    const wrapped = readPage();
    await editor.mutate('b', 'editText', { element: id('0-0-0'), oldText: 'Trang', newText: 'Trang chủ' });
    await editor.undo('b');
    expect(readPage()).toBe(wrapped);
    const undone = await editor.undo('a');
    expect(readPage()).toBe(PAGE);
    expect(undone.changedFiles[0]).toEqual({ path: 'src/page.tsx', beforeHash: sha256(wrapped), afterHash: sha256(PAGE) });
    expect(undone.prevIdToNewIdMap).toEqual(Object.fromEntries(Object.entries(first.prevIdToNewIdMap).map(([a, b]) => [b, a])));
    const redone = await editor.redo('a');
    expect(readPage()).toBe(wrapped);
    expect(redone.addedIds).toEqual(first.addedIds);
    const nothing = await refusal(editor.redo('a'));
    expect(nothing.statusCode).toBe(409);
  });

  it('refuses to undo or redo over a file edited since (409) and touches nothing', async () => {
    await editor.mutate('c', 'addClass', { reactElement: id('0-0'), className: 'x' });
    const edited = `${readPage()}// edited in an editor\n`;
    fs.writeFileSync(pagePath(), edited);
    const before = hashTree(base);
    const error = await refusal(editor.undo('c'));
    expect([error.statusCode, error.code]).toEqual([409, 'SOURCE_CONFLICT']);
    expect(error.message).toContain('src/page.tsx');
    expect(hashTree(base)).toEqual(before);
    // Once the file is back as the change left it, the undo goes through.
    fs.writeFileSync(pagePath(), edited.replace('// edited in an editor\n', ''));
    await editor.undo('c');
    expect(readPage()).toBe(PAGE);
    await editor.redo('c');
    fs.writeFileSync(pagePath(), PAGE);
    const redoConflict = await refusal(editor.undo('c'));
    expect(redoConflict.statusCode).toBe(409);
  });

  it('undoes a change that created a file by removing the file', async () => {
    fs.rmSync(path.join(root, 'src/page.css'));
    fs.writeFileSync(pagePath(), PAGE.replace("import './page.css';\n\n", ''));
    const original = readPage();
    await editor.mutate('c', 'styling', { reactElement: id('0'), stylingFramework: 'CSS', styling: { color: 'red' } });
    expect(fs.readFileSync(path.join(root, 'src/page.css'), 'utf8')).toContain('color: red;');
    expect(readPage()).toContain("import './page.css';");
    await editor.undo('c');
    expect(fs.existsSync(path.join(root, 'src/page.css'))).toBe(false);
    expect(readPage()).toBe(original);
  });

  it('answers 409 when there is nothing to undo', async () => {
    const error = await refusal(editor.undo('fresh'));
    expect([error.statusCode, error.code]).toEqual([409, 'NOTHING_TO_UNDO']);
  });
});
