/**
 * What every serving command does once it has its options: create the server, listen (taking the next free port
 * when the default is busy), print the banner, and shut down cleanly on Ctrl-C or SIGTERM. Also the smoke test.
 */
import { spawn } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { DEMO_ACCOUNT } from '../mocks/demo-account.js';
import { createServer, type ServerOptions, type StudioServer } from '../server/create-server.js';
import { PACKAGE_VERSION } from '../server/package-info.js';
import { CliError } from './cli-error.js';
import type { ListenFlags } from './options.js';

const PORT_ATTEMPTS = 20;
/** How long a stop on Ctrl-C or SIGTERM may take before the process exits with 1. */
const SHUTDOWN_CAP_MS = 5000;

const color = (code: number) => (text: string) => (process.stdout.isTTY && !process.env.NO_COLOR ? `\x1b[${code}m${text}\x1b[0m` : text);
const bold = color(1);
const green = color(32);
const cyan = color(36);
const dim = color(2);

function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createNetServer();
    probe.once('error', () => resolve(false));
    probe.once('listening', () => probe.close(() => resolve(true)));
    probe.listen({ port, host, exclusive: true });
  });
}

async function listen(app: StudioServer, flags: ListenFlags, defaultPort: number): Promise<{ port: number; note?: string }> {
  const explicit = flags.port !== undefined;
  const first = flags.port ?? defaultPort;
  const attempts = explicit || first === 0 ? 1 : PORT_ATTEMPTS;
  for (let port = first; port < first + attempts; port++) {
    if (!explicit && port !== 0 && !(await portIsFree(port, flags.host))) continue;
    try {
      await app.listen({ port, host: flags.host });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE' && !explicit) continue;
      if (code === 'EADDRINUSE') throw new CliError(`Port ${port} is already in use on ${flags.host}: stop what uses it or choose another with --port.`);
      if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new CliError(`Cannot listen on --host ${flags.host}: no such address on this machine.`);
      if (code === 'EACCES') throw new CliError(`Not allowed to listen on port ${port}: choose a port above 1023 with --port.`);
      throw error;
    }
    const address = app.server.address();
    const actual = typeof address === 'object' && address ? address.port : port;
    return { port: actual, note: actual !== first && first !== 0 ? `Port ${first} is in use, using ${actual} instead.` : undefined };
  }
  throw new CliError(`Ports ${first} to ${first + attempts - 1} are all in use on ${flags.host}: choose a free one with --port.`);
}

/** The host to put in printed URLs: a wildcard bind is reachable through loopback. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  const child = spawn(command as string, args as string[], { stdio: 'ignore', detached: true });
  child.on('error', () => console.warn(`Could not open a browser (${command} failed); open ${url} yourself.`));
  child.unref();
}

export interface RunOptions {
  server: ServerOptions;
  listen: ListenFlags;
  defaultPort: number;
  /** What the banner calls the URLs it prints. */
  kind: 'studio' | 'static' | 'mock';
  /** Said in the banner, under the URLs (a console served read-only). */
  notice?: string;
  smokeTest?: boolean;
}

export interface RunningServer {
  app: StudioServer;
  origin: string;
  close(): Promise<void>;
}

/** `agents`: why coding agents cannot connect to this server, when they cannot. */
function printBanner(options: RunOptions, origin: string, note: string | undefined, agents: string | undefined): void {
  const ms = Math.round(performance.now());
  const api = options.server.api;
  const lines = ['', `  ${bold(green('PLANTATION-STUDIO'))} ${green(`v${PACKAGE_VERSION}`)}  ${dim(`ready in ${bold(String(ms))} ms`)}`, ''];
  if (note) lines.push(`  ${note}`, '');
  if (options.kind === 'mock') {
    lines.push(`  ➜  Mock API: ${cyan(`${origin}/`)}`);
  } else {
    // A project that is not the console is named as the project, never "console".
    const served = options.server.console.kind === 'vite' && options.server.console.viteConfig === 'project' ? 'Project' : 'Console';
    lines.push(`  ➜  ${served}: ${cyan(`${origin}/`)}`);
    if (options.kind === 'studio') lines.push(`  ➜  Studio:  ${cyan(`${origin}/_studio/`)}`);
  }
  if (options.server.plantationApi === false) {
    lines.push(`  ➜  API:     the project's own (its paths and its Vite server.proxy)`);
  } else if (api.mode === 'mock') {
    lines.push(`  ➜  API:     mock (seed ${api.mock.seed}${api.mock.latencyMs ? `, latency ${api.mock.latencyMs} ms` : ''}${api.mock.dataFile ? `, data ${api.mock.dataFile}` : ''})`);
    lines.push(`  ➜  Sign in: ${DEMO_ACCOUNT.username} / ${DEMO_ACCOUNT.password}`);
  } else {
    lines.push(`  ➜  API:     proxy to ${api.upstream.origin}${api.upstream.pathname === '/' ? '' : api.upstream.pathname}`);
  }
  if (options.notice) lines.push('', `  ${bold('Note:')} ${options.notice}`);
  if (agents) lines.push('', `  ${bold('Note:')} ${agents}`);
  if (options.listen.host !== '127.0.0.1' && options.listen.host !== 'localhost' && options.listen.host !== '::1') {
    lines.push('', `  ${bold('Note:')} bound to ${options.listen.host}: other machines can reach this server.`);
  }
  lines.push(`  ${dim('press Ctrl-C to stop')}`, '');
  console.log(lines.join('\n'));
}

/** Checks that the console and the API answer through the running server; throws a CliError saying which did not. */
async function smokeTest(origin: string, options: RunOptions): Promise<string[]> {
  const report: string[] = [];
  const get = async (path: string, init?: RequestInit) => {
    try {
      return await fetch(`${origin}${path}`, { ...init, signal: AbortSignal.timeout(60_000) });
    } catch (error) {
      throw new CliError(`Smoke test failed: ${path} did not answer (${(error as Error).message})`);
    }
  };

  if (options.kind !== 'mock') {
    const page = await get('/');
    const html = await page.text();
    if (page.status !== 200 || !html.includes('id="root"')) {
      throw new CliError(`Smoke test failed: / answered ${page.status} without the console page`);
    }
    report.push(`console / answered ${page.status}`);
  }

  const api = options.server.api;
  if (options.server.plantationApi === false) return report;
  if (api.mode === 'mock') {
    const login = await get('/api/account/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_ACCOUNT.username, password: DEMO_ACCOUNT.password }),
    });
    const token = login.ok ? ((await login.json()) as { data?: { token?: string } }).data?.token : undefined;
    if (!token) throw new CliError(`Smoke test failed: mock sign-in answered ${login.status}`);
    const countries = await get('/country/all?page=0&size=6', { headers: { authorization: `Bearer ${token}` } });
    if (countries.status !== 200) throw new CliError(`Smoke test failed: /country/all answered ${countries.status}`);
    report.push(`mock API sign-in and /country/all answered ${countries.status}`);
  } else {
    const answer = await get('/country/all?page=0&size=6');
    if (answer.status === 502 || answer.status === 504) {
      const body = (await answer.json().catch(() => ({}))) as { message?: string };
      throw new CliError(`Smoke test failed: ${body.message ?? `the API host answered ${answer.status}`}`);
    }
    report.push(`API host ${api.upstream.origin} answered /country/all with ${answer.status}`);
  }
  return report;
}

export async function runServer(options: RunOptions): Promise<RunningServer> {
  // The mock, its code and its data, is loaded and made by its first API call, which waits for it (a third of a
  // second): neither the ready line nor the console's first page has to wait, and the first call comes from a person.
  const app = await createServer({ ...options.server, seedMockOnFirstUse: true });
  let port: number;
  let note: string | undefined;
  try {
    ({ port, note } = await listen(app, options.smokeTest && options.listen.port === undefined ? { ...options.listen, port: 0 } : options.listen, options.defaultPort));
  } catch (error) {
    await app.close();
    throw error;
  }
  const origin = `http://${urlHost(options.listen.host)}:${port}`;
  // Where coding agents find this server and its secret (only when it edits a project).
  const agents = await app.agentAccess?.announce(origin);
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= app.close());

  if (options.smokeTest) {
    try {
      const report = await smokeTest(origin, options);
      console.log(`Smoke test passed on ${origin}: ${report.join('; ')}.`);
    } finally {
      await close();
    }
    return { app, origin, close };
  }

  // Why before the banner: whoever waits for the banner may stop the server the moment it appears.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(dim(`\n  ${signal === 'SIGINT' ? 'Ctrl-C' : 'SIGTERM'}: shutting down…`));
      // The close fits well inside the cap under load: every connection is closed at once (keep-alive ones, answers
      // under way, the sockets Vite took), and the parts that wait (Vite's own close, the source engine) are bounded
      // (server/settled-within.ts). The cap is for a close that hangs all the same.
      const timer = setTimeout(() => process.exit(1), SHUTDOWN_CAP_MS);
      timer.unref();
      close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`Error while shutting down: ${(error as Error).message}`);
          process.exit(1);
        },
      );
    });
  }
  printBanner(options, origin, note, agents);
  if (options.listen.open && options.kind !== 'mock') openBrowser(`${origin}/${options.kind === 'studio' ? '_studio/' : ''}`);
  return { app, origin, close };
}
