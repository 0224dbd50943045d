/**
 * `plantation-studio mcp` as an MCP client lives it: the SDK's own Client over stdio, spawning the real CLI (from
 * `dist/`, so run `npm run build` first) against a real `dev` on a copy of the console made by `init`, with no studio
 * page open (the server's engine writes). What it refuses (no server, a stale connection file, a wrong secret) it
 * says in one line on stderr, with exit code 1 and nothing on stdout.
 */
import { spawn } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResourceUpdatedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_CONNECTION_FILE, type AgentConnection } from '../contracts/agent-api.js';
import { CODEBASE_ID_ATTRIBUTE } from '../contracts/dom.js';
import { MUTATION_KINDS } from '../contracts/change-kinds.js';
import { takeLines } from '../contracts/ndjson-lines.js';
import { indexJsxElements, parseJsxSource } from '../server/codebase-ids/index-jsx-elements.js';
import { CLI_BIN, spawnProcess, startStudioCli, type ReadyProcess } from '../test-support/spawn-ready.js';

const FILE = 'src/features/account/credentials-form.tsx';
/** The headers a page's module request carries: what the served Vite answers with the transformed code. */
const SAME_ORIGIN_SCRIPT = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'script' };

let dir: string;
let root: string;
let server: ReadyProcess | undefined;
const clients: Client[] = [];

/**
 * A folder the CLI takes for a project (it has index.html), with `connection` as its connection file, if any,
 * written as `dev` writes it (mode 0600) unless another mode is given.
 */
function projectWith(name: string, connection?: unknown, mode = 0o600): string {
  const folder = join(dir, name);
  mkdirSync(join(folder, '.plantation-studio'), { recursive: true });
  copyFileSync(join(root, 'index.html'), join(folder, 'index.html'));
  if (connection !== undefined) {
    writeFileSync(join(folder, AGENT_CONNECTION_FILE), JSON.stringify(connection));
    chmodSync(join(folder, AGENT_CONNECTION_FILE), mode);
  }
  return folder;
}

/**
 * `mcp --root folder` that cannot use a server: it serves its tools all the same, each answering why as its error,
 * and says the same in one line on stderr. Answers that line.
 */
async function refusal(folder: string): Promise<string> {
  const { client, stderr } = await connectWithLog(folder);
  const { text, isError } = await call(client, 'list_changes');
  expect(isError, text).toBe(true);
  await client.close();
  const lines = stderr().trimEnd().split('\n');
  expect(lines, stderr()).toHaveLength(1);
  expect(lines[0]).toBe(`plantation-studio mcp: ${text.replace(/\. This MCP server connects to it by itself once it runs\.$/, '')}`);
  return text;
}

async function connectWithLog(folder = root, name = 'mcp-command-test'): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI_BIN, 'mcp', '--root', folder], stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport).catch((error: Error) => {
    throw new Error(`${error.message}\n--- stderr ---\n${stderr}`);
  });
  clients.push(client);
  return { client, stderr: () => stderr };
}

async function connect(folder = root, name = 'mcp-command-test'): Promise<Client> {
  return (await connectWithLog(folder, name)).client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ text: string; isError: boolean; result: CallToolResult }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('\n');
  return { text, isError: result.isError === true, result };
}

function connectionOf(folder: string): AgentConnection {
  return JSON.parse(readFileSync(join(folder, AGENT_CONNECTION_FILE), 'utf8')) as AgentConnection;
}

/** `mcp` spoken to line by line, as a client writes to its stdin: for what the SDK's Client cannot send. */
function rawMcp() {
  const child = spawn(process.execPath, [CLI_BIN, 'mcp', '--root', root], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  const answers = new Map<number, { result?: unknown; error?: { code: number; message: string } }>();
  let stderr = '';
  let carry = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const step = takeLines(carry, chunk);
    carry = step.carry;
    for (const line of step.lines) {
      const message = JSON.parse(line) as { id?: number; result?: unknown; error?: { code: number; message: string } };
      if (typeof message.id === 'number') answers.set(message.id, message);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
  const answerTo = async (id: number) => {
    await expect.poll(() => answers.has(id), { timeout: 60_000, message: `no answer to request ${id}\n${stderr}` }).toBe(true);
    return answers.get(id)!;
  };
  return {
    child,
    answers,
    send,
    answerTo,
    stderr: () => stderr,
    async initialize(name: string) {
      send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name, version: '1' } } });
      expect((await answerTo(1)).result).toBeDefined();
      send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    },
    async end() {
      child.stdin.end();
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plantation-studio-mcp-'));
  root = join(dir, 'console');
  const init = spawnProcess(process.execPath, [CLI_BIN, 'init', root]);
  expect((await init.exited).code, init.output()).toBe(0);
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('mcp with no server to talk to', () => {
  it('says in one line that no dev server runs for the project, and how to start one', async () => {
    const line = await refusal(root);
    expect(line).toMatch(/^No plantation-studio dev server is running for .*console: start one with `npx plantation-studio dev --root .*console`\. This MCP server connects to it by itself once it runs\.$/);
  });

  it('started before dev, serves its tools, answers why until dev runs, then connects by itself', { timeout: 120_000 }, async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('apply_change');
    const early = await call(client, 'find_elements', { tag: 'h1' });
    expect(early.isError).toBe(true);
    expect(early.text).toMatch(/^No plantation-studio dev server is running for .*console: start one with /);
    const dev = await startStudioCli(['dev', '--root', root, '--port', '0']);
    try {
      const found = await call(client, 'find_elements', { tag: 'h1', file: 'credentials-form.tsx' });
      expect(found.isError, found.text).toBe(false);
      expect(found.text).toMatch(/^1 element matched:/);
    } finally {
      await dev.stop();
    }
  });

  it('tells a connection file left by a stopped server from a live one', async () => {
    const gone = spawnProcess(process.execPath, ['-e', '']);
    await gone.exited;
    const folder = projectWith('stale', { url: 'http://127.0.0.1:9', secret: 'left-over', pid: gone.child.pid, startedAt: new Date().toISOString() });
    expect(await refusal(folder)).toMatch(new RegExp(`No plantation-studio dev server is running for .*stale \\(.*left by process ${gone.child.pid}, which has stopped\\): start one with`));
  });

  it('says so when the process runs but nothing answers at its address', async () => {
    const folder = projectWith('refused', { url: 'http://127.0.0.1:9', secret: 'x', pid: process.pid, startedAt: new Date().toISOString() });
    expect(await refusal(folder)).toMatch(/No plantation-studio dev server is running for .*refused \(nothing answers at http:\/\/127\.0\.0\.1:9: ECONNREFUSED\)/);
  });
});

describe('mcp against a running dev', () => {
  beforeAll(async () => {
    server = await startStudioCli(['dev', '--root', root, '--port', '0']);
    const connection = connectionOf(root);
    expect(connection.url).toBe(server.match);
    expect(connection.pid).toBe(server.pid);
  }, 120_000);

  it('refuses a secret the server does not hold, in one line, before sending it', async () => {
    const folder = projectWith('wrong-secret', { ...connectionOf(root), secret: 'not-the-secret' });
    expect(await refusal(folder)).toMatch(
      /^The server at http:\/\/127\.0\.0\.1:\d+ is not the plantation-studio dev of .*wrong-secret \(its answer to the handshake does not prove .*\): nothing was sent to it\. Restart `npx plantation-studio dev --root .*wrong-secret`/,
    );
  });

  it('refuses a planted connection file: a link, a mode others may read, another user\'s, an address off loopback, another project\'s', async () => {
    const live = connectionOf(root);
    const refused = (name: string) => new RegExp(`^Refusing .*${name}/\\.plantation-studio/agent-connection\\.json: `);
    expect(await refusal(projectWith('readable', live, 0o644))).toMatch(new RegExp(`${refused('readable').source}its mode is 0644: others may read or change it`));
    expect(await refusal(projectWith('writable', live, 0o620))).toMatch(/its mode is 0620/);
    expect(await refusal(projectWith('off-loopback', { ...live, url: live.url.replace('127.0.0.1', '0.0.0.0') }))).toMatch(
      new RegExp(`${refused('off-loopback').source}it names http://0\\.0\\.0\\.0:\\d+, which is not http on a loopback address`),
    );
    const linked = projectWith('linked');
    symlinkSync(join(root, AGENT_CONNECTION_FILE), join(linked, AGENT_CONNECTION_FILE));
    expect(await refusal(linked)).toMatch(new RegExp(`${refused('linked').source}it is a symbolic link`));
    // The live server's own file, copied into another project: the server proves it serves its own root, not this one.
    expect(await refusal(projectWith('copied', live))).toMatch(/^The server at .* is not the plantation-studio dev of .*copied \(/);

    const foreign = projectWith('foreign', live);
    try {
      chownSync(join(foreign, AGENT_CONNECTION_FILE), 4242, 4242);
    } catch (error) {
      console.warn(`skipped the other user's file: chown is refused here (${(error as Error).message})`);
      return;
    }
    expect(await refusal(foreign)).toMatch(new RegExp(`${refused('foreign').source}it belongs to user 4242, not to you \\(user ${process.getuid!()}\\)`));
  });

  it('refuses a server that fails the handshake, having sent it no secret and no agent call', async () => {
    const heard: Array<{ method?: string; url?: string; authorization?: string; body: string }> = [];
    // Answers 200 with an empty JSON object to everything, as a careless local server would.
    const fake = createHttpServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        heard.push({ method: request.method, url: request.url, authorization: request.headers.authorization, body });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"proof":"not-a-proof","undoCount":0,"redoCount":0}');
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    try {
      const secret = 'e'.repeat(43);
      const folder = projectWith('fake-server', { url: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`, secret, pid: process.pid, startedAt: new Date().toISOString() });
      expect(await refusal(folder)).toMatch(/^The server at http:\/\/127\.0\.0\.1:\d+ is not the plantation-studio dev of .*fake-server \(its answer to the handshake does not prove .*\): nothing was sent to it/);
      // Asked again at the call (a dev may have started since): each time the handshake alone.
      expect(new Set(heard.map(({ method, url }) => `${method} ${url}`))).toEqual(new Set(['POST /_studio/agent/handshake']));
      expect(heard.every((request) => request.authorization === undefined && !request.body.includes(secret))).toBe(true);
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
  });

  it('a second dev on the project leaves the first its connection file, says so in its banner, and removes nothing when it stops', { timeout: 120_000 }, async () => {
    const first = readFileSync(join(root, AGENT_CONNECTION_FILE), 'utf8');
    const second = await startStudioCli(['dev', '--root', root, '--port', '0']);
    try {
      expect(second.stdout()).toMatch(
        new RegExp(`Note: Coding agents cannot connect to this server: another plantation-studio dev of this project \\(process ${server!.pid}, ${server!.match.replace(/\./g, '\\.')}\\) has them\\.`),
      );
      expect(readFileSync(join(root, AGENT_CONNECTION_FILE), 'utf8')).toBe(first);
    } finally {
      expect((await second.stop()).code).toBe(0);
    }
    expect(readFileSync(join(root, AGENT_CONNECTION_FILE), 'utf8')).toBe(first);
    const client = await connect();
    expect((await call(client, 'list_changes')).isError).toBe(false);
  });

  it('drops a 30 MB line from its client with an error for that request, and answers the next request', { timeout: 120_000 }, async () => {
    const mcp = rawMcp();
    try {
      await mcp.initialize('long-line');
      // One request of 30 MB, written in pieces as a pipe carries it, then an ordinary one.
      const long = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"find_elements","arguments":{"text":"${'x'.repeat(30 * 1024 * 1024)}"}}}\n`;
      for (let at = 0; at < long.length; at += 1024 * 1024) mcp.child.stdin.write(long.slice(at, at + 1024 * 1024));
      mcp.send({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
      const tools = (await mcp.answerTo(3)).result as { tools: Array<{ name: string }> };
      expect(tools.tools.map((tool) => tool.name)).toContain('apply_change');
      expect((await mcp.answerTo(2)).error).toMatchObject({ code: -32600, message: expect.stringMatching(/longer than the limit of \d+ bytes a line: it was dropped/) });
      expect(mcp.stderr()).toMatch(/plantation-studio mcp: a message of \d+ bytes is longer than the limit .* \(request 2\)/);
    } finally {
      await mcp.end();
    }
  });

  it('writes nothing for a change its client cancelled before it was sent', { timeout: 120_000 }, async () => {
    const original = readFileSync(join(root, FILE), 'utf8');
    const h1 = indexJsxElements(parseJsxSource(FILE, original), FILE).find((entry) => entry.tagName === 'h1')!;
    const mcp = rawMcp();
    try {
      await mcp.initialize('cancelling');
      const change = { name: 'apply_change', arguments: { kind: 'addClass', body: { reactElement: { codebaseId: h1.id }, className: 'italic' } } };
      // The request and its cancellation in one write, as a client that gave up at once sends them.
      mcp.child.stdin.write(
        `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: change })}\n${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'the person stopped the agent' } })}\n`,
      );
      mcp.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'list_changes', arguments: {} } });
      const listed = (await mcp.answerTo(3)).result as CallToolResult;
      expect((listed.structuredContent as { done: unknown[] }).done).toEqual([]);
      expect(readFileSync(join(root, FILE), 'utf8')).toBe(original);
      expect(mcp.answers.has(2)).toBe(false);
    } finally {
      await mcp.end();
    }
  });

  it('lists its tools with their schemas, and the selection and changes resources', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['apply_change', 'element_relatives', 'find_elements', 'frame_elements', 'get_selection', 'list_changes', 'list_components', 'open_frame', 'page_messages', 'point_at', 'redo', 'screenshot', 'theme', 'type_check', 'undo']);
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    for (const tool of tools) expect(tool.description!.length, tool.name).toBeGreaterThan(60);
    const apply = byName.apply_change!.inputSchema as { properties: Record<string, { enum?: string[]; type?: string }>; required: string[] };
    expect(apply.properties.kind!.enum).toEqual([...MUTATION_KINDS]);
    expect(apply.properties.body!.type).toBe('object');
    expect(apply.required.sort()).toEqual(['body', 'kind']);
    // Every kind's body is described, from the schemas the server validates with.
    for (const kind of MUTATION_KINDS) expect(byName.apply_change!.description).toMatch(new RegExp(`^${kind}: \\{`, 'm'));
    expect(Object.keys((byName.find_elements!.inputSchema as { properties: object }).properties).sort()).toEqual(['component', 'fields', 'file', 'limit', 'tag', 'text']);
    // Every tool says what its structured answer holds.
    for (const tool of tools) expect(tool.outputSchema?.type, tool.name).toBe('object');
    expect(Object.keys((byName.screenshot!.inputSchema as { properties: object }).properties).sort()).toEqual(['frameId', 'route']);
    expect(client.getServerCapabilities()?.resources?.subscribe).toBe(true);
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri).sort()).toEqual(['studio://changes', 'studio://selection']);
  });

  it('finds elements by text, tag and file', async () => {
    const client = await connect();
    const { text, isError } = await call(client, 'find_elements', { tag: 'h1', file: 'credentials-form.tsx' });
    expect(isError, text).toBe(false);
    expect(text).toMatch(/^1 element matched:/);
    expect(text).toContain(`at ${FILE}:73:`);
    expect(text).toMatch(/codebaseId: tempo-[0-9a-f-]{36}/);
    expect(text).toContain('<h1 className="mt-1 text-2xl font-bold text-slate-900">{title}</h1>');
    const trimmed = await call(client, 'find_elements', { tag: 'h1', file: 'credentials-form.tsx', fields: ['file', 'line'] });
    expect(trimmed.result.structuredContent).toEqual({ total: 1, elements: [{ codebaseId: expect.stringMatching(/^tempo-/), file: FILE, line: 73 }] });
    expect(trimmed.text).not.toContain('<h1 className');
    const cut = await call(client, 'find_elements', { tag: 'div', limit: 2 });
    expect(cut.text).toMatch(/^\d+ elements matched; the first 2:/);
    const invalid = await call(client, 'find_elements', { limit: 0 });
    expect(invalid.isError).toBe(true);
    expect(invalid.text).toMatch(/limit/);
  });

  it("answers an element's parent, children and siblings from its file, with no frame having loaded it", async () => {
    const client = await connect();
    const found = await call(client, 'find_elements', { tag: 'h1', file: 'credentials-form.tsx', fields: ['line'] });
    const h1 = (found.result.structuredContent as { elements: Array<{ codebaseId: string }> }).elements[0]!.codebaseId;
    const { text, isError, result } = await call(client, 'element_relatives', { codebaseId: h1 });
    expect(isError, text).toBe(false);
    const relatives = result.structuredContent as { element: { line: number }; parent: { tagName: string; line: number }; siblings: Array<{ tagName: string; text: string; codebaseId: string }>; children: unknown[] };
    expect(relatives.element.line).toBe(73);
    expect(relatives.parent).toMatchObject({ tagName: 'div', line: 71, file: FILE });
    expect(relatives.siblings[0]).toMatchObject({ tagName: 'p', text: 'Plantation Admin' });
    expect(relatives.children).toEqual([]);
    expect(text).toContain(`Parent: <div>  codebaseId: ${(relatives.parent as unknown as { codebaseId: string }).codebaseId}  at ${FILE}:71:`);
    const cut = await call(client, 'element_relatives', { codebaseId: (relatives.parent as unknown as { codebaseId: string }).codebaseId, limit: 1 });
    expect((cut.result.structuredContent as { children: unknown[]; childCount: number }).children).toHaveLength(1);
    expect((cut.result.structuredContent as { childCount: number }).childCount).toBeGreaterThan(2);
    const unknown = await call(client, 'element_relatives', { codebaseId: 'tempo-00000000-0000-4000-8000-000000000000' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/^Element tempo-0{8}-0000-4000-8000-0{12} not found/);
  });

  it('lists the components with their props, paged', async () => {
    const client = await connect();
    const { text, isError, result } = await call(client, 'list_components', { name: 'spinner' });
    expect(isError, text).toBe(false);
    expect(result.structuredContent).toMatchObject({
      total: 1,
      components: [
        {
          name: 'Spinner',
          file: 'src/components/ui/spinner.tsx',
          props: [
            { name: 'label', type: 'string', required: true },
            { name: 'visibleLabel', type: 'boolean', required: false, default: 'false' },
            { name: 'className', type: 'string', required: false, default: "''" },
          ],
        },
      ],
    });
    expect(text).toContain("Spinner (exported from src/components/ui/spinner.tsx)  props: label: string, visibleLabel?: boolean = false, className?: string = ''");
    const first = (await call(client, 'list_components', { limit: 2 })).result.structuredContent as { components: Array<{ name: string }>; total: number; nextOffset: number };
    expect(first.components).toHaveLength(2);
    expect(first.nextOffset).toBe(2);
    const second = (await call(client, 'list_components', { limit: 2, offset: first.nextOffset })).result.structuredContent as { components: Array<{ name: string }> };
    expect(second.components[0]!.name).not.toBe(first.components[0]!.name);
  });

  it("writes an agent's change with no studio page open, lists it as the agent's, and undo restores the bytes", async () => {
    const client = await connect();
    const original = readFileSync(join(root, FILE), 'utf8');
    const h1 = indexJsxElements(parseJsxSource(FILE, original), FILE).find((entry) => entry.tagName === 'h1')!;

    const applied = await call(client, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: h1.id }, className: 'italic', changeName: 'Make the title italic' } });
    expect(applied.isError, applied.text).toBe(false);
    expect(applied.text).toContain(`"Make the title italic" written to ${FILE}`);
    expect(applied.text).toMatch(/No studio page is open: the server wrote it/);
    const written = readFileSync(join(root, FILE), 'utf8');
    expect(written).toBe(original.replace('className="mt-1 text-2xl font-bold text-slate-900"', 'className="mt-1 text-2xl font-bold text-slate-900 italic"'));

    const listed = await call(client, 'list_changes');
    expect(listed.text).toMatch(/1 change to undo, 0 to redo/);
    expect(listed.text).toMatch(/"Make the title italic" \(addClass\) by agent mcp-command-test \(session [0-9a-f-]{36}\) at /);

    const undone = await call(client, 'undo');
    expect(undone.isError, undone.text).toBe(false);
    expect(undone.text).toContain('Undid "Make the title italic"');
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(original);
    const redone = await call(client, 'redo');
    expect(redone.isError, redone.text).toBe(false);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(written);
    expect((await call(client, 'undo')).isError).toBe(false);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(original);
  });

  it("gives each agent session its own undo and redo: one never takes back another's step", async () => {
    const [claude, cursor] = [await connect(root, 'Claude Code'), await connect(root, 'Cursor')];
    const original = readFileSync(join(root, FILE), 'utf8');
    const elements = indexJsxElements(parseJsxSource(FILE, original), FILE);
    const h1 = elements.find((entry) => entry.tagName === 'h1')!;
    const button = elements.find((entry) => entry.tagName === 'button')!;
    expect((await call(claude, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: h1.id }, className: 'italic' } })).isError).toBe(false);
    const cursorStep = await call(cursor, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: button.id }, className: 'underline' } });
    expect(cursorStep.isError, cursorStep.text).toBe(false);
    const both = readFileSync(join(root, FILE), 'utf8');

    // Cursor's step lies on top; Claude's undo takes back Claude's own, around it.
    const undone = await call(claude, 'undo');
    expect(undone.isError, undone.text).toBe(false);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(both.replace(' italic"', '"'));
    const nothing = await call(claude, 'undo');
    expect(nothing.isError).toBe(true);
    expect(nothing.text).toMatch(/Nothing to undo/);
    expect((await call(cursor, 'list_changes')).text).toMatch(/by agent Cursor \(session /);
    expect((await call(claude, 'redo')).isError).toBe(false);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(both);
    expect((await call(cursor, 'undo')).isError).toBe(false);
    expect((await call(claude, 'undo')).isError).toBe(false);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(original);
  });

  it('adds a class that conflicts with one the element has in place of it, as the inspector does, though the body names no framework', async () => {
    const client = await connect();
    const original = readFileSync(join(root, FILE), 'utf8');
    const h1 = indexJsxElements(parseJsxSource(FILE, original), FILE).find((entry) => entry.tagName === 'h1')!;
    const applied = await call(client, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: h1.id }, className: 'text-amber-700' } });
    expect(applied.isError, applied.text).toBe(false);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(original.replace('font-bold text-slate-900"', 'font-bold text-amber-700"'));
    expect((await call(client, 'undo')).isError).toBe(false);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(original);
  });

  it('keeps ids true through its own writes: an id a removal made stale is carried to its element or refused, never applied to another', async () => {
    const client = await connect();
    const original = readFileSync(join(root, FILE), 'utf8');
    const elements = indexJsxElements(parseJsxSource(FILE, original), FILE);
    // Three siblings or more: the first is removed, the next takes its id, and the last moves up one place.
    const childrenOf = (parentId: string | null, of = elements) => of.filter((entry) => entry.parentId === parentId);
    const siblings = elements.map((entry) => childrenOf(entry.id)).find((group) => group.length >= 3)!;
    const [removed, next, last] = [siblings[0]!, siblings[1]!, siblings.at(-1)!];
    expect((await call(client, 'find_elements', { file: FILE, tag: removed.tagName })).isError).toBe(false);
    const removal = await call(client, 'apply_change', { kind: 'removeJsxElement', body: { elementsToRemove: [{ codebaseId: removed.id }], changeName: 'Remove the first' } });
    expect(removal.isError, removal.text).toBe(false);
    expect(removal.text).toContain(`Removed elements (an id of theirs may now name another element): ${removed.id}`);
    const afterRemoval = readFileSync(join(root, FILE), 'utf8');
    // The removed element's id now names the next sibling on disk; the agent's call with it touches nothing.
    expect(indexJsxElements(parseJsxSource(FILE, afterRemoval), FILE).find((entry) => entry.id === removed.id)?.opening.getText()).toBe(next.opening.getText());
    for (const stale of [removed.id, next.id]) {
      const refused = await call(client, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: stale }, className: 'italic' } });
      expect(refused.isError, stale).toBe(true);
      expect(refused.text).toMatch(new RegExp(`^Element ${stale} is stale: the change "Remove the first" of the agent mcp-command-test \\(session [^)]+\\) (removed the element it named|moved the element it named and gave the id to another)`));
      expect(readFileSync(join(root, FILE), 'utf8')).toBe(afterRemoval);
    }
    // The last sibling's old id is carried to its new one: the class lands on it.
    const carried = await call(client, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: last.id }, className: 'italic' } });
    expect(carried.isError, carried.text).toBe(false);
    expect(carried.text).toMatch(new RegExp(`read as the same elements' new ids: ${last.id} → tempo-`));
    const written = readFileSync(join(root, FILE), 'utf8');
    const lastNow = childrenOf(last.parentId, indexJsxElements(parseJsxSource(FILE, written), FILE)).at(-1)!;
    expect(lastNow.tagName).toBe(last.tagName);
    expect(lastNow.opening.getText()).toContain('italic');
    expect(written.split('italic').length).toBe(afterRemoval.split('italic').length + 1);
    // Found again, the id names the element that has it now.
    const found = await call(client, 'find_elements', { file: FILE, tag: next.tagName });
    expect(found.text).toContain(removed.id);
    expect((await call(client, 'undo')).isError).toBe(false);
    expect((await call(client, 'undo')).isError).toBe(false);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(original);
  });

  it("keeps ids true through another session's writes: carried to the same element, or refused, never applied to another", async () => {
    const [agent, other] = [await connect(root, 'agent-one'), await connect(root, 'agent-two')];
    const original = readFileSync(join(root, FILE), 'utf8');
    const elements = indexJsxElements(parseJsxSource(FILE, original), FILE);
    const childrenOf = (parentId: string | null, of = elements) => of.filter((entry) => entry.parentId === parentId);
    const siblings = elements.map((entry) => childrenOf(entry.id)).find((group) => group.length >= 3)!;
    const [removed, last] = [siblings[0]!, siblings.at(-1)!];
    // The agent reads the ids; then the other session removes the first sibling, which shifts the others.
    const found = await call(agent, 'find_elements', { file: FILE });
    expect(found.text).toContain(last.id);
    const removal = await call(other, 'apply_change', { kind: 'removeJsxElement', body: { elementsToRemove: [{ codebaseId: removed.id }], changeName: 'Remove the first' } });
    expect(removal.isError, removal.text).toBe(false);
    const afterRemoval = readFileSync(join(root, FILE), 'utf8');
    const refused = await call(agent, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: removed.id }, className: 'italic' } });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(new RegExp(`^Element ${removed.id} is stale: the change "Remove the first" of the agent agent-two \\(session [^)]+\\) removed the element it named`));
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(afterRemoval);
    const carried = await call(agent, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: last.id }, className: 'italic' } });
    expect(carried.isError, carried.text).toBe(false);
    expect(carried.text).toMatch(new RegExp(`read as the same elements' new ids: ${last.id} → tempo-`));
    const lastNow = childrenOf(last.parentId, indexJsxElements(parseJsxSource(FILE, readFileSync(join(root, FILE), 'utf8')), FILE)).at(-1)!;
    expect(lastNow.opening.getText()).toContain('italic');
    expect((await call(agent, 'undo')).isError).toBe(false);
    expect((await call(other, 'undo')).isError).toBe(false);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(original);
  });

  it("keeps ids true through a save of the person's code editor: carried to the same element, or refused, never applied to another", async () => {
    const client = await connect(root, 'hand-edit-agent');
    const original = readFileSync(join(root, FILE), 'utf8');
    const childrenOf = (parentId: string | null, text: string) => indexJsxElements(parseJsxSource(FILE, text), FILE).filter((entry) => entry.parentId === parentId);
    const elements = indexJsxElements(parseJsxSource(FILE, original), FILE);
    const siblings = elements.map((entry) => childrenOf(entry.id, original)).find((group) => group.length >= 3)!;
    const [first, last] = [siblings[0]!, siblings.at(-1)!];
    expect((await call(client, 'find_elements', { file: FILE })).text).toContain(last.id);
    // The person's editor saves the file without the first sibling: the others move up one place.
    const handEdited = original.slice(0, first.start) + original.slice(first.node.getEnd()).replace(/^\s*\n/, '');
    writeFileSync(join(root, FILE), handEdited);
    // At once, before the watcher may have told dev: the last sibling's old id is carried to its new one.
    const carried = await call(client, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: last.id }, className: 'italic' } });
    expect(carried.isError, carried.text).toBe(false);
    expect(carried.text).toMatch(new RegExp(`read as the same elements' new ids: ${last.id} → tempo-`));
    const written = readFileSync(join(root, FILE), 'utf8');
    expect(childrenOf(last.parentId, written).at(-1)!.opening.getText()).toContain('italic');
    expect(written.split('italic').length).toBe(handEdited.split('italic').length + 1);
    // The removed sibling's id now names the next one: refused, nothing written.
    const refused = await call(client, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: first.id }, className: 'underline' } });
    expect(refused.isError, refused.text).toBe(true);
    expect(refused.text).toMatch(new RegExp(`^Element ${first.id} is stale: the change "edit of ${FILE}" of a program outside the studio \\(a code editor\\) removed the element it named`));
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(written);
    expect((await call(client, 'undo')).isError).toBe(false);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(handEdited);
    // Saved back with the sibling above again: every id it shifted now names the element before, so it is refused.
    const shifted = childrenOf(last.parentId, handEdited).at(-1)!.id;
    expect((await call(client, 'find_elements', { file: FILE })).text).toContain(shifted);
    writeFileSync(join(root, FILE), original);
    const moved = await call(client, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: shifted }, className: 'underline' } });
    expect(moved.isError, moved.text).toBe(true);
    expect(moved.text).toMatch(new RegExp(`^Element ${shifted} is stale: the change "edit of ${FILE}"`));
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(original);
  });

  it('keeps an id the page was served true through a save of a file the engine never read: carried to the same element, never applied to another', async () => {
    const client = await connect(root, 'page-id-agent');
    // The session has looked once (this walks the root): the file below is made after, so the engine holds no parse of it.
    expect((await call(client, 'find_elements', { file: FILE, limit: 1 })).isError).toBe(false);
    const probe = 'src/hand-edit-probe.tsx';
    const original = 'export function HandEditProbe() {\n  return (\n    <ul>\n      <li>Alpha</li>\n      <li>Beta</li>\n    </ul>\n  );\n}\n';
    writeFileSync(join(root, probe), original);
    try {
      // The id the frame shows: the plugin put it in the code it served the page.
      const served = await (await fetch(`${server!.match}/${probe}`, { headers: SAME_ORIGIN_SCRIPT })).text();
      const beta = indexJsxElements(parseJsxSource(probe, original), probe).find((entry) => entry.node.getText() === '<li>Beta</li>')!;
      expect(served).toMatch(new RegExp(`"${CODEBASE_ID_ATTRIBUTE}":\\s*"${beta.id}"`));
      // The person's editor saves a new item above it: Beta moves one place down, and its old id now names Alpha.
      const handEdited = original.replace('<li>Alpha</li>', '<li>New</li>\n      <li>Alpha</li>');
      writeFileSync(join(root, probe), handEdited);
      const result = await call(client, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: beta.id }, className: 'italic' } });
      const written = readFileSync(join(root, probe), 'utf8');
      if (result.isError) {
        expect(result.text).toMatch(new RegExp(`^Element ${beta.id} is stale`));
        expect(written).toBe(handEdited);
      } else {
        expect(result.text).toMatch(new RegExp(`read as the same elements' new ids: ${beta.id} → tempo-`));
        expect(written).toBe(handEdited.replace('<li>Beta</li>', '<li className="italic">Beta</li>'));
        expect((await call(client, 'undo')).isError).toBe(false);
      }
      expect(readFileSync(join(root, probe), 'utf8')).toBe(handEdited);
    } finally {
      rmSync(join(root, probe), { force: true });
    }
  });

  it("type-checks the files its last change wrote, with the project's tsconfig, and again after they change", { timeout: 120_000 }, async () => {
    const client = await connect();
    const broken = 'src/agent-type-check-probe.ts';
    writeFileSync(join(root, broken), "export const count: number = 'three';\n");
    const first = await call(client, 'type_check', { files: [broken], timeoutSeconds: 100 });
    expect(first.isError, first.text).toBe(false);
    expect(first.result.structuredContent).toMatchObject({
      finished: true,
      tsconfig: 'tsconfig.json',
      files: [broken],
      errorCount: 1,
      diagnostics: [{ file: broken, line: 1, column: 14, code: 'TS2322', category: 'error' }],
    });
    expect(first.text).toContain(`${broken}:1:14 error TS2322: Type 'string' is not assignable to type 'number'.`);
    writeFileSync(join(root, broken), 'export const count: number = 3;\n');
    const fixed = await call(client, 'type_check', { files: [broken], timeoutSeconds: 100 });
    expect(fixed.result.structuredContent).toMatchObject({ finished: true, files: [broken], errorCount: 0, diagnostics: [] });
    rmSync(join(root, broken));
    // Without files: those the session's last change wrote.
    const found = await call(client, 'find_elements', { tag: 'h1', file: 'credentials-form.tsx', fields: ['line'] });
    const h1 = (found.result.structuredContent as { elements: Array<{ codebaseId: string }> }).elements[0]!.codebaseId;
    expect((await call(client, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: h1 }, className: 'italic' } })).isError).toBe(false);
    const after = await call(client, 'type_check', { timeoutSeconds: 100 });
    expect((after.result.structuredContent as { files: string[] }).files).toEqual([FILE]);
    expect((await call(client, 'undo')).isError).toBe(false);
  });

  it('answers a bad codebase id, an invalid body and nothing to undo with the catalogue message, writing nothing', async () => {
    const client = await connect();
    const before = readFileSync(join(root, FILE), 'utf8');
    const badId = await call(client, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: 'tempo-not-an-id' }, className: 'italic' } });
    expect(badId.isError).toBe(true);
    expect(badId.text).toMatch(/Invalid codebase id "tempo-not-an-id"/);
    const unknown = await call(client, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: 'tempo-00000000-0000-5000-8000-000000000000' }, className: 'italic' } });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/tempo-00000000-0000-5000-8000-000000000000/);
    const h1 = indexJsxElements(parseJsxSource(FILE, before), FILE).find((entry) => entry.tagName === 'h1')!;
    const invalid = await call(client, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: h1.id }, className: 'bad"class' } });
    expect(invalid.isError).toBe(true);
    expect(invalid.text).toMatch(/className/);
    const badKind = await call(client, 'apply_change', { kind: 'rewriteEverything', body: {} });
    expect(badKind.isError).toBe(true);
    expect(badKind.text).toMatch(/kind/);
    // Every change of this canvas is undone by now (the test before undid its own).
    const nothing = await call(client, 'undo');
    expect(nothing.isError).toBe(true);
    expect(nothing.text).toMatch(/Nothing to undo on canvas default/);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(before);
  });

  it("gives the project's theme, whole or one scale", async () => {
    const client = await connect();
    const whole = await call(client, 'theme');
    expect(whole.isError, whole.text).toBe(false);
    expect(whole.text).toMatch(/^Tailwind [34], entry /);
    expect(whole.text).toMatch(/^colors \(\d+\): \S/m);
    expect(whole.text.length).toBeLessThan(4000);
    const spacing = await call(client, 'theme', { scale: 'spacing' });
    expect(spacing.text).toMatch(/^spacing \(\d+\):$/m);
    expect(spacing.text).not.toMatch(/^colors/m);
    const data = whole.result.structuredContent as { scales: Record<string, { count: number; names: string[] }> };
    expect(data.scales.colors!.count).toBeGreaterThan(data.scales.colors!.names.length);
    expect(Object.keys((spacing.result.structuredContent as { scales: object }).scales)).toEqual(['spacing']);
  });

  it('says that no studio page is open when asked for the selection or a screenshot', async () => {
    const client = await connect();
    for (const tool of ['get_selection', 'screenshot']) {
      const { text, isError } = await call(client, tool);
      expect(isError, tool).toBe(true);
      expect(text, tool).toMatch(/No studio page is open to .*: open http:\/\/127\.0\.0\.1:\d+\/_studio\/ in a browser/);
    }
  });

  it('keeps running when the dev server stops, says so on each call, and finds it again once it restarts', { timeout: 120_000 }, async () => {
    const client = await connect();
    expect((await server!.stop()).code).toBe(0);
    server = undefined;
    const gone = await call(client, 'list_changes');
    expect(gone.isError).toBe(true);
    expect(gone.text).toMatch(/The plantation-studio dev server for .*console has stopped \(ECONNREFUSED at http:\/\/127\.0\.0\.1:\d+\): start it again with `npx plantation-studio dev --root .*console`/);
    server = await startStudioCli(['dev', '--root', root, '--port', '0']);
    const back = await call(client, 'list_changes');
    expect(back.isError, back.text).toBe(false);
    expect(back.text).toMatch(/^Canvas default: /);
  });

  it('tells subscribers of the changes resource of each change, through an events stream opened again after a restart', { timeout: 120_000 }, async () => {
    const client = await connect();
    const updates: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => void updates.push(notification.params.uri));
    await client.subscribeResource({ uri: 'studio://changes' });
    expect((await server!.stop()).code).toBe(0);
    server = await startStudioCli(['dev', '--root', root, '--port', '0']);
    // The stream, opened again, says that events may have been missed.
    await expect.poll(() => updates.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const heard = updates.length;
    const original = readFileSync(join(root, FILE), 'utf8');
    const h1 = indexJsxElements(parseJsxSource(FILE, original), FILE).find((entry) => entry.tagName === 'h1')!;
    expect((await call(client, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: h1.id }, className: 'underline' } })).isError).toBe(false);
    await expect.poll(() => updates.slice(heard), { timeout: 20_000 }).toContain('studio://changes');
    const changes = JSON.parse(((await client.readResource({ uri: 'studio://changes' })).contents[0] as { text: string }).text) as { done: Array<{ kind: string; by?: string }> };
    expect(changes.done.at(-1)).toMatchObject({ kind: 'addClass', by: 'agent' });
    expect((await call(client, 'undo')).isError).toBe(false);
    expect(readFileSync(join(root, FILE), 'utf8')).toBe(original);
  });
});
