/**
 * A restart of `dev` on the same project, as a user lives it: real `plantation-studio` processes (from `dist/`, so
 * run `npm run build` first) on a copy of the console made by `init`. What was written through the studio before
 * the restart is in the history after it, with its names; undo restores the bytes; a file changed on disk meanwhile
 * is shown so and its undo is refused with nothing written; a console token of the first run still signs in.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../mocks/demo-account.js';
import type { HistoryStatus } from '../contracts/studio-api.js';
import { indexJsxElements, parseJsxSource } from '../server/codebase-ids/index-jsx-elements.js';
import { STUDIO_TOKEN_HEADER } from '../server/studio-token.js';
import { CLI_BIN, spawnProcess, startStudioCli, studioPageToken, type ReadyProcess } from '../test-support/spawn-ready.js';

const FILE = 'src/features/account/credentials-form.tsx';

let dir: string;
let root: string;
let server: ReadyProcess | undefined;

async function start(): Promise<{ origin: string; studioToken: string }> {
  server = await startStudioCli(['dev', '--root', root, '--port', '0']);
  const origin = server.match;
  return { origin, studioToken: await studioPageToken(origin) };
}

async function stop(): Promise<void> {
  const exit = await server?.stop();
  server = undefined;
  expect(exit?.code).toBe(0);
}

function studioCall(origin: string, studioToken: string, path: string, body: unknown) {
  return fetch(`${origin}/_studio/api/canvases/default/parseAndMutate/${path}`, {
    method: 'POST',
    headers: { origin, [STUDIO_TOKEN_HEADER]: studioToken, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function history(origin: string): Promise<HistoryStatus> {
  return (await (await fetch(`${origin}/_studio/api/canvases/default/history`)).json()) as HistoryStatus;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plantation-studio-restart-'));
  root = join(dir, 'console');
  const init = spawnProcess(process.execPath, [CLI_BIN, 'init', root]);
  expect((await init.exited).code, init.output()).toBe(0);
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('dev restarted on the same project', () => {
  it('keeps the history with its names, undoes to the bytes, refuses an undo over a hand edit, and keeps sign-ins', { timeout: 120_000 }, async () => {
    const original = readFileSync(join(root, FILE), 'utf8');
    // A host element: a class on a component is a question for the type checker, not what this test is about.
    const element = indexJsxElements(parseJsxSource(FILE, original), FILE).find((entry) => entry.tagName === 'h1')!;
    const first = await start();

    const written: Array<{ name: string; text: string }> = [];
    for (const className of ['italic', 'underline', 'uppercase']) {
      const name = `Add class ${className}`;
      const answer = await studioCall(first.origin, first.studioToken, 'mutate/addClass', { reactElement: { codebaseId: element.id }, className, changeName: name });
      expect(answer.status, await answer.clone().text()).toBe(200);
      expect(((await answer.json()) as { item: { name: string } }).item.name).toBe(name);
      written.push({ name, text: readFileSync(join(root, FILE), 'utf8') });
    }
    const undone = await studioCall(first.origin, first.studioToken, 'activities/undoChangeToFiles', { changeName: 'Undo: Add class uppercase' });
    expect(undone.status).toBe(200);
    expect(((await undone.json()) as { item: { name: string } }).item.name).toBe('Add class uppercase');
    const before = await history(first.origin);
    expect(before.done.map((item) => item.name)).toEqual(['Add class italic', 'Add class underline']);
    expect(before.undone.map((item) => item.name)).toEqual(['Add class uppercase']);

    const login = await fetch(`${first.origin}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_ACCOUNT.username, password: DEMO_ACCOUNT.password }),
    });
    const consoleToken = ((await login.json()) as { data: { token: string } }).data.token;
    await stop();

    const second = await start();
    expect(second.studioToken).not.toBe(first.studioToken);
    expect(await history(second.origin)).toEqual(before);
    // Signed in before the restart, still signed in after it.
    const countries = await fetch(`${second.origin}/vam/country/all`, { headers: { authorization: `Bearer ${consoleToken}` } });
    expect(countries.status, await countries.clone().text()).toBe(200);

    // A hand edit since: the step is shown so, and its undo writes nothing.
    const handEdit = `${written[1]!.text}// edited by hand\n`;
    writeFileSync(join(root, FILE), handEdit);
    expect((await history(second.origin)).done.map((item) => item.state)).toEqual(['ready', 'changed-on-disk']);
    const refused = await studioCall(second.origin, second.studioToken, 'activities/undoChangeToFiles', {});
    expect(refused.status).toBe(409);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(handEdit);

    // Put back as the studio wrote it: both undos restore every byte.
    writeFileSync(join(root, FILE), written[1]!.text);
    for (const expected of [written[0]!.text, original]) {
      const answer = await studioCall(second.origin, second.studioToken, 'activities/undoChangeToFiles', {});
      expect(answer.status, await answer.clone().text()).toBe(200);
      expect(readFileSync(join(root, FILE), 'utf8')).toBe(expected);
    }
    expect((await history(second.origin)).undone.map((item) => item.name)).toEqual(['Add class italic', 'Add class underline', 'Add class uppercase']);
    await stop();

    // `history clear` forgets it all, and leaves the source as it is.
    const clear = spawnProcess(process.execPath, [CLI_BIN, 'history', 'clear', '--root', root]);
    expect((await clear.exited).code, clear.output()).toBe(0);
    expect(clear.stdout()).toMatch(/Cleared the undo history of every canvas/);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(original);
    const third = await start();
    expect(await history(third.origin)).toEqual({ undoCount: 0, redoCount: 0, done: [], undone: [] });
    await stop();
  });
});
