import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUTATION_KINDS, type MutationAnswer } from '../../contracts/change-kinds.js';
import { codebaseIdFor } from '../codebase-ids/codebase-id-for.js';
import { fileSnapshot, sha256 } from '../../test-support/file-snapshot.js';
import { indexJsxElements, parseJsxSource } from '../codebase-ids/index-jsx-elements.js';
import { createServer, type StudioServer } from '../create-server.js';
import { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from '../studio-token.js';
import { MUTATION_BODY_LIMIT, TAILWIND_BODY_LIMIT } from './studio-api-plugin.js';
import type { HistoryStepAnswer, MutationWriteAnswer } from '../../contracts/studio-api.js';
import { CHANGE_BY_HEADER } from '../../contracts/agent-api.js';
import { AGENT_SESSION_HEADER, agentSessionHeaderValue } from '../../contracts/change-authors.js';

const MOCK = { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 60 } } as const;
const HOST = '127.0.0.1:4600';
const ORIGIN = `http://${HOST}`;
const CANVAS = 'canvas-1';

const PAGE = `export function Page({ cls }: { cls: string }) {
  return (
    <main className="p-4">
      <h1 className="text-xl">Vườn cao su</h1>
      <p className={cls}>dynamic</p>
    </main>
  );
}
`;

/** The project the studio edits, with things around and inside it that no call may touch. */
const FILES: Record<string, string> = {
  'console/index.html': '<!doctype html><div id="root"></div><script type="module" src="/src/main.tsx"></script>',
  'console/src/styles.css': '@import "tailwindcss";\n@theme {\n  --color-latex: #f5f0e1;\n}\n',
  'console/src/page.tsx': PAGE,
  'console/src/main.tsx': `import { createRoot } from 'react-dom/client';\nimport { Page } from './page';\ncreateRoot(document.getElementById('root')!).render(<Page cls="x" />);\n`,
  'console/src/routes/__root.tsx': `import { createRootRoute, Outlet } from '@tanstack/react-router';\nexport const Route = createRootRoute({ component: () => <Outlet /> });\n`,
  'console/.env': 'SECRET=1\n',
  'console/.env.local.tsx': 'export const A = () => <div className="env">secret</div>;\n',
  'console/.git/hooks/hook.tsx': 'export const H = () => <div className="git">hook</div>;\n',
  'console/node_modules/lib/index.tsx': 'export const L = () => <div className="lib">lib</div>;\n',
  'outside/linked.tsx': 'export const Linked = () => <div className="outside">outside</div>;\n',
  'outside/secret.txt': 'outside the root\n',
};


const idOf = (text: string, path: string, tagName: string) =>
  indexJsxElements(parseJsxSource(path, text), path).find((entry) => entry.tagName === tagName)!.id;

describe('the studio API', () => {
  let base: string;
  let root: string;
  let app: StudioServer;
  let token: string;

  const post = (url: string, payload: unknown, headers: Record<string, string | undefined> = {}) => {
    const merged: Record<string, string> = {};
    const all = { host: HOST, origin: ORIGIN, [STUDIO_TOKEN_HEADER]: token, 'content-type': 'application/json', ...headers };
    for (const [name, value] of Object.entries(all)) if (value !== undefined) merged[name] = value;
    return app.inject({
      method: 'POST',
      url,
      headers: merged,
      payload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
    });
  };
  const mutate = (kind: string, body: unknown, headers?: Record<string, string | undefined>, canvas = CANVAS) =>
    post(`/_studio/api/canvases/${canvas}/parseAndMutate/mutate/${kind}`, body, headers);
  const activity = (name: 'undoChangeToFiles' | 'redoChangeToFiles', body: unknown = '', headers?: Record<string, string | undefined>) =>
    post(`/_studio/api/canvases/${CANVAS}/parseAndMutate/activities/${name}`, body, headers);

  const pageFile = () => readFile(join(root, 'src', 'page.tsx'), 'utf8');
  const h1 = idOf(PAGE, 'src/page.tsx', 'h1');
  const dynamicP = idOf(PAGE, 'src/page.tsx', 'p');

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'plantation-studio-api-'));
    root = join(base, 'console');
    for (const [path, text] of Object.entries(FILES)) {
      await mkdir(join(base, path, '..'), { recursive: true });
      await writeFile(join(base, path), text);
    }
    await symlink(join(base, 'outside', 'linked.tsx'), join(root, 'src', 'linked.tsx'));
    await symlink(join(base, 'outside'), join(root, 'src', 'escape'));
    app = await createServer({ api: MOCK, console: { kind: 'vite', root }, studio: true });
    await app.ready();
    const page = await app.inject({ method: 'GET', url: '/_studio/', headers: { host: HOST } });
    token = new RegExp(`<meta name="${STUDIO_TOKEN_META}" content="([^"]+)">`).exec(page.body)![1]!;
  });
  afterAll(async () => {
    await app?.close();
    // Retries: Vite's dependency optimizer may still be finishing a write in the folder as it closes.
    await rm(base, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  describe('the studio token', () => {
    it('is given to the studio page only, never cached, and differs at every start', async () => {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const page = await app.inject({ method: 'GET', url: '/_studio/canvas/abc', headers: { host: HOST } });
      expect(page.body).toContain(token);
      expect(page.headers['cache-control']).toBe('no-store');
      const health = await app.inject({ method: 'GET', url: '/_studio/api/health', headers: { host: HOST } });
      expect(health.body).not.toContain(token);
      const consolePage = await app.inject({ method: 'GET', url: '/', headers: { host: HOST } });
      expect(consolePage.statusCode).toBe(200);
      expect(consolePage.body).not.toContain(token);

      const other = await createServer({ api: MOCK, console: { kind: 'vite', root }, studio: true });
      try {
        const otherPage = await other.inject({ method: 'GET', url: '/_studio/', headers: { host: HOST } });
        expect(otherPage.body).toContain(`<meta name="${STUDIO_TOKEN_META}"`);
        expect(otherPage.body).not.toContain(token);
      } finally {
        await other.close();
      }
    });

    it('and the write routes exist only where the server edits a project (not in `start` or `mock`)', async () => {
      const dist = join(base, 'dist');
      await mkdir(dist, { recursive: true });
      await writeFile(join(dist, 'index.html'), '<div id="root"></div>');
      for (const options of [
        { api: MOCK, console: { kind: 'static', dir: dist }, studio: true },
        { api: MOCK, console: { kind: 'none' }, studio: false },
      ] as const) {
        const server = await createServer(options);
        try {
          const answer = await server.inject({
            method: 'POST',
            url: `/_studio/api/canvases/${CANVAS}/parseAndMutate/mutate/addClass`,
            headers: { host: HOST, origin: ORIGIN, 'content-type': 'application/json' },
            payload: '{}',
          });
          expect(answer.statusCode, options.console.kind).toBe(404);
          expect(answer.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
          const page = await server.inject({ method: 'GET', url: '/_studio/', headers: { host: HOST } });
          expect(page.body).not.toContain(STUDIO_TOKEN_META);
        } finally {
          await server.close();
        }
      }
      await rm(dist, { recursive: true, force: true });
    });
  });

  describe('mutate, undo and redo', () => {
    it('write a change, undo it byte for byte, and redo it', async () => {
      const before = await pageFile();
      const answer = await mutate('addClass', { reactElement: { codebaseId: h1 }, className: 'font-bold', modifiers: ['hover'] });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      const changed = answer.json<MutationAnswer>();
      expect(changed.changedFiles).toEqual([{ path: 'src/page.tsx', beforeHash: sha256(before), afterHash: expect.any(String) }]);
      expect(changed).toMatchObject({ prevIdToNewIdMap: {}, addedIds: [] });
      const after = await pageFile();
      expect(after).toContain('className="text-xl hover:font-bold"');
      expect(sha256(after)).toBe(changed.changedFiles[0]!.afterHash);

      const undone = await activity('undoChangeToFiles');
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json<MutationAnswer>().changedFiles[0]).toMatchObject({ path: 'src/page.tsx', afterHash: sha256(before) });
      expect(await pageFile()).toBe(before);

      const redone = await activity('redoChangeToFiles', {});
      expect(redone.statusCode, redone.body).toBe(200);
      expect(await pageFile()).toBe(after);
      expect((await activity('undoChangeToFiles')).statusCode).toBe(200);
      expect(await pageFile()).toBe(before);
    });

    it('undo one chosen step by its id: the first of two taken back around the second, bytes on disk; refused when a later step overlaps', async () => {
      const chosen = (body: unknown, headers?: Record<string, string | undefined>) =>
        post('/_studio/api/canvases/chosen/parseAndMutate/activities/undoStepToFiles', body, headers);
      const main = idOf(PAGE, 'src/page.tsx', 'main');
      const before = await pageFile();
      const first = await mutate('addClass', { reactElement: { codebaseId: h1 }, className: 'italic' }, undefined, 'chosen');
      const second = await mutate('addClass', { reactElement: { codebaseId: main }, className: 'gap-2' }, undefined, 'chosen');
      expect([first.statusCode, second.statusCode], first.body + second.body).toEqual([200, 200]);
      const firstId = first.json<MutationWriteAnswer>().item!.id;
      expect(await pageFile()).toContain('className="text-xl italic"');

      expect((await chosen({ stepId: firstId }, { [STUDIO_TOKEN_HEADER]: undefined })).statusCode).toBe(403);
      expect((await chosen({ stepId: 1 })).json().code).toBe('INVALID_CHANGE');
      const undone = await chosen({ stepId: firstId });
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json<HistoryStepAnswer>().item).toMatchObject({ id: firstId, by: 'studio' });
      expect(await pageFile()).toBe(before.replace('className="p-4"', 'className="p-4 gap-2"'));
      expect((await chosen({ stepId: firstId })).json().code).toBe('STEP_NOT_DONE');

      // A later step on the same className: the earlier one cannot go back without taking it along.
      const third = await mutate('addClass', { reactElement: { codebaseId: main }, className: 'flex' }, undefined, 'chosen');
      expect(third.statusCode, third.body).toBe(200);
      const secondId = second.json<MutationWriteAnswer>().item!.id;
      const kept = await pageFile();
      const refused = await chosen({ stepId: secondId });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'STEP_OVERLAPPED', message: expect.stringContaining('is refused: the later step') });
      expect(await pageFile()).toBe(kept);
      const undo = (await post('/_studio/api/canvases/chosen/parseAndMutate/activities/undoChangeToFiles', '')).statusCode;
      expect([undo, (await chosen({ stepId: secondId })).statusCode]).toEqual([200, 200]);
      expect(await pageFile()).toBe(before);
    });

    it("redo of an agent's step the person undid: the person's redo and the agent's make it again, still the agent's; a new change of the person ends the person's", async () => {
      const canvas = 'redo-others';
      const at = (name: string) => `/_studio/api/canvases/${canvas}/parseAndMutate/activities/${name}`;
      const agent = { client: 'Claude Code', session: 'session-redo' };
      const asAgent = { [CHANGE_BY_HEADER]: 'agent', [AGENT_SESSION_HEADER]: agentSessionHeaderValue(agent) };
      const asOtherAgent = { [CHANGE_BY_HEADER]: 'agent', [AGENT_SESSION_HEADER]: agentSessionHeaderValue({ client: 'Cursor', session: 'session-other' }) };
      const main = idOf(PAGE, 'src/page.tsx', 'main');
      const before = await pageFile();
      const written = await mutate('addClass', { reactElement: { codebaseId: h1 }, className: 'underline' }, asAgent, canvas);
      expect(written.statusCode, written.body).toBe(200);
      const stepId = written.json<MutationWriteAnswer>().item!.id;
      const agentBytes = await pageFile();

      // The person undoes it from the Changes panel, then presses Redo: it is made again, and stays the agent's step.
      expect((await post(at('undoStepToFiles'), { stepId })).statusCode).toBe(200);
      expect(await pageFile()).toBe(before);
      const redone = await post(at('redoChangeToFiles'), '');
      expect(redone.statusCode, redone.body).toBe(200);
      expect(redone.json<HistoryStepAnswer>().item).toMatchObject({ id: stepId, by: 'agent', agent });
      expect(await pageFile()).toBe(agentBytes);

      // Undone by the person again: another agent session cannot redo it, its own agent can.
      expect((await post(at('undoStepToFiles'), { stepId })).statusCode).toBe(200);
      expect((await post(at('redoChangeToFiles'), '', asOtherAgent)).json().code).toBe('NOTHING_TO_UNDO');
      const byAgent = await post(at('redoChangeToFiles'), '', asAgent);
      expect(byAgent.statusCode, byAgent.body).toBe(200);
      expect(byAgent.json<HistoryStepAnswer>().item).toMatchObject({ id: stepId, by: 'agent', agent });
      expect(await pageFile()).toBe(agentBytes);

      // Undone by the person, who then makes a change of their own: the person's redo has ended, the agent's has not.
      expect((await post(at('undoStepToFiles'), { stepId })).statusCode).toBe(200);
      expect((await mutate('addClass', { reactElement: { codebaseId: main }, className: 'gap-3' }, undefined, canvas)).statusCode).toBe(200);
      expect((await post(at('redoChangeToFiles'), '')).json().code).toBe('NOTHING_TO_UNDO');
      expect((await post(at('redoChangeToFiles'), '', asAgent)).statusCode).toBe(200);
      expect(await pageFile()).toBe(agentBytes.replace('className="p-4"', 'className="p-4 gap-3"'));
      expect((await post(at('undoChangeToFiles'), '', asAgent)).statusCode).toBe(200);
      expect((await post(at('undoChangeToFiles'), '')).statusCode).toBe(200);
      expect(await pageFile()).toBe(before);
    });

    it('answer the ids an edit created and the ids it moved (duplicate), and undo takes it back', async () => {
      const before = await pageFile();
      const answer = await mutate('duplicate', { reactElements: [{ codebaseId: h1 }] });
      expect(answer.statusCode, answer.body).toBe(200);
      const { addedIds, prevIdToNewIdMap } = answer.json<MutationAnswer>();
      const after = await pageFile();
      expect(after.match(/Vườn cao su/g)).toHaveLength(2);
      // The copy is the new second child of <main>; the <p> after it moved from 0-1 to 0-2.
      expect(addedIds).toEqual([codebaseIdFor('src/page.tsx', '0-1')]);
      expect(prevIdToNewIdMap[dynamicP]).toBe(codebaseIdFor('src/page.tsx', '0-2'));
      expect((await activity('undoChangeToFiles')).statusCode).toBe(200);
      expect(await pageFile()).toBe(before);
    });

    it('answer every mutate kind of the contract (none is an unknown route)', async () => {
      for (const kind of MUTATION_KINDS) {
        const answer = await mutate(kind, {});
        expect(answer.statusCode, kind).toBe(400);
        expect(answer.json().code, kind).toMatch(/^INVALID_CHANGE|INVALID_CODEBASE_ID$/);
      }
    });

    it('400: malformed JSON, unknown kind, invalid canvas id, invalid body, invalid codebase id, a body on undo', async () => {
      const cases: Array<[string, Promise<{ statusCode: number; json: () => { code: string; message: string } }>, string, RegExp?]> = [
        ['malformed JSON', mutate('addClass', '{"reactElement":'), 'INVALID_JSON'],
        ['unknown kind', mutate('explode', { reactElement: { codebaseId: h1 } }), 'UNKNOWN_CHANGE_KIND', /^Unknown change type: explode/],
        ['canvas id with a dot', mutate('addClass', {}, {}, 'a.b'), 'INVALID_CANVAS_ID'],
        ['canvas id with ..', mutate('addClass', {}, {}, '..%2F..%2Fetc'), 'INVALID_CANVAS_ID'],
        ['canvas id with a space', mutate('addClass', {}, {}, 'a%20b'), 'INVALID_CANVAS_ID'],
        ['missing field', mutate('addClass', { reactElement: { codebaseId: h1 } }), 'INVALID_CHANGE', /className/],
        ['bad codebase id', mutate('addClass', { reactElement: { codebaseId: 'tempo-<script>' }, className: 'x' }), 'INVALID_CODEBASE_ID'],
        ['array body', mutate('addClass', []), 'INVALID_CHANGE'],
        ['body on undo', activity('undoChangeToFiles', { changeToUndo: 1 }), 'INVALID_CHANGE', /undoChangeToFiles.*changeToUndo/],
        ['empty change name', mutate('addClass', { reactElement: { codebaseId: h1 }, className: 'x', changeName: '' }), 'INVALID_CHANGE', /changeName/],
        ['change name too long', activity('redoChangeToFiles', { changeName: 'n'.repeat(201) }), 'INVALID_CHANGE', /changeName: a change name is 1 to 200/],
        ['change name of two lines', activity('undoChangeToFiles', { changeName: 'a\nb' }), 'INVALID_CHANGE', /plain text/],
      ];
      // Longer than a URL parameter may be: the router refuses it before the route runs.
      expect((await mutate('addClass', {}, {}, 'c'.repeat(101))).statusCode).toBe(414);
      for (const [name, pending, code, message] of cases) {
        const answer = await pending;
        expect(answer.statusCode, name).toBe(400);
        expect(answer.json().code, name).toBe(code);
        if (message) expect(answer.json().message, name).toMatch(message);
      }
    });

    it('404: an element that is not in the project, or only in what the studio never reads', async () => {
      const unknown = [
        codebaseIdFor('src/page.tsx', '9'),
        codebaseIdFor('src/nothing.tsx', '0'),
        codebaseIdFor('node_modules/lib/index.tsx', '0'),
        codebaseIdFor('.git/hooks/hook.tsx', '0'),
      ];
      for (const codebaseId of unknown) {
        const answer = await mutate('addClass', { reactElement: { codebaseId }, className: 'x' });
        expect(answer.statusCode, codebaseId).toBe(404);
        expect(answer.json().code).toBe('ELEMENT_NOT_FOUND');
      }
    });

    it('409: undo of a file edited since, a parent that is not the expected one, and nothing to undo', async () => {
      const fresh = 'fresh-canvas';
      const before = await pageFile();
      const done = await mutate('addClass', { reactElement: { codebaseId: h1 }, className: 'italic' }, {}, fresh);
      expect(done.statusCode, done.body).toBe(200);
      const edited = (await pageFile()).replace('Vườn cao su', 'Vườn cao su (sửa tay)');
      await writeFile(join(root, 'src', 'page.tsx'), edited);
      const undo = await post(`/_studio/api/canvases/${fresh}/parseAndMutate/activities/undoChangeToFiles`, '');
      expect(undo.statusCode, undo.body).toBe(409);
      expect(undo.json().code).toBe('SOURCE_CONFLICT');
      expect(await pageFile()).toBe(edited);
      await writeFile(join(root, 'src', 'page.tsx'), before);

      const main = idOf(PAGE, 'src/page.tsx', 'main');
      const wrongParent = await mutate('moveJsxElement', {
        elementToMove: { codebaseId: dynamicP },
        newContainerElement: { codebaseId: main },
        beforeElement: { codebaseId: h1 },
        expectedCurrentParent: { codebaseId: h1 },
      });
      expect(wrongParent.statusCode, wrongParent.body).toBe(409);
      expect(wrongParent.json().code).toBe('SOURCE_CONFLICT');
      expect(await pageFile()).toBe(before);

      const nothing = await post(`/_studio/api/canvases/never-used/parseAndMutate/activities/redoChangeToFiles`, '');
      expect(nothing.statusCode).toBe(409);
      expect(nothing.json().code).toBe('NOTHING_TO_UNDO');
    });

    it('422: a class on a fully dynamic className, saying why, with nothing written', async () => {
      const before = await fileSnapshot(base);
      const answer = await mutate('addClass', { reactElement: { codebaseId: dynamicP }, className: 'x' });
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json()).toMatchObject({ code: 'UNWRITABLE_PATTERN', message: expect.stringContaining('src/page.tsx') });
      expect(await fileSnapshot(base)).toEqual(before);
    });
  });

  describe('refuses every attack the studio guard stops before reading the body, writing nothing anywhere', () => {
    const addClassBody = () => ({ reactElement: { codebaseId: h1 }, className: 'pwned' });
    const attacks: Array<[string, () => ReturnType<typeof mutate>, number, string]> = [
      ['a foreign Host (DNS rebinding)', () => mutate('addClass', addClassBody(), { host: 'evil.example:4600', origin: 'http://evil.example:4600' }), 403, 'FORBIDDEN_HOST'],
      ['no Origin', () => mutate('addClass', addClassBody(), { origin: undefined }), 403, 'STUDIO_WRITE_REFUSED'],
      ['another site as Origin', () => mutate('addClass', addClassBody(), { origin: 'http://evil.example' }), 403, 'STUDIO_WRITE_REFUSED'],
      ['another port of this machine', () => mutate('addClass', addClassBody(), { origin: 'http://127.0.0.1:5173' }), 403, 'STUDIO_WRITE_REFUSED'],
      ['another name of this machine', () => mutate('addClass', addClassBody(), { origin: 'http://localhost:4600' }), 403, 'STUDIO_WRITE_REFUSED'],
      ['a sandboxed page (Origin null)', () => mutate('addClass', addClassBody(), { origin: 'null' }), 403, 'STUDIO_WRITE_REFUSED'],
      ['no token', () => mutate('addClass', addClassBody(), { [STUDIO_TOKEN_HEADER]: undefined }), 403, 'STUDIO_WRITE_REFUSED'],
      ['a wrong token', () => mutate('addClass', addClassBody(), { [STUDIO_TOKEN_HEADER]: 'x'.repeat(43) }), 403, 'STUDIO_WRITE_REFUSED'],
      ['a token of another length', () => mutate('addClass', addClassBody(), { [STUDIO_TOKEN_HEADER]: 'guess' }), 403, 'STUDIO_WRITE_REFUSED'],
      ['a form post (text/plain)', () => mutate('addClass', JSON.stringify(addClassBody()), { 'content-type': 'text/plain' }), 403, 'STUDIO_WRITE_REFUSED'],
      ['a form post (urlencoded)', () => mutate('addClass', 'a=b', { 'content-type': 'application/x-www-form-urlencoded' }), 403, 'STUDIO_WRITE_REFUSED'],
      ['no content type', () => mutate('addClass', JSON.stringify(addClassBody()), { 'content-type': undefined }), 403, 'STUDIO_WRITE_REFUSED'],
      [
        'an oversize body',
        () => mutate('addClass', { ...addClassBody(), padding: 'x'.repeat(MUTATION_BODY_LIMIT) }),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      [
        'an oversize body without a length (chunked)',
        () =>
          app.inject({
            method: 'POST',
            url: `/_studio/api/canvases/${CANVAS}/parseAndMutate/mutate/addClass`,
            headers: { host: HOST, origin: ORIGIN, [STUDIO_TOKEN_HEADER]: token, 'content-type': 'application/json' },
            payload: Readable.from([JSON.stringify(addClassBody()).slice(0, -1), ',"padding":"', 'x'.repeat(MUTATION_BODY_LIMIT), '"}']),
          }),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      ['undo without the token', () => activity('undoChangeToFiles', '', { [STUDIO_TOKEN_HEADER]: undefined }), 403, 'STUDIO_WRITE_REFUSED'],
      ['redo from another site', () => activity('redoChangeToFiles', '', { origin: 'http://evil.example' }), 403, 'STUDIO_WRITE_REFUSED'],
    ];

    for (const [name, attack, status, code] of attacks) {
      it(name, async () => {
        const before = await fileSnapshot(base);
        const answer = await attack();
        expect(answer.statusCode, answer.body).toBe(status);
        expect(answer.json().code).toBe(code);
        expect(answer.body).not.toContain(token);
        expect(await fileSnapshot(base)).toEqual(before);
      });
    }

    it('the same call with the right Origin, token and type does write (the attacks are refused for their flaw)', async () => {
      const before = await pageFile();
      const answer = await mutate('addClass', addClassBody());
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await pageFile()).toContain('pwned');
      expect((await activity('undoChangeToFiles')).statusCode).toBe(200);
      expect(await pageFile()).toBe(before);
    });

    it('elements outside the root, behind a symlink, in .env or .git files: refused, nothing written', async () => {
      const before = await fileSnapshot(base);
      const targets = [
        codebaseIdFor('src/linked.tsx', '0'),
        codebaseIdFor('src/escape/linked.tsx', '0'),
        codebaseIdFor('../outside/linked.tsx', '0'),
        codebaseIdFor('.env.local.tsx', '0'),
        codebaseIdFor('.git/hooks/hook.tsx', '0'),
      ];
      for (const codebaseId of targets) {
        const answer = await mutate('addClass', { reactElement: { codebaseId }, className: 'pwned' });
        expect([403, 404], `${codebaseId}: ${answer.body}`).toContain(answer.statusCode);
      }
      expect(await fileSnapshot(base)).toEqual(before);
    });

    it('files named by a call (extraFiles) outside the root, behind a symlink, in .env, .git or node_modules: 403', async (context) => {
      const before = await fileSnapshot(base);
      const files: Array<[string, number]> = [
        ['../outside/new.tsx', 403],
        ['src/escape/new.tsx', 403],
        ['.env', 403],
        ['.env.production', 403],
        ['.git/hooks/pre-commit', 403],
        ['node_modules/lib/index.tsx', 403],
        ['/etc/passwd', 403],
      ];
      for (const [path, status] of files) {
        const answer = await mutate('addJsxElement', {
          destinationElement: { codebaseId: h1 },
          newElement: { type: 'native', nativeTag: 'span' },
          extraFiles: { [path]: 'export const pwned = 1;\n' },
        });
        // Until the engine writes added elements, it refuses the whole kind before looking at any path.
        if (answer.statusCode === 422 && answer.json().message.includes('not written yet')) context.skip();
        expect(answer.statusCode, `${path}: ${answer.body}`).toBe(status);
        expect(answer.json().code).toBe('PATH_FORBIDDEN');
      }
      expect(await fileSnapshot(base)).toEqual(before);
    });
  });

  describe('Tailwind CSS of the project', () => {
    const tailwind = (payload: unknown, headers?: Record<string, string | undefined>) => post('/_studio/api/tailwind/css', payload, headers);

    it('compiles classes with their modifiers and breakpoints with the project entry, theme included', async () => {
      const answer = await tailwind({ classes: ['bg-latex', { className: 'p-4', modifiers: ['hover', 'md'] }, 'not-a-utility'] });
      expect(answer.statusCode, answer.body).toBe(200);
      const { css, classes } = answer.json<{ css: string; classes: Array<{ candidate: string; generated: boolean }> }>();
      expect(classes).toEqual([
        { className: 'bg-latex', modifiers: [], candidate: 'bg-latex', generated: true },
        { className: 'p-4', modifiers: ['hover', 'md'], candidate: 'md:hover:p-4', generated: true },
        { className: 'not-a-utility', modifiers: [], candidate: 'not-a-utility', generated: false },
      ]);
      // The project's own theme colour, and the variable it needs.
      expect(css).toContain('.bg-latex');
      expect(css).toContain('--color-latex: #f5f0e1');
      expect(css).toMatch(/@media \(width >= 48rem\)/);
      expect(css).toContain('.md\\:hover\\:p-4:hover');
      // Not the preflight the page already has.
      expect(css).not.toContain('@layer base');
    });

    it('answers only for the classes asked, each time (a compiler remembers earlier classes)', async () => {
      await tailwind({ classes: ['mt-7'] });
      const answer = await tailwind({ classes: ['mb-3'] });
      expect(answer.json().css).toContain('.mb-3');
      expect(answer.json().css).not.toContain('.mt-7');
    });

    it('follows changes of the entry', async () => {
      const entry = join(root, 'src', 'styles.css');
      const original = await readFile(entry, 'utf8');
      await tailwind({ classes: ['bg-latex'] });
      await writeFile(entry, original.replace('#f5f0e1', '#000001'));
      try {
        const answer = await tailwind({ classes: ['bg-latex'] });
        expect(answer.json().css).toContain('--color-latex: #000001');
      } finally {
        await writeFile(entry, original);
      }
    });

    it('400 on bad input, 403/413 like every studio call', async () => {
      for (const payload of [{}, { classes: [] }, { classes: ['has space'] }, { classes: [{ className: 'p-4', modifiers: ['HOVER!'] }] }, { classes: 'p-4' }, { classes: ['p-4'], extra: 1 }]) {
        const answer = await tailwind(payload);
        expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
        expect(answer.json().code).toBe('BAD_REQUEST');
      }
      expect((await tailwind({ classes: ['p-4'] }, { [STUDIO_TOKEN_HEADER]: undefined })).statusCode).toBe(403);
      expect((await tailwind({ classes: ['p-4'] }, { origin: 'http://evil.example' })).statusCode).toBe(403);
      expect((await tailwind('classes=p-4', { 'content-type': 'text/plain' })).statusCode).toBe(403);
      const big = await tailwind({ classes: ['p-4'], padding: 'x'.repeat(TAILWIND_BODY_LIMIT) });
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toContain(String(TAILWIND_BODY_LIMIT));
    });

    it('422 when the entry does not compile, 404 when it is missing', async () => {
      const entry = join(root, 'src', 'styles.css');
      const original = await readFile(entry, 'utf8');
      try {
        await writeFile(entry, '@import "tailwindcss";\n@import "no-such-package";\n');
        const broken = await tailwind({ classes: ['p-4'] });
        expect(broken.statusCode, broken.body).toBe(422);
        expect(broken.json()).toMatchObject({ code: 'TAILWIND_ENTRY_FAILED', message: expect.stringContaining('src/styles.css') });
        await rm(entry);
        const missing = await tailwind({ classes: ['p-4'] });
        expect(missing.statusCode, missing.body).toBe(404);
      } finally {
        await writeFile(entry, original);
      }
    });
  });
});
