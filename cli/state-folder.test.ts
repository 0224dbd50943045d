/**
 * The project's `.plantation-studio/` as a cloned repository could carry it, read by the real `plantation-studio`
 * processes (from `dist/`, so run `npm run build` first): a symbolic link anywhere in it is refused at the start of
 * `dev` with the reason, and the studio runs without what the folder holds; `history clear` refuses it too. The
 * files the links lead to, in a folder beside the project, keep every byte, name and mode.
 */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryStatus } from '../contracts/studio-api.js';
import { indexJsxElements, parseJsxSource } from '../server/codebase-ids/index-jsx-elements.js';
import { STUDIO_TOKEN_HEADER } from '../server/studio-token.js';
import { fileSnapshot, sha256 } from '../test-support/file-snapshot.js';
import { fixtureProject, type FixtureProject } from '../test-support/fixture-project.js';
import { BANNER_URL, CLI_BIN, spawnProcess, spawnReady, studioPageToken, type ReadyProcess } from '../test-support/spawn-ready.js';

const FILE = 'src/App.jsx';
const HASH_NAMES = [sha256('a text a step uses'), sha256('a text no step uses')];

let project: FixtureProject;
let root: string;
let outside: string;
let server: ReadyProcess | undefined;

/** A valid stored history of canvas `default` whose one step uses the first hash-named file. */
function storedHistory(): string {
  const step = {
    id: 'step-1', name: 'Add class', kind: 'addClass', at: new Date(0).toISOString(), ids: null,
    files: [{ path: FILE, beforeHash: HASH_NAMES[0], afterHash: sha256(readFileSync(join(root, FILE))), createdFolders: [] }],
  };
  return JSON.stringify({ version: 1, canvasId: 'default', done: [step], undone: [], toldFull: false });
}

/** Files of someone else's folder that look like what the studio keeps: texts named by a hash, temporary files, old notes. */
function outsideFiles(folder: string): void {
  mkdirSync(folder, { recursive: true });
  for (const name of HASH_NAMES) writeFileSync(join(folder, name), `${name}: not the studio's\n`);
  writeFileSync(join(folder, 'notes.txt'), 'notes of the folder a link leads to\n');
  writeFileSync(join(folder, `${999_999_999}-0123456789abcdef.tmp`), 'named like a temporary file of a process that is gone\n');
  writeFileSync(join(folder, 'photo.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 1, 2, 3]));
  // Older than the hour after which the studio takes a temporary file for a left-over.
  const hoursAgo = new Date(Date.now() - 3 * 60 * 60 * 1000);
  utimesSync(join(folder, 'notes.txt'), hoursAgo, hoursAgo);
}

/** `dev` on the project; with `umask`, started by a shell with that umask. */
async function start(umask?: string): Promise<{ origin: string; studioToken: string }> {
  const dev = [process.execPath, CLI_BIN, 'dev', '--root', root, '--port', '0'];
  const [command, ...args] = umask === undefined ? dev : ['/bin/sh', '-c', `umask ${umask} && exec "$0" "$@"`, ...dev];
  server = await spawnReady(command!, args, { ready: BANNER_URL });
  const origin = server.match;
  return { origin, studioToken: await studioPageToken(origin) };
}

async function stop(): Promise<void> {
  const exit = await server?.stop();
  expect(exit?.code, server?.output()).toBe(0);
  server = undefined;
}

async function history(origin: string): Promise<HistoryStatus> {
  const answer = await fetch(`${origin}/_studio/api/canvases/default/history`);
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as HistoryStatus;
}

function addClass(origin: string, studioToken: string, className: string): Promise<Response> {
  const element = indexJsxElements(parseJsxSource(FILE, readFileSync(join(root, FILE), 'utf8')), FILE).find((entry) => entry.tagName === 'h1')!;
  return fetch(`${origin}/_studio/api/canvases/default/parseAndMutate/mutate/addClass`, {
    method: 'POST',
    headers: { origin, [STUDIO_TOKEN_HEADER]: studioToken, 'content-type': 'application/json' },
    body: JSON.stringify({ reactElement: { codebaseId: element.id }, className }),
  });
}

beforeEach(async () => {
  project = await fixtureProject('jsx-app');
  root = project.root;
  outside = mkdtempSync(join(tmpdir(), 'state-folder-outside-'));
});

afterEach(async () => {
  await server?.stop();
  server = undefined;
  await project.remove();
  rmSync(outside, { recursive: true, force: true });
});

describe('a symbolic link in .plantation-studio/ at the start of dev', () => {
  it('history/blobs leading out of the project: refused with the reason, nothing there deleted, the studio runs without the stored history', { timeout: 90_000 }, async () => {
    outsideFiles(join(outside, 'blobs'));
    mkdirSync(join(root, '.plantation-studio', 'history'), { recursive: true });
    writeFileSync(join(root, '.plantation-studio', 'history', 'default.json'), storedHistory());
    symlinkSync(join(outside, 'blobs'), join(root, '.plantation-studio', 'history', 'blobs'));
    const before = await fileSnapshot(outside);

    const { origin, studioToken } = await start();
    expect(await fileSnapshot(outside)).toEqual(before);
    expect(server!.output()).toMatch(/\.plantation-studio\/history\/blobs is a symbolic link/);
    expect(await history(origin)).toEqual({ undoCount: 0, redoCount: 0, done: [], undone: [] });
    // The studio still edits, with a history of this run only.
    const answer = await addClass(origin, studioToken, 'italic');
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect((await history(origin)).undoCount).toBe(1);
    await stop();

    expect(await fileSnapshot(outside)).toEqual(before);
    for (const name of Object.keys(before)) expect(existsSync(join(outside, name)), name).toBe(true);
    expect(lstatSync(join(root, '.plantation-studio', 'history', 'blobs')).isSymbolicLink()).toBe(true);
  });

  it('the whole folder a link out of the project: nothing there deleted, renamed or written', { timeout: 90_000 }, async () => {
    const state = join(outside, 'state');
    outsideFiles(join(state, 'history', 'blobs'));
    outsideFiles(join(state, 'tmp'));
    writeFileSync(join(state, 'history', 'default.json'), '{ not a history');
    writeFileSync(join(state, 'history', 'other.json'), storedHistory().replace('"default"', '"other"'));
    writeFileSync(join(state, 'mock-signing-key'), 'not a key\n', { mode: 0o644 });
    symlinkSync(state, join(root, '.plantation-studio'));
    const before = await fileSnapshot(outside);

    const { origin } = await start();
    expect(await fileSnapshot(outside)).toEqual(before);
    expect(server!.output()).toMatch(/\.plantation-studio is a symbolic link/);
    expect(await history(origin)).toEqual({ undoCount: 0, redoCount: 0, done: [], undone: [] });
    await stop();

    expect(await fileSnapshot(outside)).toEqual(before);
    for (const name of Object.keys(before)) expect(existsSync(join(outside, name)), name).toBe(true);
  });

  it('is made owner-only (0700), with its files 0600, whatever the umask', { timeout: 90_000 }, async () => {
    // The studio started by a shell whose umask lets everyone write what it makes.
    const { origin, studioToken } = await start('000');
    const answer = await addClass(origin, studioToken, 'italic');
    expect(answer.status, await answer.clone().text()).toBe(200);
    await stop();
    for (const folder of ['.plantation-studio', '.plantation-studio/history', '.plantation-studio/history/blobs']) {
      expect((statSync(join(root, folder)).mode & 0o777).toString(8), folder).toBe('700');
    }
    const files = await fileSnapshot(join(root, '.plantation-studio'));
    expect(Object.keys(files).length).toBeGreaterThan(1);
    for (const [name, entry] of Object.entries(files)) expect(entry.split(' ')[0], name).toBe('600');
  });
});

describe('history clear with a symbolic link in .plantation-studio/', () => {
  it.each([
    ['history/blobs is a link, one canvas cleared', ['--canvas', 'default'], () => {
      outsideFiles(join(outside, 'blobs'));
      mkdirSync(join(root, '.plantation-studio', 'history'), { recursive: true });
      writeFileSync(join(root, '.plantation-studio', 'history', 'default.json'), storedHistory());
      writeFileSync(join(root, '.plantation-studio', 'history', 'other.json'), storedHistory().replace('"default"', '"other"'));
      symlinkSync(join(outside, 'blobs'), join(root, '.plantation-studio', 'history', 'blobs'));
    }],
    ['the whole folder is a link, every canvas cleared', [], () => {
      outsideFiles(join(outside, 'state', 'history', 'blobs'));
      writeFileSync(join(outside, 'state', 'history', 'default.json'), storedHistory());
      symlinkSync(join(outside, 'state'), join(root, '.plantation-studio'));
    }],
    ['history is a link, every canvas cleared', [], () => {
      outsideFiles(join(outside, 'history', 'blobs'));
      mkdirSync(join(root, '.plantation-studio'));
      symlinkSync(join(outside, 'history'), join(root, '.plantation-studio', 'history'));
    }],
  ])('(%s) refuses with the reason and deletes nothing', async (_name, args, plant) => {
    plant();
    const before = await fileSnapshot(outside);
    const clear = spawnProcess(process.execPath, [CLI_BIN, 'history', 'clear', '--root', root, ...args]);
    const exit = await clear.exited;
    expect(await fileSnapshot(outside)).toEqual(before);
    expect(exit.code, clear.output()).toBe(1);
    expect(clear.stderr()).toMatch(/is a symbolic link.*nothing was cleared/s);
    for (const name of Object.keys(before)) expect(existsSync(join(outside, name)), name).toBe(true);
  });
});
