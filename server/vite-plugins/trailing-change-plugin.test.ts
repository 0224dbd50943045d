/**
 * The trailing change on a real Vite dev server over a temporary folder: chokidar tells the first `change` of a file
 * and drops the others of the next 50 ms; with the plugin the watcher's listeners are told again once that window is
 * over, and read the file's last text.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Plugin, ViteDevServer } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { consoleViteConfig } from '../console-vite-config.js';
import { projectViteConfig } from '../project-vite-config.js';
import { TRAILING_CHANGE_PLUGIN_NAME, TRAILING_CHECK_MS, trailingChangePlugin } from './trailing-change-plugin.js';

/** Long enough for a trailing change to have been told, with room for a busy machine. */
const SETTLED_MS = TRAILING_CHECK_MS * 4;

interface Told {
  event: string;
  file: string;
  /** The file's text when the listener was told, as Vite's hot reload reads it. */
  text: string | null;
}

function textOf(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

describe('trailingChangePlugin', () => {
  let root: string;
  let vite: ViteDevServer | undefined;
  let told: Told[];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'plantation-trailing-change-'));
    mkdirSync(join(root, 'src'));
  });
  afterEach(async () => {
    await vite?.close();
    vite = undefined;
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  /** A dev server on the folder with `plugins`, once its watcher tells of a file written in it. */
  async function serve(plugins: Plugin[]): Promise<ViteDevServer> {
    const { createServer } = await import('vite');
    vite = await createServer({
      configFile: false,
      root,
      logLevel: 'silent',
      appType: 'custom',
      plugins,
      server: { middlewareMode: true, hmr: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    told = [];
    vite.watcher.on('all', (event: string, file: string) => told.push({ event, file, text: event === 'unlink' ? null : textOf(file) }));
    // Chokidar's first scan may not be over when the server is: a probe written until it is told of.
    const probe = join(root, 'probe.txt');
    for (let attempt = 0; !told.some((entry) => entry.file === probe); attempt++) {
      if (attempt === 100) throw new Error('the watcher never told of the probe');
      writeFileSync(probe, String(attempt));
      await sleep(50);
    }
    await sleep(SETTLED_MS);
    told = [];
    return vite;
  }

  /** Writes `file` with `first`, waits until a listener was told of it, and writes `second` 5 ms after. */
  async function writeTwiceQuickly(file: string, first: string, second: string): Promise<void> {
    writeFileSync(file, first);
    await vi.waitFor(() => expect(told.some((entry) => entry.file === file)).toBe(true), { timeout: 5_000, interval: 1 });
    await sleep(5);
    writeFileSync(file, second);
  }

  const changesOf = (file: string) => told.filter((entry) => entry.file === file && entry.event === 'change').map((entry) => entry.text);

  it('tells a second write within chokidar’s 50 ms to every listener, `change` and `all`, with the second text', async () => {
    const file = join(root, 'src', 'page.tsx');
    writeFileSync(file, 'export const text = "start";\n');
    const server = await serve([trailingChangePlugin()]);
    const changeTexts: Array<string | null> = [];
    server.watcher.on('change', (path: string) => path === file && changeTexts.push(textOf(path)));

    await writeTwiceQuickly(file, 'export const text = "first";\n', 'export const text = "second";\n');

    await vi.waitFor(() => expect(changesOf(file).at(-1)).toBe('export const text = "second";\n'), { timeout: 5_000 });
    await vi.waitFor(() => expect(changeTexts.at(-1)).toBe('export const text = "second";\n'), { timeout: 5_000 });
  });

  it('tells a stylesheet written twice too: any file the watcher watches', async () => {
    const file = join(root, 'src', 'page.css');
    writeFileSync(file, '.a { color: red; }\n');
    await serve([trailingChangePlugin()]);

    await writeTwiceQuickly(file, '.a { color: green; }\n', '.a { color: blue; }\n');

    await vi.waitFor(() => expect(changesOf(file).at(-1)).toBe('.a { color: blue; }\n'), { timeout: 5_000 });
  });

  it('tells a single write once: nothing more when the file has not changed since', async () => {
    const file = join(root, 'src', 'once.ts');
    writeFileSync(file, 'export const n = 0;\n');
    await serve([trailingChangePlugin()]);

    writeFileSync(file, 'export const n = 1;\n');
    await vi.waitFor(() => expect(changesOf(file)).toHaveLength(1), { timeout: 5_000 });
    await sleep(SETTLED_MS);
    expect(changesOf(file)).toEqual(['export const n = 1;\n']);
  });

  it('leaves a file removed within the window to chokidar’s `unlink`: no change of a file that is gone', async () => {
    const file = join(root, 'src', 'gone.ts');
    writeFileSync(file, 'export const n = 0;\n');
    await serve([trailingChangePlugin()]);

    writeFileSync(file, 'export const n = 1;\n');
    await sleep(5);
    rmSync(file);

    await vi.waitFor(() => expect(told.some((entry) => entry.file === file && entry.event === 'unlink')).toBe(true), { timeout: 5_000 });
    await sleep(SETTLED_MS);
    expect(told.filter((entry) => entry.file === file).at(-1)?.event).toBe('unlink');
    expect(changesOf(file)).not.toContain(null);
  });

  it('looks at nothing after the server closed: no change emitted once the watcher is closed', async () => {
    const file = join(root, 'src', 'closing.ts');
    writeFileSync(file, 'export const n = 0;\n');
    const server = await serve([trailingChangePlugin()]);
    const emit = vi.spyOn(server.watcher, 'emit');

    await writeTwiceQuickly(file, 'export const n = 1;\n', 'export const n = 2;\n');
    const closing = Date.now();
    await server.close();
    vite = undefined;
    expect(Date.now() - closing).toBeLessThan(5_000);
    emit.mockClear();
    await sleep(SETTLED_MS);
    expect(emit.mock.calls.filter(([event]) => event === 'change' || event === 'all')).toEqual([]);
  });

  it('is a plugin of the console’s and every project’s dev server, and of no build', async () => {
    const names = (plugins: unknown) => (plugins as Array<{ name?: string } | null>).flat().map((plugin) => plugin?.name);
    expect(names(consoleViteConfig({ root }).plugins)).toContain(TRAILING_CHANGE_PLUGIN_NAME);
    expect(names(consoleViteConfig({ root, codebaseIds: true }).plugins)).toContain(TRAILING_CHANGE_PLUGIN_NAME);
    const project = join(root, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'vite.config.mjs'), 'export default {};\n');
    expect(names(projectViteConfig({ root: project, codebaseIds: true }).plugins)).toContain(TRAILING_CHANGE_PLUGIN_NAME);
    expect(names(projectViteConfig({ root: project }).plugins)).toContain(TRAILING_CHANGE_PLUGIN_NAME);
    expect(trailingChangePlugin().apply).toBe('serve');
  });
});
