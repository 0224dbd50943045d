import fs from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ts } from 'ts-morph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutationAnswer } from '../../contracts/change-kinds.js';
import { WRAP_IN_DIV_PLACEHOLDER_ID } from '../../contracts/dom.js';
import { LOOKUP_LIMIT, type ElementLookupAnswer, type PaletteComponentsAnswer } from '../../contracts/studio-api.js';
import { codebaseIdFor } from '../codebase-ids/codebase-id-for.js';
import { indexJsxElements, parseJsxSource, type JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import { createServer, type StudioServer } from '../create-server.js';
import { copyTree, hashTree } from '../mutations/mutations-test-support.js';
import { BUNDLED_CONSOLE_ROOT } from '../package-info.js';
import { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from '../studio-token.js';

const MOCK = { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 60 } } as const;
const HOST = '127.0.0.1:4600';
const ORIGIN = `http://${HOST}`;
const SIDEBAR = 'src/components/shell/sidebar.tsx';
const DASHBOARD = 'src/features/tasks/task-dashboard.tsx';

describe('the source the editor asks about, on a copy of the console', () => {
  let root: string;
  let app: StudioServer;
  let token: string;

  const entriesOf = (relative: string): JsxElementEntry[] =>
    indexJsxElements(parseJsxSource(relative, fs.readFileSync(path.join(root, relative), 'utf8')), relative);
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: HOST } });
  const post = (url: string, payload: unknown, headers: Record<string, string | undefined> = {}) => {
    const all: Record<string, string | undefined> = { host: HOST, origin: ORIGIN, [STUDIO_TOKEN_HEADER]: token, 'content-type': 'application/json', ...headers };
    const merged = Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
    return app.inject({ method: 'POST', url, headers: merged, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
  };
  const lookup = async (codebaseIds: string[]) => {
    const answer = await post('/_studio/api/elements/lookup', { codebaseIds });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<ElementLookupAnswer>().elements;
  };

  beforeAll(async () => {
    root = path.join(await mkdtemp(path.join(tmpdir(), 'plantation-studio-source-')), 'console');
    copyTree(BUNDLED_CONSOLE_ROOT, root);
    app = await createServer({ api: MOCK, console: { kind: 'vite', root }, studio: true });
    await app.ready();
    token = new RegExp(`<meta name="${STUDIO_TOKEN_META}" content="([^"]+)">`).exec((await get('/_studio/')).body)![1]!;
  });
  afterAll(async () => {
    await app?.close();
    await rm(path.dirname(root), { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  it('looks up real console elements: where they are written, repeated ones, static and dynamic text', async () => {
    const entries = entriesOf(SIDEBAR);
    const byTag = (tag: string) => entries.find((entry) => entry.tagName === tag)!;
    const [li, link, button, title] = [byTag('li'), byTag('a'), byTag('button'), byTag('p')];
    const elements = await lookup([li.id, link.id, button.id, title.id, WRAP_IN_DIV_PLACEHOLDER_ID, codebaseIdFor('src/nowhere.tsx', '0')]);
    expect(Object.keys(elements).sort()).toEqual([li.id, link.id, button.id, title.id].sort());

    const text = fs.readFileSync(path.join(root, SIDEBAR), 'utf8');
    const lineOf = (needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
    expect(elements[li.id]).toMatchObject({ file: SIDEBAR, tagName: 'li', rendering: 'repeated', isComponent: false, line: lineOf('<li key') });
    expect(elements[li.id]!.snippet.startsWith('<li key={entry.path}>')).toBe(true);
    // Rendering is told where it happens: the link is written once inside each repeated <li>.
    expect(elements[link.id]).toMatchObject({ rendering: 'static', isStaticText: false, dynamicText: [{ expression: 'entry.label', line: lineOf('{entry.label}') }] });
    expect(elements[button.id]).toMatchObject({ isStaticText: true, dynamicText: [], rendering: 'static' });
    expect(elements[button.id]!.snippet).toContain('Đăng xuất');
    expect(elements[title.id]).toMatchObject({ isStaticText: false, dynamicText: [{ expression: 'SIDEBAR_TITLE', line: lineOf('{SIDEBAR_TITLE}') }] });
    expect(elements[title.id]!.column).toBe(text.split('\n')[lineOf('{SIDEBAR_TITLE}') - 1]!.indexOf('<p') + 1);
  });

  it('answers a few hundred ids of the whole console at once', async () => {
    const ids: string[] = [];
    for (const dirent of fs.readdirSync(path.join(root, 'src'), { withFileTypes: true, recursive: true })) {
      if (!dirent.isFile() || !dirent.name.endsWith('.tsx')) continue;
      const relative = path.relative(root, path.join(dirent.parentPath, dirent.name)).split(path.sep).join('/');
      ids.push(...entriesOf(relative).map((entry) => entry.id));
    }
    expect(ids.length).toBeGreaterThan(300);
    const elements = await lookup(ids);
    expect(Object.keys(elements)).toHaveLength(ids.length);
  });

  it('is guarded like a write, and refuses a malformed body with the reason', async () => {
    const before = hashTree(path.join(root, 'src'));
    for (const headers of [{ [STUDIO_TOKEN_HEADER]: undefined }, { origin: 'http://evil.example' }, { 'content-type': 'text/plain' }]) {
      const answer = await post('/_studio/api/elements/lookup', { codebaseIds: [] }, headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'STUDIO_WRITE_REFUSED' });
    }
    const wrong = await post('/_studio/api/elements/lookup', { ids: [] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'codebaseIds' }] });
    const tooMany = await post('/_studio/api/elements/lookup', { codebaseIds: Array.from({ length: LOOKUP_LIMIT + 1 }, () => 'x') });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].field).toBe('codebaseIds');
    expect((await post('/_studio/api/elements/lookup', '{')).json()).toMatchObject({ code: 'INVALID_JSON' });
    expect(hashTree(path.join(root, 'src'))).toEqual(before);
  });

  it("answers a JSX file's text as it is on disk, guarded like a write, and nothing but the project's JSX files", async () => {
    const text = fs.readFileSync(path.join(root, SIDEBAR), 'utf8');
    const answer = await post('/_studio/api/source/text', { file: SIDEBAR });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ file: SIDEBAR, text });
    for (const headers of [{ [STUDIO_TOKEN_HEADER]: undefined }, { origin: 'http://evil.example' }, { 'content-type': 'text/plain' }]) {
      const refused = await post('/_studio/api/source/text', { file: SIDEBAR }, headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.body).not.toContain('export function');
    }
    fs.writeFileSync(path.join(root, '.env.local'), 'SECRET=1\n');
    for (const file of ['../outside.tsx', '/etc/passwd', '.env.local', 'package.json', 'src/main.tsx\0.tsx', 'node_modules/react/index.tsx', '.git/config.tsx']) {
      const refused = await post('/_studio/api/source/text', { file });
      expect(refused.statusCode, file).toBe(403);
      expect(refused.json(), file).toMatchObject({ code: 'PATH_FORBIDDEN' });
    }
    expect((await post('/_studio/api/source/text', { file: 'src/nowhere.tsx' })).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await post('/_studio/api/source/text', { path: SIDEBAR })).json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'file' }] });
  });

  it('opens a file in the code editor found, and says so when there is none or it fails', async () => {
    const saved = { LAUNCH_EDITOR: process.env.LAUNCH_EDITOR, VISUAL: process.env.VISUAL, EDITOR: process.env.EDITOR };
    const log = path.join(path.dirname(root), 'editor-opened.log');
    const script = path.join(path.dirname(root), 'editor.sh');
    fs.writeFileSync(script, `#!/bin/sh\necho "$@" >> '${log}'\n`, { mode: 0o755 });
    try {
      delete process.env.VISUAL;
      delete process.env.EDITOR;
      process.env.LAUNCH_EDITOR = script;
      const opened = await post('/_studio/api/open-in-editor', { file: SIDEBAR, line: 12 });
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json()).toEqual({ editor: script });
      await expect.poll(() => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '')).toContain(path.join(fs.realpathSync(root), SIDEBAR));

      process.env.LAUNCH_EDITOR = path.join(path.dirname(root), 'no-such-editor');
      const failed = await post('/_studio/api/open-in-editor', { file: SIDEBAR, line: 1 });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toMatchObject({ code: 'CODE_EDITOR_FAILED', message: expect.stringContaining('does not exist') });

      delete process.env.LAUNCH_EDITOR;
      const none = await post('/_studio/api/open-in-editor', { file: SIDEBAR, line: 1 });
      expect(none.statusCode).toBe(409);
      expect(none.json()).toMatchObject({ code: 'NO_CODE_EDITOR', message: expect.stringContaining('set LAUNCH_EDITOR') });

      expect((await post('/_studio/api/open-in-editor', { file: '../outside.tsx', line: 1 })).json()).toMatchObject({ code: 'PATH_FORBIDDEN' });
      expect((await post('/_studio/api/open-in-editor', { file: SIDEBAR, line: 1 }, { [STUDIO_TOKEN_HEADER]: undefined })).statusCode).toBe(403);
      expect((await post('/_studio/api/open-in-editor', { file: SIDEBAR, line: 0 })).json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'line' }] });
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it("lists the console's components, and one added from the palette is imported by a path relative to its file", async () => {
    const answer = await get('/_studio/api/components');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { components } = answer.json<PaletteComponentsAnswer>();
    expect(components).toContainEqual({ name: 'Pagination', file: 'src/components/ui/pagination.tsx', isDefaultExport: false });
    const spinner = components.find((c) => c.name === 'Spinner')!;
    expect(spinner).toEqual({ name: 'Spinner', file: 'src/components/ui/spinner.tsx', isDefaultExport: false });

    // What the palette sends: the import path from the file the element goes into, without the extension.
    const importPath = path.posix.relative(path.posix.dirname(DASHBOARD), spinner.file.replace(/\.tsx$/, ''));
    expect(importPath).toBe('../../components/ui/spinner');
    const before = fs.readFileSync(path.join(root, DASHBOARD), 'utf8');
    const destination = entriesOf(DASHBOARD).find((entry) => entry.isHost && ts.isJsxElement(entry.node) && entry.tagName === 'div')!;
    const added = await post('/_studio/api/canvases/palette/parseAndMutate/mutate/addJsxElement', {
      destinationElement: { codebaseId: destination.id },
      newElement: { type: 'component', componentName: spinner.name, importPath, isDefaultImport: spinner.isDefaultExport, propsToSet: { label: 'Đang tải' } },
    });
    expect(added.statusCode, added.body).toBe(200);
    const after = fs.readFileSync(path.join(root, DASHBOARD), 'utf8');
    expect(after).toContain("import { Spinner } from '../../components/ui/spinner';");
    expect(after).toContain('<Spinner label="Đang tải" />');
    expect(fs.existsSync(path.join(root, path.dirname(DASHBOARD), `${importPath}.tsx`))).toBe(true);

    const [addedId] = added.json<MutationAnswer>().addedIds;
    expect((await lookup([addedId!]))[addedId!]).toMatchObject({ file: DASHBOARD, tagName: 'Spinner', isComponent: true });

    expect((await post('/_studio/api/canvases/palette/parseAndMutate/activities/undoChangeToFiles', '')).statusCode).toBe(200);
    expect(await readFile(path.join(root, DASHBOARD), 'utf8')).toBe(before);
  });

  it("lists the project's Tailwind classes, its own theme's among them", async () => {
    const answer = await get('/_studio/api/tailwind/classes');
    expect(answer.statusCode).toBe(200);
    const { classes } = answer.json<{ classes: string[] }>();
    expect(classes).toContain('p-4');
    expect(classes).toContain('bg-emerald-700');
    // From the console's own @theme (src/styles.css).
    expect(classes).toContain('font-flag');
  });

  it('exists only where the server edits a project', async () => {
    const dist = path.join(path.dirname(root), 'dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<div id="root"></div>');
    const server = await createServer({ api: MOCK, console: { kind: 'static', dir: dist }, studio: true });
    try {
      for (const url of ['/_studio/api/components', '/_studio/api/tailwind/classes']) {
        expect((await server.inject({ url, headers: { host: HOST } })).statusCode, url).toBe(404);
      }
    } finally {
      await server.close();
    }
  });
});
