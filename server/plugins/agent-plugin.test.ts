import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AGENT_API_PATHS, AGENT_API_PREFIX, AGENT_BRIDGE_IMAGE_LIMIT, AGENT_CONNECTION_FILE, CHANGE_BY_HEADER, PNG_SIGNATURE, type AgentConnection } from '../../contracts/agent-api.js';
import { STUDIO_API_PREFIX } from '../../contracts/studio-routes.js';
import { agentHandshakeProof, readAgentConnectionFile, writeAgentConnection } from '../agent/agent-connection-file.js';
import { agentHandshake } from '../agent/agent-handshake.js';
import { agentTestServer, call, openStream, TEST_TOKEN, type AgentTestServer } from '../agent/agent-test-support.js';
import { indexJsxElements, parseJsxSource } from '../codebase-ids/index-jsx-elements.js';
import { createServer } from '../create-server.js';
import { ChangeHistory } from '../engine/change-history.js';
import { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from '../studio-token.js';

const PAGE = `export function Page() {
  return (
    <main className="p-4">
      <h1 className="text-xl">Vườn cao su</h1>
      <Card title="Lô A" />
      <Card title="Lô B" />
    </main>
  );
}

export const Card = ({ title }: { title: string }) => (
  <section aria-label="Thẻ lô">
    <h2>{title}</h2>
    <p>{'Sản lượng'}</p>
  </section>
);
`;
const OTHER = `export default function Footer() {
  return <footer><p>Vườn cao su 2026</p></footer>;
}
`;
const FILES: Record<string, string> = {
  'console/index.html': '<!doctype html><div id="root"></div>',
  'console/src/styles.css': '@import "tailwindcss";\n',
  'console/src/page.tsx': PAGE,
  'console/src/parts/footer.tsx': OTHER,
  'console/src/routes/__root.tsx': `import { createRootRoute, Outlet } from '@tanstack/react-router';\nexport const Route = createRootRoute({ component: () => <Outlet /> });\n`,
  'console/node_modules/lib/index.tsx': 'export const Hidden = () => <p>Vườn cao su</p>;\n',
};

const entries = indexJsxElements(parseJsxSource('src/page.tsx', PAGE), 'src/page.tsx');
const H1 = entries.find((entry) => entry.tagName === 'h1')!.id;

async function project(): Promise<{ base: string; root: string }> {
  const base = await mkdtemp(join(tmpdir(), 'plantation-studio-agent-'));
  for (const [path, text] of Object.entries(FILES)) {
    await mkdir(join(base, path, '..'), { recursive: true });
    await writeFile(join(base, path), text);
  }
  return { base, root: join(base, 'console') };
}

describe('agent calls', () => {
  let base: string;
  let root: string;
  let server: AgentTestServer;
  const agent = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${server.secret}`, ...extra });
  const page = () => ({ origin: server.origin, [STUDIO_TOKEN_HEADER]: TEST_TOKEN });
  const agentCall = (method: 'GET' | 'POST', path: string, body?: unknown, extra: Record<string, string> = {}) =>
    call(server.port, method, `${AGENT_API_PREFIX}${path}`, agent(extra), body);
  const pageCall = (path: string, body: unknown) => call(server.port, 'POST', `${STUDIO_API_PREFIX}${path}`, page(), body);
  const openPage = (pageId: string, canvasId = 'default') =>
    openStream(server.port, 'POST', `${STUDIO_API_PREFIX}/agent-bridge`, page(), { pageId, canvasId });
  const pageText = () => readFile(join(root, 'src/page.tsx'), 'utf8');

  beforeAll(async () => {
    ({ base, root } = await project());
  });
  beforeEach(async () => {
    await writeFile(join(root, 'src/page.tsx'), PAGE);
    server = await agentTestServer(root);
  });
  afterEach(async () => {
    await server.app.close();
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  it('refuses a call without the secret, with a wrong one, or from a browser even with the right one', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{}, 'Authorization header is missing'],
      [{ authorization: 'Bearer wrong-secret' }, "not this server's"],
      [{ authorization: `Bearer ${server.secret}x` }, "not this server's"],
      [{ authorization: server.secret }, "not this server's"],
      [agent({ origin: server.origin }), 'Origin header'],
      [agent({ 'sec-fetch-site': 'same-origin' }), 'sec-fetch-site'],
      [agent({ 'sec-fetch-mode': 'cors' }), 'sec-fetch-mode'],
    ];
    for (const [headers, why] of cases) {
      const answer = await call(server.port, 'GET', `${AGENT_API_PREFIX}/changes`, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(401);
      expect(answer.body.code).toBe('AGENT_REFUSED');
      expect(answer.body.message).toContain(why);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
    // A change refused before its body is read: the file is untouched.
    const refused = await call(server.port, 'POST', `${AGENT_API_PREFIX}/changes/apply`, { origin: server.origin, authorization: `Bearer ${server.secret}` }, {
      kind: 'addClass',
      body: { reactElement: { codebaseId: H1 }, className: 'italic' },
    });
    expect(refused.status).toBe(401);
    expect(await pageText()).toBe(PAGE);

    const plain = await agentCall('POST', '/elements/find', 'text=cao', { 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
    expect(plain.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const host = await call(server.port, 'GET', `${AGENT_API_PREFIX}/changes`, { ...agent(), host: 'evil.example' });
    expect(host.status).toBe(403);

    const ok = await agentCall('GET', '/changes');
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
  });

  it('proves itself in the handshake without the secret: an HMAC of the nonce bound to its secret and root, never the secret', async () => {
    const nonce = randomBytes(32).toString('base64url');
    const answer = await call(server.port, 'POST', `${AGENT_API_PREFIX}${AGENT_API_PATHS.handshake}`, {}, { nonce });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ proof: agentHandshakeProof(server.secret, root, nonce) });
    expect(JSON.stringify(answer.body)).not.toContain(server.secret);
    // Another root, another secret or another nonce: another proof.
    expect(answer.body.proof).not.toBe(agentHandshakeProof(server.secret, base, nonce));
    expect(answer.body.proof).not.toBe(agentHandshakeProof(`${server.secret}x`, root, nonce));
    const connection = { url: server.origin, secret: server.secret, pid: process.pid, startedAt: '' };
    expect(await agentHandshake(connection, root, 5000)).toEqual({ ok: true });
    expect(await agentHandshake(connection, base, 5000)).toMatchObject({ ok: false, unreachable: false });
    expect(await agentHandshake({ ...connection, secret: 'c'.repeat(43) }, root, 5000)).toMatchObject({ ok: false, unreachable: false });

    for (const [headers, body, status] of [
      [{ origin: server.origin }, { nonce }, 401],
      [{ 'sec-fetch-mode': 'cors' }, { nonce }, 401],
      [{}, { nonce: 'short' }, 400],
      [{}, { nonce, secret: server.secret }, 400],
    ] as const) {
      const refused = await call(server.port, 'POST', `${AGENT_API_PREFIX}${AGENT_API_PATHS.handshake}`, headers, body);
      expect(refused.status, JSON.stringify([headers, body])).toBe(status);
      expect(refused.body.proof).toBeUndefined();
    }
  });

  it('refuses a bridge call that is not the studio page (no origin, no token)', async () => {
    const hello = { pageId: 'p-1', canvasId: 'default' };
    const noToken = await call(server.port, 'POST', `${STUDIO_API_PREFIX}/agent-bridge/selection`, { origin: server.origin }, hello);
    expect(noToken.status).toBe(403);
    expect(noToken.body.code).toBe('STUDIO_WRITE_REFUSED');
    const withSecret = await call(server.port, 'POST', `${STUDIO_API_PREFIX}/agent-bridge/selection`, agent(), hello);
    expect(withSecret.status).toBe(403);
  });

  it('checks a change before anything is written: its kind, then its body by the kind\'s own schema', async () => {
    const unknown = await agentCall('POST', '/changes/apply', { kind: 'deleteEverything', body: {} });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('UNKNOWN_CHANGE_KIND');
    const invalid = await agentCall('POST', '/changes/apply', { kind: 'addClass', body: { reactElement: { codebaseId: H1 } } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('INVALID_CHANGE');
    const badId = await agentCall('POST', '/changes/apply', { kind: 'addClass', body: { reactElement: { codebaseId: '../etc' }, className: 'italic' } });
    expect(badId.status).toBe(400);
    expect(badId.body.code).toBe('INVALID_CODEBASE_ID');
    // A field the kind does not have is named, not dropped: the change is not made without it.
    const misspelt = await agentCall('POST', '/changes/apply', {
      kind: 'changePropValue',
      body: { elementToModify: { codebaseId: H1, storyboard: 'x' }, propName: 'title', propValue: 'x', replaceExpresion: true },
    });
    expect(misspelt.status).toBe(400);
    expect(misspelt.body).toMatchObject({ code: 'INVALID_CHANGE' });
    expect(misspelt.body.message).toMatch(/^Invalid change \(changePropValue\): elementToModify\.storyboard: not a field of this kind \(its fields: codebaseId, storyboardId, uniquePath\); replaceExpresion: not a field of this kind \(its fields: elementToModify, propName, propValue, replaceExpression, changeName\)$/);
    expect(await pageText()).toBe(PAGE);
  });

  it('with no studio page open, the server writes an agent\'s change, lists it as the agent\'s, and undoes and redoes it', async () => {
    const applied = await agentCall('POST', '/changes/apply', { kind: 'addClass', body: { reactElement: { codebaseId: H1 }, className: 'italic' } });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ appliedBy: 'server', canvasId: 'default', changedFiles: [expect.objectContaining({ path: 'src/page.tsx' })] });
    expect(applied.body.item).toMatchObject({ by: 'agent', kind: 'addClass' });
    expect(await pageText()).toContain('className="text-xl italic"');

    const list = await agentCall('GET', '/changes');
    expect(list.body).toMatchObject({ canvasId: 'default', undoCount: 1, done: [{ by: 'agent', kind: 'addClass' }] });

    const undone = await agentCall('POST', '/changes/undo', {});
    expect(undone.status).toBe(200);
    expect(await pageText()).toBe(PAGE);
    expect((await agentCall('GET', '/changes')).body).toMatchObject({ undoCount: 0, redoCount: 1, undone: [{ by: 'agent' }] });
    const redone = await agentCall('POST', '/changes/redo');
    expect(redone.status).toBe(200);
    expect(redone.body.item).toMatchObject({ by: 'agent' });
    expect(await pageText()).toContain('className="text-xl italic"');
    await agentCall('POST', '/changes/undo');
    expect((await agentCall('POST', '/changes/undo')).body.code).toBe('NOTHING_TO_UNDO');
  });

  it('asks the open studio page: a change, the selection, a screenshot, each answered with the page\'s result or error', async () => {
    const bridge = await openPage('page-1', 'plan-2');
    await bridge.take((line) => line.type === 'keepalive');

    const selection = agentCall('GET', '/selection');
    const asked = await bridge.take((line) => line.type === 'describe-selection');
    const described = { canvasId: 'plan-2', frames: [] };
    expect((await pageCall('/agent-bridge/answer', { pageId: 'page-1', requestId: asked.requestId, ok: true, result: described })).status).toBe(200);
    expect((await selection).body).toEqual(described);

    const body = { reactElement: { codebaseId: H1 }, className: 'italic' };
    const change = agentCall('POST', '/changes/apply', { kind: 'addClass', body });
    const apply = await bridge.take((line) => line.type === 'apply-change');
    expect(apply).toMatchObject({ kind: 'addClass', body });
    // Another page cannot answer it, and an unknown request is refused.
    expect((await pageCall('/agent-bridge/answer', { pageId: 'page-2', requestId: apply.requestId, ok: true, result: {} })).status).toBe(404);
    expect((await pageCall('/agent-bridge/answer', { pageId: 'page-1', requestId: 'no-such-request', ok: true, result: {} })).status).toBe(404);
    const error = { code: 'ELEMENT_NOT_FOUND', message: 'No element with that id', statusCode: 404 };
    expect((await pageCall('/agent-bridge/answer', { pageId: 'page-1', requestId: apply.requestId, ok: false, error })).status).toBe(200);
    const failed = await change;
    expect(failed.status).toBe(404);
    expect(failed.body).toEqual({ code: 'ELEMENT_NOT_FOUND', message: 'No element with that id' });

    const written = { changedFiles: [], prevIdToNewIdMap: {}, addedIds: [] };
    const second = agentCall('POST', '/changes/apply', { kind: 'addClass', body });
    const again = await bridge.take((line) => line.type === 'apply-change');
    await pageCall('/agent-bridge/answer', { pageId: 'page-1', requestId: again.requestId, ok: true, result: written });
    expect((await second).body).toEqual({ ...written, appliedBy: 'page', canvasId: 'plan-2' });
    // The page made it: the server wrote nothing.
    expect(await pageText()).toBe(PAGE);

    const shot = agentCall('POST', '/screenshot', { route: '/drone' });
    const capture = await bridge.take((line) => line.type === 'capture-frame');
    expect(capture).toMatchObject({ route: '/drone' });
    expect(capture.frameId).toBeUndefined();
    await pageCall('/agent-bridge/answer', { pageId: 'page-1', requestId: capture.requestId, ok: false, error: { code: 'AGENT_FRAME_NOT_READY', message: 'not ready' } });
    expect((await shot).status).toBe(409);
    expect((await agentCall('POST', '/screenshot', { route: 'http://evil.example/' })).status).toBe(400);

    const undo = agentCall('POST', '/changes/undo', {});
    const step = await bridge.take((line) => line.type === 'undo');
    await pageCall('/agent-bridge/answer', { pageId: 'page-1', requestId: step.requestId, ok: false, error: { code: 'NOTHING_TO_UNDO', message: 'Nothing to undo', statusCode: 409 } });
    expect((await undo).body.code).toBe('NOTHING_TO_UNDO');
    bridge.close();
  });

  it("takes a screenshot's picture as a PNG body apart, bounded, checked and the page's own, and answers the agent its base64", async () => {
    const bridge = await openPage('page-1');
    await bridge.take((line) => line.type === 'keepalive');
    const shot = agentCall('POST', '/screenshot', {});
    const { requestId } = await bridge.take((line) => line.type === 'capture-frame');
    const png = Buffer.concat([Buffer.from(PNG_SIGNATURE), randomBytes(256)]);
    const imagePath = (pageId: string, id: string) => `${STUDIO_API_PREFIX}/agent-bridge/answer-image?${new URLSearchParams({ pageId, requestId: id })}`;
    const upload = (body: Buffer, headers: Record<string, string> = {}, pageId = 'page-1', id = requestId) =>
      call(server.port, 'POST', imagePath(pageId, id), { ...page(), 'content-type': 'image/png', ...headers }, body);

    // The studio guard's checks all hold for a binary body, its type alone changed: image/png, nothing else.
    expect((await upload(png, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await upload(png, { [STUDIO_TOKEN_HEADER]: 'wrong' })).status).toBe(403);
    for (const type of ['application/octet-stream', 'text/plain', 'application/json']) {
      const refused = await upload(png, { 'content-type': type });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('is not image/png');
    }
    // Said to be a PNG but not one: refused by its first bytes.
    const notPng = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(notPng.status).toBe(400);
    expect(notPng.body.message).toContain('PNG signature');
    // Bounded: by its announced length before it is read, and while it is read when it announces none.
    const tooLarge = Buffer.concat([png, Buffer.alloc(AGENT_BRIDGE_IMAGE_LIMIT)]);
    expect((await upload(tooLarge)).status).toBe(413);
    expect((await upload(tooLarge, { 'transfer-encoding': 'chunked' })).body.code).toBe('PAYLOAD_TOO_LARGE');
    // Only the page asked, for a request that waits.
    expect((await upload(png, {}, 'page-2')).status).toBe(404);
    expect((await upload(png, {}, 'page-1', 'no-such-request')).status).toBe(404);

    expect((await upload(png)).status).toBe(200);
    const answered = { frameId: 'frame-1', frameName: 'Desktop', route: '/', viewport: { width: 2, height: 2 }, image: { mimeType: 'image/png', attached: true } };
    expect((await pageCall('/agent-bridge/answer', { pageId: 'page-1', requestId, ok: true, result: answered })).status).toBe(200);
    const screenshot = await shot;
    expect(screenshot.status).toBe(200);
    expect(screenshot.body).toEqual({ ...answered, image: { mimeType: 'image/png', data: png.toString('base64') } });

    // An answer naming a picture that never came fails the agent's call at once, not at the time limit.
    const second = agentCall('POST', '/screenshot', {});
    const again = await bridge.take((line) => line.type === 'capture-frame' && line.requestId !== requestId);
    await pageCall('/agent-bridge/answer', { pageId: 'page-1', requestId: again.requestId, ok: true, result: answered });
    expect((await second).body.code).toBe('INTERNAL');
    bridge.close();
  });

  it('sends requests to the page that most recently opened its stream or posted a selection', async () => {
    const first = await openPage('page-a', 'plan-a');
    const second = await openPage('page-b', 'plan-b');
    await pageCall('/agent-bridge/selection', { pageId: 'page-a', canvasId: 'plan-a' });
    const selection = agentCall('GET', '/selection');
    const asked = await first.take((line) => line.type === 'describe-selection');
    expect(second.has((line) => line.type === 'describe-selection')).toBe(false);
    await pageCall('/agent-bridge/answer', { pageId: 'page-a', requestId: asked.requestId, ok: true, result: { canvasId: 'plan-a', frames: [] } });
    expect((await selection).status).toBe(200);
    first.close();
    second.close();
  });

  it('answers that no studio page is open, and that a page did not answer in time', async () => {
    const none = await agentCall('GET', '/selection');
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('AGENT_NO_STUDIO_PAGE');
    expect(none.body.message).toContain(`${server.origin}/_studio/`);
    expect((await agentCall('POST', '/screenshot', {})).body.code).toBe('AGENT_NO_STUDIO_PAGE');

    const bridge = await openPage('slow-page');
    const slow = await agentCall('GET', '/selection');
    expect(slow.status).toBe(504);
    expect(slow.body.code).toBe('AGENT_PAGE_TIMEOUT');
    expect(bridge.has((line) => line.type === 'describe-selection')).toBe(true);

    // A page that closes its stream is no longer asked.
    bridge.close();
    await bridge.ended;
    await expect.poll(async () => (await agentCall('GET', '/selection')).body.code).toBe('AGENT_NO_STUDIO_PAGE');
  });

  it('finds elements by text, tag, component and file, all given filters holding, in file then position order', async () => {
    const find = async (body: unknown) => (await agentCall('POST', '/elements/find', body)).body;
    const byText = await find({ text: 'VƯỜN CAO' });
    expect(byText.elements.map((e: { file: string; tagName: string }) => `${e.file}:${e.tagName}`)).toEqual(['src/page.tsx:h1', 'src/parts/footer.tsx:p']);
    expect(byText.total).toBe(2);
    expect(byText.elements[0]).toMatchObject({ codebaseId: H1, line: 4, column: 7, writtenIn: 'Page', rendering: 'static' });
    expect(byText.elements[0].snippet).toBe('<h1 className="text-xl">Vườn cao su</h1>');
    // Prop strings and string children are the element's own text.
    // … and the element inside the component that shows the prop (`{title}`) is found by the same words.
    expect((await find({ text: 'lô a' })).elements.map((e: { tagName: string }) => e.tagName)).toEqual(['Card', 'h2']);
    expect((await find({ text: 'sản lượng' })).elements.map((e: { writtenIn: string }) => e.writtenIn)).toEqual(['Card']);
    expect((await find({ tag: 'Card' })).total).toBe(2);
    expect((await find({ component: 'Card' })).elements.map((e: { tagName: string }) => e.tagName)).toEqual(['Card', 'Card', 'section', 'h2', 'p']);
    expect((await find({ component: 'Footer', tag: 'p' })).elements).toHaveLength(1);
    expect((await find({ file: 'footer.tsx' })).elements.map((e: { tagName: string }) => e.tagName)).toEqual(['footer', 'p']);
    expect((await find({ file: 'parts/footer.tsx', text: 'cao' })).total).toBe(1);
    expect((await find({ file: 'oter.tsx' })).total).toBe(0);
    expect((await find({ tag: 'h1', file: 'footer.tsx' })).total).toBe(0);
    const limited = await find({ component: 'Card', limit: 2 });
    expect(limited).toMatchObject({ total: 5, elements: [{ tagName: 'Card' }, { tagName: 'Card' }] });

    const none = await agentCall('POST', '/elements/find', {});
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('BAD_REQUEST');
    expect((await agentCall('POST', '/elements/find', { text: 'x', path: '/etc/passwd' })).status).toBe(400);
  });

  it('streams selection and history events, with keepalives, and the server closes with streams open', async () => {
    const events = await openStream(server.port, 'GET', `${AGENT_API_PREFIX}/events`, agent());
    const bridge = await openPage('page-1', 'plan-3');
    await pageCall('/agent-bridge/selection', { pageId: 'page-1', canvasId: 'plan-3' });
    expect(await events.take((line) => line.type === 'selection-changed')).toEqual({ type: 'selection-changed', canvasId: 'plan-3' });
    bridge.close();
    await bridge.ended;
    await expect.poll(async () => {
      const answer = await agentCall('POST', '/changes/apply', { kind: 'addClass', body: { reactElement: { codebaseId: H1 }, className: 'italic' } });
      return answer.body.appliedBy;
    }).toBe('server');
    expect(await events.take((line) => line.type === 'history-changed')).toEqual({ type: 'history-changed', canvasId: 'plan-3' });
    // Two keepalives past the one that opens the stream.
    await events.take((line) => line.type === 'keepalive');
    await events.take((line) => line.type === 'keepalive');
    await events.take((line) => line.type === 'keepalive');

    const open = [events, await openPage('page-2')];
    await server.app.close();
    await Promise.all(open.map((stream) => stream.ended));
    expect(open.every((stream) => stream.response.complete)).toBe(true);
    server = await agentTestServer(root);
  });
});

describe('history authors', () => {
  it('a step keeps who made it across a restart of the engine; steps stored before authors read as the studio\'s', async () => {
    const { base, root } = await project();
    try {
      const server = await agentTestServer(root);
      const editor = await server.sourceEditor.get();
      await editor.mutate('default', 'addClass', { reactElement: { codebaseId: H1 }, className: 'italic' }, 'agent');
      await server.app.close();

      const history = new ChangeHistory({ root, warn: () => undefined });
      expect(history.status('default').done).toMatchObject([{ by: 'agent', kind: 'addClass' }]);

      const stored = join(root, '.plantation-studio/history/default.json');
      const json = JSON.parse(await readFile(stored, 'utf8'));
      delete json.done[0].by;
      await writeFile(stored, JSON.stringify(json));
      expect(new ChangeHistory({ root, warn: () => undefined }).status('default').done).toMatchObject([{ by: 'studio' }]);
    } finally {
      await rm(base, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    }
  });
});

describe('the dev server and its connection file', () => {
  const MOCK = { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 60 } } as const;

  it('is written owner-only once the server listens, read by agents, and removed at close only while it is still this server\'s', async () => {
    const { base, root } = await project();
    const file = join(root, AGENT_CONNECTION_FILE);
    const umask = process.umask(0);
    try {
      const app = await createServer({ api: MOCK, console: { kind: 'vite', root }, studio: true });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      await app.agentAccess!.announce(origin);
      // With no umask at all, only the mode the file was created with keeps it from others.
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const connection = JSON.parse(await readFile(file, 'utf8')) as AgentConnection;
      expect(connection).toEqual({ url: origin, secret: app.agentAccess!.secret, pid: process.pid, startedAt: expect.any(String) });
      expect(connection.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

      // Never in the studio page.
      const studioPage = await app.inject({ method: 'GET', url: '/_studio/', headers: { host: origin.slice(7) } });
      expect(studioPage.body).not.toContain(connection.secret);
      const token = new RegExp(`<meta name="${STUDIO_TOKEN_META}" content="([^"]+)">`).exec(studioPage.body)![1]!;

      const port = Number(origin.split(':').at(-1));
      const answer = await call(port, 'GET', `${AGENT_API_PREFIX}/changes`, { authorization: `Bearer ${connection.secret}` });
      expect(answer.body).toMatchObject({ canvasId: 'default', undoCount: 0 });

      // A studio page carrying out an agent's change says so: its history item is the agent's.
      const written = await call(port, 'POST', `${STUDIO_API_PREFIX}/canvases/default/parseAndMutate/mutate/addClass`, { origin, [STUDIO_TOKEN_HEADER]: token, [CHANGE_BY_HEADER]: 'agent' }, {
        reactElement: { codebaseId: H1 },
        className: 'italic',
      });
      expect(written.status, JSON.stringify(written.body)).toBe(200);
      expect(written.body.item.by).toBe('agent');
      // The person's undo takes back the person's steps only; the page's undo for the agent takes it.
      const undoPath = `${STUDIO_API_PREFIX}/canvases/default/parseAndMutate/activities/undoChangeToFiles`;
      const studio = await call(port, 'POST', undoPath, { origin, [STUDIO_TOKEN_HEADER]: token }, {});
      expect([studio.status, studio.body.code]).toEqual([409, 'NOTHING_TO_UNDO']);
      const forAgent = await call(port, 'POST', undoPath, { origin, [STUDIO_TOKEN_HEADER]: token, [CHANGE_BY_HEADER]: 'agent' }, {});
      expect(forAgent.body.item.by).toBe('agent');

      await app.close();
      expect(() => statSync(file)).toThrow();

      // A second server replaced the file: the first one's close leaves it.
      const first = await createServer({ api: MOCK, console: { kind: 'vite', root }, studio: true });
      await first.listen({ port: 0, host: '127.0.0.1' });
      await first.agentAccess!.announce('http://127.0.0.1:1');
      const newer: AgentConnection = { url: 'http://127.0.0.1:2', secret: 'b'.repeat(43), pid: process.pid, startedAt: new Date().toISOString() };
      await writeAgentConnection(root, newer);
      await first.close();
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(newer);
    } finally {
      process.umask(umask);
      await rm(base, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    }
  });

  it('never follows a link planted at its place: the file outside the project keeps its bytes and mode, and nothing is made or removed through it', async () => {
    const { base, root } = await project();
    const file = join(root, AGENT_CONNECTION_FILE);
    const outside = join(base, 'outside.json');
    const dangling = join(base, 'not-there.json');
    await writeFile(outside, '{"the user\'s own":"file"}\n');
    await chmod(outside, 0o644);
    await mkdir(join(root, '.plantation-studio'));
    const before = { bytes: await readFile(outside), mode: statSync(outside).mode };
    try {
      for (const target of [outside, dangling]) {
        await rm(file, { force: true });
        await symlink(target, file);
        const app = await createServer({ api: MOCK, console: { kind: 'vite', root }, studio: true });
        await app.listen({ port: 0, host: '127.0.0.1' });
        const note = await app.agentAccess!.announce(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
        expect(note).toMatch(/^Coding agents cannot connect: the agent connection file could not be written \(.*symbolic link.*\)\.$/);
        await app.close();
        expect(lstatSync(file).isSymbolicLink()).toBe(true);
        expect(await readFile(outside)).toEqual(before.bytes);
        expect(statSync(outside).mode).toBe(before.mode);
        expect(existsSync(dangling)).toBe(false);
        // Nor read as a connection: an agent client refuses it.
        expect(readAgentConnectionFile(root)).toEqual({ kind: 'refused', reason: 'it is a symbolic link' });
      }
    } finally {
      await rm(base, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    }
  });

  it('is owner-only whatever the umask, even one that takes the owner\'s own bits', async () => {
    const { base, root } = await project();
    const umask = process.umask(0o277);
    try {
      await writeAgentConnection(root, { url: 'http://127.0.0.1:1', secret: 'd'.repeat(43), pid: process.pid, startedAt: '' });
      expect(statSync(join(root, AGENT_CONNECTION_FILE)).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(umask);
      await rm(base, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    }
  });
});
