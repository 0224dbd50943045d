/**
 * `dev` run from an installed package with no project (`npx plantation-studio dev` in a folder `init` did not make):
 * the console installed with the studio is served read-only. The package is "installed" here by a link in a
 * `node_modules` folder to this checkout, run with Node's --preserve-symlinks so it sees itself there, as npx does.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnReady, BANNER_URL, type ReadyProcess } from '../test-support/spawn-ready.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const CONSOLE = join(REPO, 'client', 'console');

/** The console's own files (not its caches, nor the studio's folder, which other tests of this checkout use). */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      if (name === 'node_modules' || name === '.plantation-studio' || name === 'dist') continue;
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(dir, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(dir);
  return files;
}

describe('dev from an installed package with no project', () => {
  let base: string;
  let studio: ReadyProcess;
  let before: Map<string, string>;

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'studio-installed-'));
    mkdirSync(join(base, 'node_modules'));
    symlinkSync(REPO, join(base, 'node_modules', 'plantation-studio'), 'dir');
    const elsewhere = join(base, 'work');
    mkdirSync(elsewhere);
    before = snapshot(CONSOLE);
    const bin = join(base, 'node_modules', 'plantation-studio', 'bin', 'plantation-studio.js');
    studio = await spawnReady(process.execPath, ['--preserve-symlinks', '--preserve-symlinks-main', bin, 'dev', '--port', '0'], {
      cwd: elsewhere,
      ready: BANNER_URL,
      timeoutMs: 60_000,
    });
  }, 70_000);
  afterAll(async () => {
    await studio?.stop();
    rmSync(base, { recursive: true, force: true });
  });

  it('says at start that the console is read-only and how to make a project', () => {
    expect(studio.stdout()).toMatch(/Read-only: this is the console installed with the studio/);
    expect(studio.stdout()).toContain('plantation-studio init <folder>');
  });

  it('serves the console, and the studio says why nothing can be written', async () => {
    const page = await fetch(`${studio.match}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="root"');
    const health = (await (await fetch(`${studio.match}/_studio/api/health`)).json()) as { editable: boolean; readOnly?: string };
    expect(health.editable).toBe(false);
    expect(health.readOnly).toContain('plantation-studio init');
  });

  it('refuses every studio write with a clear error that points to init', async () => {
    for (const path of ['/_studio/api/canvases/default/parseAndMutate/mutate/addClass', '/_studio/api/canvases/default', '/_studio/api/anything']) {
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const answer = await fetch(`${studio.match}${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'DELETE' ? undefined : '{}' });
        expect(answer.status, `${method} ${path}`).toBe(403);
        const body = (await answer.json()) as { code: string; message: string };
        expect(body.code).toBe('PROJECT_READ_ONLY');
        expect(body.message).toContain('plantation-studio init');
      }
    }
  });

  it("writes nothing into the installed console's files", async () => {
    await fetch(`${studio.match}/src/main.tsx`);
    expect(snapshot(CONSOLE)).toEqual(before);
  });
});
