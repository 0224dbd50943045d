/**
 * `plantation-studio mcp` as an MCP client lives it: the SDK's own Client over stdio, spawning the real CLI (from
 * `dist/`, so run `npm run build` first) against a real `dev` on a copy of the console made by `init`, with no studio
 * page open (the server's engine writes). What it refuses (no server, a stale connection file, a wrong secret) it
 * says in one line on stderr, with exit code 1 and nothing on stdout.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResourceUpdatedNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_CONNECTION_FILE, type AgentConnection } from '../contracts/agent-api.js';
import { MUTATION_KINDS } from '../contracts/change-kinds.js';
import { indexJsxElements, parseJsxSource } from '../server/codebase-ids/index-jsx-elements.js';
import { CLI_BIN, spawnProcess, startStudioCli, type ReadyProcess } from '../test-support/spawn-ready.js';

const FILE = 'src/features/account/credentials-form.tsx';

let dir: string;
let root: string;
let server: ReadyProcess | undefined;
const clients: Client[] = [];

/** A folder the CLI takes for a project (it has index.html), with `connection` as its connection file, if any. */
function projectWith(name: string, connection?: unknown): string {
  const folder = join(dir, name);
  mkdirSync(join(folder, '.plantation-studio'), { recursive: true });
  copyFileSync(join(root, 'index.html'), join(folder, 'index.html'));
  if (connection !== undefined) writeFileSync(join(folder, AGENT_CONNECTION_FILE), JSON.stringify(connection));
  return folder;
}

/** `mcp --root folder` that must refuse: its exit code, its stderr, and that stdout stayed empty. */
async function refusal(folder: string): Promise<string> {
  const mcp = spawnProcess(process.execPath, [CLI_BIN, 'mcp', '--root', folder]);
  const exit = await mcp.exited;
  expect(exit.code, mcp.output()).toBe(1);
  expect(mcp.stdout()).toBe('');
  const lines = mcp.stderr().trimEnd().split('\n');
  expect(lines, mcp.output()).toHaveLength(1);
  return lines[0]!;
}

async function connect(folder = root): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI_BIN, 'mcp', '--root', folder], stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'mcp-command-test', version: '1.0.0' });
  await client.connect(transport).catch((error: Error) => {
    throw new Error(`${error.message}\n--- stderr ---\n${stderr}`);
  });
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ text: string; isError: boolean; result: CallToolResult }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('\n');
  return { text, isError: result.isError === true, result };
}

function connectionOf(folder: string): AgentConnection {
  return JSON.parse(readFileSync(join(folder, AGENT_CONNECTION_FILE), 'utf8')) as AgentConnection;
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
    expect(line).toMatch(/^plantation-studio: No plantation-studio dev server is running for .*console: start one with `npx plantation-studio dev --root .*console`$/);
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

  it('refuses a secret the server does not take, in one line', async () => {
    const folder = projectWith('wrong-secret', { ...connectionOf(root), secret: 'not-the-secret' });
    expect(await refusal(folder)).toMatch(/^plantation-studio: The dev server at http:\/\/127\.0\.0\.1:\d+ refused the secret in .*wrong-secret.*: restart `npx plantation-studio dev --root .*wrong-secret`, which writes a new one$/);
  });

  it('lists its tools with their schemas, and the selection and changes resources', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['apply_change', 'find_elements', 'get_selection', 'list_changes', 'redo', 'screenshot', 'theme', 'undo']);
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    for (const tool of tools) expect(tool.description!.length, tool.name).toBeGreaterThan(60);
    const apply = byName.apply_change!.inputSchema as { properties: Record<string, { enum?: string[]; type?: string }>; required: string[] };
    expect(apply.properties.kind!.enum).toEqual([...MUTATION_KINDS]);
    expect(apply.properties.body!.type).toBe('object');
    expect(apply.required.sort()).toEqual(['body', 'kind']);
    // Every kind's body is described, from the schemas the server validates with.
    for (const kind of MUTATION_KINDS) expect(byName.apply_change!.description).toMatch(new RegExp(`^${kind}: \\{`, 'm'));
    expect(Object.keys((byName.find_elements!.inputSchema as { properties: object }).properties).sort()).toEqual(['component', 'file', 'limit', 'tag', 'text']);
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
    const cut = await call(client, 'find_elements', { tag: 'div', limit: 2 });
    expect(cut.text).toMatch(/^\d+ elements matched; the first 2:/);
    const invalid = await call(client, 'find_elements', { limit: 0 });
    expect(invalid.isError).toBe(true);
    expect(invalid.text).toMatch(/limit/);
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
    expect(listed.text).toContain(`"Make the title italic" (addClass) by agent at `);

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
    expect(whole.text).toMatch(/^colors \(\d+\):$/m);
    expect(whole.text).toMatch(/^ {2}slate-900: /m);
    const spacing = await call(client, 'theme', { scale: 'spacing' });
    expect(spacing.text).toMatch(/^spacing \(\d+\):$/m);
    expect(spacing.text).not.toMatch(/^colors/m);
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
