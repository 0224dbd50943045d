/**
 * Options shared by several commands, and their parsing: each bad value becomes a CliError that says what was
 * wrong and what would be right.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { DEFAULT_MOCK_OPTIONS, parseDuration, type MockOptions } from '../mocks/mock-options.js';
import { BUNDLED_CONSOLE_ROOT } from '../server/package-info.js';
import { PROJECT_MARKER } from '../server/project-kind.js';
import { reactRouterFrameworkRefusal } from '../server/react-router-framework.js';
import type { ApiMode } from '../server/create-server.js';
import { CliError } from './cli-error.js';

export const DEFAULT_PORT = 4600;
export const DEFAULT_MOCK_PORT = 4700;
export const DEFAULT_HOST = '127.0.0.1';
export { PROJECT_MARKER } from '../server/project-kind.js';

export function integer(name: string, min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}.`);
    }
    return n;
  };
}

function duration(value: string): number {
  try {
    return parseDuration(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

export function parseApiUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError(`"${value}" is not a URL: give the API host as http(s)://host[:port][/base]`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidArgumentError(`"${value}" must start with http:// or https://`);
  }
  if (!url.hostname) throw new InvalidArgumentError(`"${value}" has no host name`);
  if (url.search || url.hash) throw new InvalidArgumentError(`"${value}" must not have a query or fragment`);
  return url;
}

/** What a host of an exact origin is made of: a DNS name or an IP literal. `*` and the like are not names. */
const ORIGIN_HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?)$/;

/**
 * An exact browser origin, `scheme://host[:port]`, as it appears in an Origin header. The URL parser takes
 * `http://*.example.com` for a host named `*.example.com`, which no browser ever sends: patterns are refused by name,
 * so no one believes a wildcard works.
 */
export function parseOrigin(value: string): string {
  if (/[*?{}]/.test(value)) {
    throw new InvalidArgumentError(
      `"${value}" is not an origin: patterns and wildcards are not supported; give each origin exactly, as http(s)://host[:port] (repeat --cors-origin for several)`,
    );
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError(`"${value}" is not an origin: give it as http(s)://host[:port]`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== value.replace(/\/$/, '') || !ORIGIN_HOST.test(url.hostname)) {
    throw new InvalidArgumentError(`"${value}" is not an origin: give it as http(s)://host[:port], with no path`);
  }
  return url.origin;
}

export interface ListenFlags {
  port?: number;
  host: string;
  open?: boolean;
  allowedHost: string[];
}

export interface ApiFlags {
  api?: URL;
  apiTimeout: number;
  seed: number;
  latency: number;
  data?: string;
  tokenTtl: number;
}

export function addListenOptions(command: Command, defaultPort: number): Command {
  return command
    .addOption(
      new Option('--port <port>', `port to listen on (default ${defaultPort}; when busy, the next free one)`).argParser(
        integer('--port', 0, 65535),
      ),
    )
    .option('--host <host>', 'address to bind; anything but loopback exposes the server to your network', DEFAULT_HOST)
    .option(
      '--allowed-host <name>',
      'a host name besides localhost and IP addresses that may reach the server (repeatable)',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    );
}

export function addApiOptions(command: Command, { proxy }: { proxy: boolean }): Command {
  if (proxy) {
    command
      .addOption(new Option('--api <url>', 'proxy the plantation API to this host instead of the mock').argParser(parseApiUrl))
      .addOption(
        new Option('--api-timeout <ms>', 'how long the API host may take to answer, in ms')
          .argParser(integer('--api-timeout', 1, 600_000))
          .default(30_000),
      );
  }
  return command
    .addOption(
      new Option('--seed <n>', 'mock: seed of the generated data').argParser(integer('--seed', 0, 2 ** 31 - 1)).default(DEFAULT_MOCK_OPTIONS.seed),
    )
    .addOption(
      new Option('--latency <ms>', 'mock: delay every API answer by this many ms').argParser(integer('--latency', 0, 600_000)).default(0),
    )
    .option('--data <file>', 'mock: keep changes in this JSON file (loaded on start, saved atomically)')
    .addOption(
      new Option('--token-ttl <duration>', 'mock: lifetime of sign-in tokens (e.g. 30s, 15m, 8h)')
        .argParser(duration)
        .default(DEFAULT_MOCK_OPTIONS.tokenTtlSeconds, '8h'),
    );
}

export function apiModeFrom(flags: ApiFlags): ApiMode {
  if (flags.api) return { mode: 'proxy', upstream: flags.api, timeoutMs: flags.apiTimeout };
  const mock: MockOptions = {
    seed: flags.seed,
    latencyMs: flags.latency,
    tokenTtlSeconds: flags.tokenTtl,
    ...(flags.data ? { dataFile: resolve(flags.data) } : {}),
  };
  return { mode: 'mock', mock };
}

/** `--root`, else a project made by `init` in the current folder, else the console that ships with the studio. */
export function resolveConsoleRoot(root: string | undefined): string {
  const dir = root ? resolve(root) : existsSync(resolve(PROJECT_MARKER)) ? process.cwd() : BUNDLED_CONSOLE_ROOT;
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new CliError(`--root ${root}: no such folder`);
  if (!existsSync(resolve(dir, 'index.html'))) {
    // A React Router framework-mode app has no index.html either: said as what it is, not as no Vite app.
    const framework = reactRouterFrameworkRefusal(dir);
    if (framework) throw new CliError(framework);
    throw new CliError(
      `${dir} is not a console project or a Vite + React app (it has no index.html); make a console of your own with \`plantation-studio init\``,
    );
  }
  return dir;
}
