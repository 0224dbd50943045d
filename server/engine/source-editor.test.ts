import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { codebaseIdFor } from '../codebase-ids/codebase-id-for.js';
import { AppError } from '../../contracts/errors.js';
import { writeFileAtomically, writeRefusal } from './atomic-write.js';
import { hashTree } from '../mutations/mutations-test-support.js';
import { SourceEditor } from './source-editor.js';
import { studioSourceEditor } from '../studio-source-editor.js';
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
  editor = studioSourceEditor({ root });
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

  it("never makes its temporary files through a link: .plantation-studio leading outside is 403, nothing written", async () => {
    fs.symlinkSync(outside, path.join(root, '.plantation-studio'));
    const before = hashTree(base);
    const error = await refusal(editor.mutate('c', 'addClass', { reactElement: id('0-0'), className: 'x' }));
    expect([error.statusCode, error.code]).toEqual([403, 'PATH_FORBIDDEN']);
    expect(error.message).toContain('.plantation-studio/tmp');
    expect(hashTree(base)).toEqual(before);
    expect(fs.readdirSync(outside)).toEqual(['victim.tsx']);
    expect(readPage()).toBe(PAGE);
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

  // A new element too long for one line: Prettier puts its attributes one per line.
  const LONG_HR = {
    afterElement: id('0-1'),
    newElement: { type: 'native', nativeTag: 'hr' },
    propsToSet: { title: 'Một tiêu đề khá dài', 'aria-label': 'Một nhãn cũng khá dài', id: 'mot-ma-rat-dai' },
  };

  it('formats with Prettier only when the project has a Prettier config', async () => {
    // A configuration above the root belongs to something else.
    fs.writeFileSync(path.join(base, '.prettierrc'), JSON.stringify({ singleQuote: true }));
    await editor.mutate('c', 'addJsxElement', LONG_HR);
    expect(readPage()).toContain('<hr title=');
    await editor.undo('c');
    fs.writeFileSync(path.join(root, '.prettierrc'), JSON.stringify({ singleQuote: true }));
    await editor.mutate('c', 'addJsxElement', LONG_HR);
    expect(readPage()).toContain('<hr\n        title="Một tiêu đề khá dài"\n');
    await editor.undo('c');
    expect(readPage()).toBe(PAGE);
  });

  it('counts a prettier key in the project package.json as a Prettier config', async () => {
    fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'p', prettier: { singleQuote: true } }));
    await editor.mutate('c', 'addJsxElement', LONG_HR);
    expect(readPage()).toContain('<hr\n        title=');
  });

  it('leaves a file that was not Prettier-clean unformatted, and formats only the changed lines of one that was', async () => {
    // The page's single-quoted import is not what this configuration writes: the page is not Prettier-clean.
    fs.writeFileSync(path.join(root, '.prettierrc'), JSON.stringify({ singleQuote: false }));
    await editor.mutate('c', 'addJsxElement', LONG_HR);
    expect(readPage()).toContain("import './page.css';");
    expect(readPage()).toContain('<hr title=');
    await editor.undo('c');
    // Clean under this one; a Prettier-clean file changes only where the change wrote.
    fs.writeFileSync(path.join(root, '.prettierrc'), JSON.stringify({ singleQuote: true }));
    await editor.mutate('c', 'addClass', { reactElement: id('0-0'), className: 'x' });
    expect(readPage()).toBe(PAGE.replace('<h1>', '<h1 className="x">'));
  });
});

describe('the order of writes', () => {
  it('writes a stylesheet the change creates before the file that imports it, and removes it after the import on undo', async () => {
    fs.writeFileSync(path.join(root, 'src/card.tsx'), 'export function Card() {\n  return <div>Card</div>;\n}\n');
    // The order the frame's Vite would see the files land in (the private write of one file, in turn).
    const landed: string[] = [];
    const original = (SourceEditor.prototype as unknown as { writeFile: (...args: unknown[]) => Promise<void> }).writeFile;
    const spy = vi
      .spyOn(SourceEditor.prototype as unknown as { writeFile: (r: { relative: string }, t: string | null) => Promise<void> }, 'writeFile')
      .mockImplementation(function (this: unknown, revision, text) {
        landed.push(`${text === null ? 'remove' : 'write'} ${revision.relative}`);
        return original.call(this, revision, text);
      });
    try {
      await editor.mutate('c', 'styling', { reactElement: id('0', 'src/card.tsx'), stylingFramework: 'CSS', styling: { color: 'red' } });
      expect(landed).toEqual(['write src/card.css', 'write src/card.tsx']);
      landed.length = 0;
      await editor.undo('c');
      expect(landed).toEqual(['write src/card.tsx', 'remove src/card.css']);
      expect(fs.existsSync(path.join(root, 'src/card.css'))).toBe(false);
    } finally {
      spy.mockRestore();
    }
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

describe('file encodings', () => {
  it('edits a file that starts with a byte order mark at the right place, keeps the mark, and undoes to the same bytes', async () => {
    const original = `\uFEFF${PAGE.replace('<h1>Trang</h1>', '<h1 title="Trang">Trang</h1>')}`;
    fs.writeFileSync(pagePath(), original);
    await editor.mutate('c', 'styling', { reactElement: id('0-0'), stylingFramework: 'Inline', styling: { color: 'red' } });
    const written = fs.readFileSync(pagePath());
    expect([...written.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(written.toString('utf8')).toBe(original.replace('title="Trang">', `title="Trang" style={{ color: 'red' }}>`));
    await editor.mutate('c', 'addClass', { reactElement: id('0-1'), className: 'mt-2' });
    expect(readPage()).toContain('<p className="mt-2">Một</p>');
    await editor.undo('c');
    await editor.undo('c');
    expect(fs.readFileSync(pagePath()).equals(Buffer.from(original, 'utf8'))).toBe(true);
  });

  it('refuses a file that is not UTF-8 with 422 naming it and the byte, leaving its bytes as they were', async () => {
    // "Trang" in Latin-1: é is the single byte 0xE9, which no UTF-8 text has alone.
    const latin1 = Buffer.from(PAGE.replace('<h1>Trang</h1>', '<h1>Café</h1>'), 'latin1');
    fs.writeFileSync(pagePath(), latin1);
    const before = hashTree(base);
    const error = await refusal(editor.mutate('c', 'addClass', { reactElement: id('0-0'), className: 'x' }));
    expect([error.statusCode, error.code]).toEqual([422, 'UNWRITABLE_PATTERN']);
    expect(error.message).toContain('src/page.tsx');
    expect(error.message).toMatch(/not UTF-8 .*byte 0xE9 at offset \d+/);
    expect(hashTree(base)).toEqual(before);
    expect(fs.readFileSync(pagePath()).equals(latin1)).toBe(true);
  });

  it('refuses to write into a stylesheet that is not UTF-8, and leaves the element file alone too', async () => {
    const sheet = Buffer.from('.intro { content: "\xe9"; }\n', 'latin1');
    fs.writeFileSync(path.join(root, 'src/page.css'), sheet);
    const before = hashTree(base);
    const error = await refusal(editor.mutate('c', 'styling', { reactElement: id('0-0'), stylingFramework: 'CSS', styling: { color: 'red' } }));
    expect([error.statusCode, error.code]).toEqual([422, 'UNWRITABLE_PATTERN']);
    expect(error.message).toContain('src/page.css');
    expect(hashTree(base)).toEqual(before);
  });
});

/** Whether this system lets the test make a file immutable (root with the capability, on a file system that has it). */
function immutableFilesWork(folder: string): boolean {
  const probe = path.join(folder, 'immutable-probe');
  fs.writeFileSync(probe, '');
  try {
    execFileSync('chattr', ['+i', probe], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { force: true });
  }
}

describe('files and folders the studio may not write', () => {
  const restore: Array<() => void> = [];
  afterEach(() => {
    for (const undo of restore.splice(0).reverse()) undo();
  });
  const chmod = (file: string, mode: number) => {
    const previous = fs.statSync(file).mode & 0o7777;
    fs.chmodSync(file, mode);
    restore.push(() => fs.chmodSync(file, previous));
  };

  it('refuses a read-only file with 403 before writing anything (root included: the studio reads the mode bits)', async () => {
    chmod(pagePath(), 0o444);
    const before = hashTree(base);
    const error = await refusal(editor.mutate('c', 'addClass', { reactElement: id('0-0'), className: 'x' }));
    expect([error.statusCode, error.code]).toEqual([403, 'FILE_NOT_WRITABLE']);
    expect(error.message).toContain('"src/page.tsx"');
    expect(error.message).toContain('read-only (mode 444)');
    expect(hashTree(base)).toEqual(before);
    expect(fs.statSync(pagePath()).mode & 0o777).toBe(0o444);
    expect(fs.readdirSync(root)).not.toContain('.plantation-studio');
  });

  it('refuses a change whose new stylesheet would go into a read-only folder, writing neither file', async () => {
    fs.rmSync(path.join(root, 'src/page.css'));
    fs.writeFileSync(pagePath(), PAGE.replace("import './page.css';\n\n", ''));
    fs.mkdirSync(path.join(root, 'src/locked'));
    fs.writeFileSync(path.join(root, 'src/locked/panel.tsx'), 'export const Panel = () => <div>Panel</div>;\n');
    chmod(path.join(root, 'src/locked'), 0o555);
    const before = hashTree(base);
    const error = await refusal(
      editor.mutate('c', 'styling', { reactElement: id('0', 'src/locked/panel.tsx'), stylingFramework: 'CSS', styling: { color: 'red' } }),
    );
    expect([error.statusCode, error.code]).toEqual([403, 'FILE_NOT_WRITABLE']);
    expect(error.message).toContain('its folder src/locked is read-only (mode 555)');
    expect(hashTree(base)).toEqual(before);
  });

  it('refuses an undo over a file made read-only since, keeps the step, and undoes once it is writable again', async () => {
    await editor.mutate('c', 'addClass', { reactElement: id('0-0'), className: 'x' });
    const changed = readPage();
    chmod(pagePath(), 0o444);
    const error = await refusal(editor.undo('c'));
    expect([error.statusCode, error.code]).toEqual([403, 'FILE_NOT_WRITABLE']);
    expect(readPage()).toBe(changed);
    expect(await editor.status('c')).toMatchObject({ undoCount: 1, redoCount: 0 });
    fs.chmodSync(pagePath(), 0o644);
    await editor.undo('c');
    expect(readPage()).toBe(PAGE);
  });

  it('keeps the mode of the file it replaces', async () => {
    chmod(pagePath(), 0o640);
    await editor.mutate('c', 'addClass', { reactElement: id('0-0'), className: 'x' });
    expect(fs.statSync(pagePath()).mode & 0o777).toBe(0o640);
  });

  it('answers 403 for an immutable file, and a write the system refuses is a 403 with nothing left over', async (context) => {
    if (!immutableFilesWork(base)) context.skip();
    execFileSync('chattr', ['+i', pagePath()]);
    restore.push(() => execFileSync('chattr', ['-i', pagePath()]));
    const before = hashTree(base);
    const error = await refusal(editor.mutate('c', 'addClass', { reactElement: id('0-0'), className: 'x' }));
    expect([error.statusCode, error.code]).toEqual([403, 'FILE_NOT_WRITABLE']);
    expect(error.message).toContain('"src/page.tsx": the file is not writable for the system (immutable?)');
    expect(hashTree(base)).toEqual(before);
    // The same refusal met at write time (the file made immutable after the check): the system's error, mapped.
    const atWrite = await writeFileAtomically(root, pagePath(), 'x').then(
      () => null,
      (e: unknown) => e,
    );
    expect((atWrite as NodeJS.ErrnoException).code).toBe('EPERM');
    const mapped = writeRefusal(atWrite, 'src/page.tsx');
    expect([mapped?.statusCode, mapped?.code]).toEqual([403, 'FILE_NOT_WRITABLE']);
    expect(hashTree(base)).toEqual(before);
    expect(fs.readdirSync(root)).not.toContain('.plantation-studio');
  });
});

describe('temporary files', () => {
  it('are made where no watcher of the sources sees them, and none is left: a burst of edits, undos and redos', async () => {
    const seen: string[] = [];
    const watcher = fs.watch(root, { recursive: true }, (_event, name) => {
      if (name) seen.push(String(name).split(path.sep).join('/'));
    });
    try {
      for (let i = 0; i < 15; i += 1) await editor.mutate('c', 'addClass', { reactElement: id('0-0'), className: `c${i}` });
      await Promise.all([...Array(15).keys()].map(() => editor.undo('c')));
      await Promise.all([...Array(15).keys()].map(() => editor.redo('c')));
      await editor.mutate('c', 'styling', { reactElement: id('0-1'), stylingFramework: 'CSS', styling: { color: 'red' } });
      // fs.watch reports on its own schedule: the last write's events come within a moment.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      watcher.close();
    }
    const sourcesSeen = new Set(seen.filter((name) => !name.startsWith('.plantation-studio')));
    expect(sourcesSeen).toContain('src/page.tsx');
    expect([...sourcesSeen].filter((name) => !['src', 'src/page.tsx', 'src/page.css'].includes(name))).toEqual([]);
    expect(seen.some((name) => name.startsWith('.plantation-studio/tmp/'))).toBe(true);
    // What stays is the history the changes were recorded in (and the folder's own .gitignore), no temporary file.
    expect(fs.readdirSync(path.join(root, '.plantation-studio')).sort()).toEqual(['.gitignore', 'history']);
  });

  it('left by a process killed in the middle of a write are removed at the next start; the file is whole, old or new', async () => {
    const target = path.join(root, 'src/big.tsx');
    const oldText = `export const Old = 1;\n// ${'o'.repeat(64)}\n`;
    fs.writeFileSync(target, oldText);
    const script = path.join(base, 'writer.mts');
    const atomicWrite = path.join(import.meta.dirname, 'atomic-write.ts');
    // Large enough that the kill lands while a temporary file is being written.
    fs.writeFileSync(
      script,
      `import { writeFileAtomically } from ${JSON.stringify(atomicWrite)};\n` +
        `const text = 'export const New = 1;\\n// ' + 'n'.repeat(64 * 1024 * 1024) + '\\n';\n` +
        `for (;;) await writeFileAtomically(${JSON.stringify(root)}, ${JSON.stringify(target)}, text);\n`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: 'ignore' });
    const temp = path.join(root, '.plantation-studio/tmp');
    try {
      const deadline = Date.now() + 20_000;
      while (!(fs.existsSync(temp) && fs.readdirSync(temp).some((name) => name.startsWith(`${child.pid}-`)))) {
        if (Date.now() > deadline) throw new Error('the writer never started a write');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    const left = fs.readdirSync(temp);
    expect(left.some((name) => name.startsWith(`${child.pid}-`))).toBe(true);
    // A live process's temporary file (this one's, as another studio's would be) is not touched.
    const live = path.join(temp, `${process.pid}-0123456789abcdef.tmp`);
    fs.writeFileSync(live, 'in progress');
    const text = fs.readFileSync(target, 'utf8');
    expect(text === oldText || (text.startsWith('export const New = 1;\n// n') && text.endsWith('n\n'))).toBe(true);
    studioSourceEditor({ root }).dispose();
    expect(fs.readdirSync(temp)).toEqual([path.basename(live)]);
  }, 60_000);
});

describe('folders a change created', () => {
  const addWithExtraFiles = (extraFiles: Record<string, string>) =>
    editor.mutate('c', 'addJsxElement', { destinationElement: id('0'), newElement: { type: 'native', nativeTag: 'hr' }, extraFiles });

  it('go on undo when they are empty again, and come back on redo', async () => {
    await addWithExtraFiles({ 'src/features/new/deep/panel.tsx': 'export const Panel = () => <div />;\n', 'src/features/new/panel.css': '.p {}\n' });
    expect(fs.existsSync(path.join(root, 'src/features/new/deep/panel.tsx'))).toBe(true);
    await editor.undo('c');
    expect(fs.existsSync(path.join(root, 'src/features'))).toBe(false);
    expect(readPage()).toBe(PAGE);
    await editor.redo('c');
    expect(fs.readFileSync(path.join(root, 'src/features/new/deep/panel.tsx'), 'utf8')).toBe('export const Panel = () => <div />;\n');
    expect(fs.readFileSync(path.join(root, 'src/features/new/panel.css'), 'utf8')).toBe('.p {}\n');
  });

  it('stay when something else was put in them meanwhile', async () => {
    await addWithExtraFiles({ 'src/widgets/chart.tsx': 'export const Chart = () => <svg />;\n' });
    fs.writeFileSync(path.join(root, 'src/widgets/notes.md'), 'mine\n');
    await editor.undo('c');
    expect(fs.existsSync(path.join(root, 'src/widgets/chart.tsx'))).toBe(false);
    expect(fs.readdirSync(path.join(root, 'src/widgets'))).toEqual(['notes.md']);
  });

  it('are never tool configuration or dotfiles (they could run code): 403', async () => {
    const before = hashTree(base);
    for (const file of ['src/.prettierrc.cjs', 'prettier.config.js', 'postcss.config.mjs', 'package.json', 'src/tsconfig.app.json', 'src/notes.html']) {
      const error = await refusal(addWithExtraFiles({ [file]: 'export default {};\n' }));
      expect([error.statusCode, error.code], file).toEqual([403, 'PATH_FORBIDDEN']);
    }
    expect(hashTree(base)).toEqual(before);
  });
});

describe('history limit', () => {
  it('keeps the last n changes per canvas and says so in the answer of the change that drops the oldest', async () => {
    const limited = studioSourceEditor({ root, historyLimit: 2 });
    try {
      const first = await limited.mutate('c', 'addClass', { reactElement: id('0-0'), className: 'a' });
      const second = await limited.mutate('c', 'addClass', { reactElement: id('0-0'), className: 'b' });
      expect(first).not.toHaveProperty('notice');
      expect(second).not.toHaveProperty('notice');
      const third = await limited.mutate('c', 'addClass', { reactElement: id('0-0'), className: 'c' });
      expect((third as { notice?: string }).notice).toMatch(/keeps its last 2 changes.*--history-limit/);
      expect(await limited.status('c')).toMatchObject({ undoCount: 2, redoCount: 0 });
      // Said once, not at every change from then on; said again once the history has been below its limit.
      expect(await limited.mutate('c', 'addClass', { reactElement: id('0-0'), className: 'd' })).not.toHaveProperty('notice');
      await limited.undo('c');
      await limited.mutate('c', 'addClass', { reactElement: id('0-0'), className: 'e' });
      expect(await limited.mutate('c', 'addClass', { reactElement: id('0-0'), className: 'f' })).toHaveProperty('notice');
      expect(readPage()).toContain('<h1 className="a b c e f">');
      await limited.undo('c');
      await limited.undo('c');
      expect(readPage()).toContain('<h1 className="a b c">');
      expect((await refusal(limited.undo('c'))).code).toBe('NOTHING_TO_UNDO');
    } finally {
      limited.dispose();
    }
  });
});

