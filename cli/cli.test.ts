/**
 * The CLI as a user runs it: real `plantation-studio` processes (from `dist/`, so run `npm run build` first),
 * real HTTP on 127.0.0.1, ports chosen at run time. Every process a test starts is killed after it, pass or fail;
 * the few a group of tests shares are killed after the group.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../mocks/mock-state.js';
import { BANNER_URL, CLI_BIN, spawnProcess, type Exit, type SpawnedProcess } from '../test-support/spawn-ready.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const VERSION = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
const DEFAULT_PORT = 4600;
const START_TIMEOUT_MS = 30_000;
const HOST = '127.0.0.1';

// ---------------------------------------------------------------------------------------------------------------
// Processes

/** Processes to kill after the current test, and after the file (shared by a group of tests). */
const perTest = new Set<SpawnedProcess>();
const perFile = new Set<SpawnedProcess>();
/** Ports this file holds with plain `net` servers; closed after each test. */
const heldPorts = new Set<Server>();

function startCli(args: string[], { cwd = REPO, shared = false }: { cwd?: string; shared?: boolean } = {}): SpawnedProcess {
  const cli = spawnProcess(process.execPath, [CLI_BIN, ...args], { cwd });
  (shared ? perFile : perTest).add(cli);
  void cli.exited.then(() => {
    perTest.delete(cli);
    perFile.delete(cli);
  });
  return cli;
}

async function kill(cli: SpawnedProcess): Promise<void> {
  await cli.kill();
}

/** Runs a command to its end; kills it and fails when it takes longer than the timeout. */
async function runCli(args: string[], { cwd = REPO, timeoutMs = 60_000 } = {}): Promise<Exit & { stdout: string; stderr: string }> {
  const cli = startCli(args, { cwd });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`plantation-studio ${args.join(' ')} did not exit within ${timeoutMs} ms\n${cli.output()}`)), timeoutMs);
  });
  try {
    const exit = await Promise.race([cli.exited, timeout]);
    return { ...exit, stdout: cli.stdout(), stderr: cli.stderr() };
  } finally {
    clearTimeout(timer);
    await kill(cli);
  }
}

/** Starts a serving command and waits for its banner; returns the origin the banner names. */
async function startServing(args: string[], options: { cwd?: string; shared?: boolean } = {}) {
  const cli = startCli(args, options);
  const match = await cli.waitForStdout(BANNER_URL, START_TIMEOUT_MS);
  return { cli, origin: match[1]! };
}

/** Sends a signal and waits for the exit, or fails after the timeout. */
async function stopWith(cli: SpawnedProcess, signal: NodeJS.Signals, timeoutMs = 10_000): Promise<Exit> {
  cli.child.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      cli.exited,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no exit within ${timeoutMs} ms of ${signal}\n${cli.output()}`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

afterEach(async () => {
  await Promise.all([...perTest].map(kill));
  await Promise.all([...heldPorts].map(closeServer));
});

afterAll(async () => {
  await Promise.all([...perFile, ...perTest].map(kill));
});

// ---------------------------------------------------------------------------------------------------------------
// Ports and HTTP

function listenOn(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port, host: HOST, exclusive: true }, () => resolve(server));
  });
}

function closeServer(server: Server): Promise<void> {
  heldPorts.delete(server);
  return new Promise((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
}

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = await listenOn(0);
  const { port } = server.address() as AddressInfo;
  await closeServer(server);
  return port;
}

/** Holds a port with a plain TCP server until the end of the test. */
async function holdPort(port: number): Promise<Server> {
  const server = await listenOn(port);
  heldPorts.add(server);
  return server;
}

function request(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
}

async function login(origin: string): Promise<string> {
  const response = await request(`${origin}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ACCOUNT.username, password: DEMO_ACCOUNT.password }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { token: string; role: string } };
  expect(body.data.token).toEqual(expect.any(String));
  expect(body.data.role).toBe(DEMO_ACCOUNT.role);
  return body.data.token;
}

// ---------------------------------------------------------------------------------------------------------------
// Files

function makeTempDir(): string {
  return mkdtempSync(join(tmpdir(), 'plantation-studio-cli-'));
}

/** A hash of every file under a folder, names and contents. */
function hashTree(dir: string): string {
  const hash = createHash('sha256');
  const walk = (current: string) => {
    for (const name of readdirSync(current).sort()) {
      const path = join(current, name);
      hash.update(relative(dir, path));
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(readFileSync(path));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

const noStackTrace = (text: string) => expect(text).not.toMatch(/^\s+at .+[(:]\d+/m);

// ---------------------------------------------------------------------------------------------------------------

beforeAll(() => {
  if (!existsSync(join(REPO, 'dist', 'cli', 'index.js'))) {
    throw new Error('The CLI is not built: run `npm run build` before these tests.');
  }
});

describe('version and help', () => {
  it('--version prints the version of package.json', async () => {
    const result = await runCli(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(VERSION);
  });

  it('--help lists the commands', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    for (const command of ['dev', 'start', 'build', 'mock', 'init']) {
      expect(result.stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
    }
  });

  it('dev --help lists its options', async () => {
    const result = await runCli(['dev', '--help']);
    expect(result.code).toBe(0);
    for (const option of ['--port', '--host', '--open', '--api', '--root', '--seed', '--latency', '--data', '--token-ttl', '--smoke-test']) {
      expect(result.stdout).toContain(option);
    }
  });
});

describe('dev on the bundled console', () => {
  let port: number;
  let origin: string;
  let cli: SpawnedProcess;

  beforeAll(async () => {
    port = await freePort();
    ({ cli, origin } = await startServing(['dev', '--port', String(port)], { shared: true }));
  });
  afterAll(async () => {
    if (cli) await kill(cli);
  });

  it('prints a banner with the version, the start time, the URLs and the API mode', () => {
    const banner = cli.stdout();
    expect(origin).toBe(`http://${HOST}:${port}`);
    expect(banner).toContain(`v${VERSION}`);
    expect(banner).toMatch(/ready in \d+ ms/);
    expect(banner).toContain(`http://${HOST}:${port}/`);
    expect(banner).toContain(`http://${HOST}:${port}/_studio/`);
    expect(banner).toContain('API:     mock');
  });

  it('serves the console page at /', async () => {
    const response = await request(`${origin}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<div id="root">');
  });

  it('answers the studio health check', async () => {
    const response = await request(`${origin}/_studio/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ status: 'ok', version: VERSION, api: { mode: 'mock' }, editable: true });
  });

  it('signs the demo account in with the mock API', async () => {
    await login(origin);
  });
});

describe('ports', () => {
  it(`takes the next free port when the default ${DEFAULT_PORT} is busy, and says so`, async () => {
    // Whatever holds 4600 (this test, or something else on the machine), the fallback must happen.
    let heldByThisTest = true;
    await holdPort(DEFAULT_PORT).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') throw error;
      heldByThisTest = false;
    });
    if (!heldByThisTest) console.info(`Port ${DEFAULT_PORT} is already in use by another process: testing the fallback against it.`);

    const { cli, origin } = await startServing(['dev']);
    const note = /Port 4600 is in use, using (\d+) instead\./.exec(cli.stdout());
    expect(note, cli.stdout()).not.toBeNull();
    const chosen = Number(note![1]);
    expect(chosen).toBeGreaterThan(DEFAULT_PORT);
    expect(origin).toBe(`http://${HOST}:${chosen}`);
    const health = await request(`${origin}/_studio/api/health`);
    expect(health.status).toBe(200);
  });

  it('exits 1 with one line on stderr when the port given with --port is busy', async () => {
    const port = await freePort();
    await holdPort(port);
    const result = await runCli(['dev', '--port', String(port)], { timeoutMs: 30_000 });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Port ${port} is already in use`);
    expect(result.stdout).not.toContain('Console:');
  });
});

describe('bad options', () => {
  it('--api not-a-url: exit 1, says why, no stack trace', async () => {
    const result = await runCli(['dev', '--api', 'not-a-url']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('"not-a-url" is not a URL');
    expect(result.stderr).toContain('--api');
    noStackTrace(result.stderr);
  });

  it('--port abc: non-zero exit and a message about --port', async () => {
    const result = await runCli(['dev', '--port', 'abc']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/--port.*abc.*whole number/s);
    noStackTrace(result.stderr);
  });

  it('--token-ttl 5x: non-zero exit and a message about the duration', async () => {
    const result = await runCli(['mock', '--token-ttl', '5x']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('--token-ttl');
    expect(result.stderr).toContain('"5x" is not a duration');
    noStackTrace(result.stderr);
  });

  it('--cors-origin with a path or no scheme: non-zero exit and a message about the origin', async () => {
    for (const value of ['http://localhost:5173/app', 'localhost:5173', '*', 'http://*.example.com']) {
      const result = await runCli(['mock', '--cors-origin', value]);
      expect(result.code, value).not.toBe(0);
      expect(result.stderr, value).toContain('--cors-origin');
      expect(result.stderr, value).toContain('is not an origin');
      noStackTrace(result.stderr);
    }
  });
});

describe('smoke tests', () => {
  it('dev --smoke-test passes on the bundled console and the mock', async () => {
    const result = await runCli(['dev', '--smoke-test']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Smoke test passed');
  });

  it('mock --smoke-test passes', async () => {
    const result = await runCli(['mock', '--smoke-test']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Smoke test passed');
  });

  it('dev --smoke-test --api to a host nothing listens on: exit 1 naming the upstream', async () => {
    const upstream = `http://${HOST}:${await freePort()}`;
    const result = await runCli(['dev', '--smoke-test', '--api', upstream]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Smoke test failed');
    expect(result.stderr).toContain(`The API host ${upstream} could not be reached`);
    noStackTrace(result.stderr);
  });
});

describe('signals', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s stops dev with exit 0 and frees its port', async (signal) => {
    const port = await freePort();
    const { cli } = await startServing(['dev', '--port', String(port)]);
    const exit = await stopWith(cli, signal);
    expect(exit).toEqual({ code: 0, signal: null });
    const again = await holdPort(port);
    expect((again.address() as AddressInfo).port).toBe(port);
  });
});

describe('mock', () => {
  let origin: string;
  let cli: SpawnedProcess;

  beforeAll(async () => {
    ({ cli, origin } = await startServing(['mock', '--port', String(await freePort())], { shared: true }));
  });
  afterAll(async () => {
    if (cli) await kill(cli);
  });

  it('prints the Mock API banner and serves no console', async () => {
    expect(cli.stdout()).toContain(`Mock API: ${origin}/`);
    expect(cli.stdout()).not.toContain('Console:');
    const response = await request(`${origin}/`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('answers the API', async () => {
    const token = await login(origin);
    const drones = await request(`${origin}/vam/drone/list?page=0&size=6`, { headers: { authorization: `Bearer ${token}` } });
    expect(drones.status).toBe(200);
    const countries = await request(`${origin}/country/all?page=0&size=6`, { headers: { authorization: `Bearer ${token}` } });
    expect(countries.status).toBe(200);
  });

  it('is an upstream dev --smoke-test --api passes with', async () => {
    const result = await runCli(['dev', '--smoke-test', '--api', origin]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Smoke test passed');
    expect(result.stdout).toContain(`API host ${origin}`);
  });
});

describe('mock --data', () => {
  let dir: string;
  beforeAll(() => {
    dir = makeTempDir();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a deleted drone deleted across a restart', async () => {
    const file = join(dir, 'state.json');
    const args = () => freePort().then((port) => ['mock', '--port', String(port), '--data', file]);

    const first = await startServing(await args());
    expect(first.cli.stdout()).toContain(`data ${file}`);
    const token = await login(first.origin);
    const auth = { authorization: `Bearer ${token}` };
    expect((await request(`${first.origin}/vam/drone/list/details?droneId=1`, { headers: auth })).status).toBe(200);
    const deleted = await request(`${first.origin}/vam/drone/delete/1`, { method: 'DELETE', headers: auth });
    expect(deleted.status).toBe(200);
    expect((await request(`${first.origin}/vam/drone/list/details?droneId=1`, { headers: auth })).status).toBe(404);
    expect(await stopWith(first.cli, 'SIGTERM')).toEqual({ code: 0, signal: null });

    const second = await startServing(await args());
    const auth2 = { authorization: `Bearer ${await login(second.origin)}` };
    expect((await request(`${second.origin}/vam/drone/list/details?droneId=1`, { headers: auth2 })).status).toBe(404);
    expect((await request(`${second.origin}/vam/drone/list/details?droneId=2`, { headers: auth2 })).status).toBe(200);
  });

  it('makes the seeded data on the first call, which answers with it, and writes it to a new data file', async () => {
    const file = join(dir, 'fresh.json');
    const { cli, origin } = await startServing(['mock', '--port', String(await freePort()), '--data', file]);
    expect(existsSync(file)).toBe(false);
    const token = await login(origin);
    const list = await request(`${origin}/vam/drone/list?page=0&size=5`, { headers: { authorization: `Bearer ${token}` } });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { content: unknown[] }).content).toHaveLength(5);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { seed: number; drones: unknown[] };
    expect(saved.seed).toBe(1);
    expect(saved.drones.length).toBeGreaterThan(0);
    expect(cli.stderr()).toBe('');
  });

  it('refuses a data file in a folder that does not exist before the ready line, with the reason', async () => {
    const file = join(dir, 'no-such-folder', 'state.json');
    const result = await runCli(['mock', '--port', String(await freePort()), '--data', file]);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('Mock API:');
    expect(result.stderr).toContain(`Cannot create the mock data file ${file}: the folder ${join(dir, 'no-such-folder')} does not exist`);
    noStackTrace(result.stderr);
  });
});

describe('init, dev --root, build and start on a copy of the console', () => {
  let dir: string;
  let copy: string;

  beforeAll(() => {
    dir = makeTempDir();
    copy = join(dir, 'console');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('init copies the console source and prints the next command', async () => {
    const result = await runCli(['init', copy], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('plantation-studio dev --root console');
    for (const file of ['index.html', join('src', 'main.tsx'), 'plantation-studio.json']) {
      expect(existsSync(join(copy, file)), file).toBe(true);
    }
    expect(existsSync(join(copy, 'node_modules'))).toBe(false);
    expect(existsSync(join(copy, 'dist'))).toBe(false);
  });

  it('init refuses a non-empty folder without --force and leaves it untouched', async () => {
    const busy = join(dir, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'notes.txt'), 'mine\n');
    writeFileSync(join(busy, 'index.html'), '<p>mine</p>\n');
    const before = hashTree(busy);

    const refused = await runCli(['init', busy]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--force');
    noStackTrace(refused.stderr);
    expect(hashTree(busy)).toBe(before);

    const forced = await runCli(['init', busy, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(join(busy, 'notes.txt'), 'utf8')).toBe('mine\n');
    expect(readFileSync(join(busy, 'index.html'), 'utf8')).toContain('<div id="root">');
    expect(existsSync(join(busy, 'src', 'main.tsx'))).toBe(true);
  });

  it('dev --root serves the copy through Vite, resolving its dependencies from the studio', async () => {
    const { origin } = await startServing(['dev', '--root', copy, '--port', String(await freePort())]);

    const page = await request(`${origin}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const main = await request(`${origin}/src/main.tsx`);
    expect(main.status).toBe(200);
    expect(main.headers.get('content-type')).toMatch(/javascript/);
    const code = await main.text();
    const imports = [...code.matchAll(/\b(?:from|import)\s*["']([^"']+)["']/g)].map((m) => m[1]!);
    const react = imports.find((url) => /\/react(?:\.js|\/index\.js)(?:\?|$)/.test(url));
    expect(react, `no import of react in /src/main.tsx:\n${imports.join('\n')}`).toBeDefined();
    const reactModule = await request(`${origin}${react}`);
    expect(reactModule.status).toBe(200);
    expect(reactModule.headers.get('content-type')).toMatch(/javascript/);

    // The copy's Tailwind entry resolves too (`@import "tailwindcss"`, with no tailwindcss in the copy).
    const styles = await request(`${origin}/src/styles.css`);
    expect(styles.status).toBe(200);
    expect(await styles.text()).toMatch(/tailwindcss v4/);
  });

  it('dev run inside a folder made by init serves that folder, with no --root', async () => {
    const { origin } = await startServing(['dev', '--port', String(await freePort())], { cwd: copy });
    const health = await request(`${origin}/_studio/api/health`);
    expect(((await health.json()) as { root: string }).root).toBe(copy);
  });

  it('dev --root refuses a folder that is not a console project', async () => {
    const empty = join(dir, 'not-a-console');
    mkdirSync(empty);
    const result = await runCli(['dev', '--root', empty]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not a console project');
    noStackTrace(result.stderr);
  });

  it('build --root writes the static console', { timeout: 120_000 }, async () => {
    const out = join(dir, 'out');
    const result = await runCli(['build', '--root', copy, '--out', out], { timeoutMs: 110_000 });
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    const assets = readdirSync(join(out, 'assets'));
    expect(assets.some((name) => name.endsWith('.js'))).toBe(true);
    // Every sizeable script has its brotli and gzip copies, for `start` to send as they are.
    for (const name of assets.filter((file) => file.endsWith('.js') && statSync(join(out, 'assets', file)).size >= 1024)) {
      expect(assets, name).toContain(`${name}.br`);
      expect(assets, name).toContain(`${name}.gz`);
    }
  });

  it('start serves the build with an SPA fallback, cached assets and JSON 404s for the API', async () => {
    const out = join(dir, 'out');
    const { origin } = await startServing(['start', '--root', copy, '--dist', out, '--port', String(await freePort())]);

    const page = await request(`${origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<div id="root">');

    const deep = await request(`${origin}/drone`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await deep.text()).toBe(html);

    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, html).toBeDefined();
    const asset = await request(`${origin}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toMatch(/max-age=31536000/);
    expect(asset.headers.get('cache-control')).toContain('immutable');

    // Sent compressed from the build's copies, whichever of brotli and gzip the browser takes.
    for (const encoding of ['br', 'gzip']) {
      const compressed = await request(`${origin}${script}`, { headers: { 'accept-encoding': encoding } });
      expect(compressed.headers.get('content-encoding'), encoding).toBe(encoding);
      expect(compressed.headers.get('cache-control'), encoding).toBe('public, max-age=31536000, immutable');
      expect(compressed.headers.get('vary'), encoding).toContain('accept-encoding');
      expect(await compressed.text(), encoding).toBe(await (await request(`${origin}${script}`, { headers: { 'accept-encoding': 'identity' } })).text());
      const htmlAnswer = await request(`${origin}/drone`, { headers: { 'accept-encoding': encoding } });
      expect(htmlAnswer.headers.get('content-encoding'), encoding).toBe(encoding);
      expect(htmlAnswer.headers.get('cache-control'), encoding).toBe('no-cache');
    }

    const unknown = await request(`${origin}/vam/unknown`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await unknown.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('start refuses a folder with no build, telling to run build', async () => {
    const empty = join(dir, 'empty-dist');
    mkdirSync(empty);
    const result = await runCli(['start', '--dist', empty]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('plantation-studio build');
    noStackTrace(result.stderr);
  });
});
