/**
 * The package as npm ships it: pack it, install the tarball into an empty app from the registry, and run the
 * installed `plantation-studio` from there.
 *
 * Why pack a copy of the sources and not the repo itself: `npm pack` runs `prepare` (the build), which rewrites
 * `dist/` while the other CLI tests run processes from it. The copy shares the repo's node_modules by a symlink,
 * so its build needs no install.
 */
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('..', import.meta.url));
/** Not source: what installs, builds and test runs leave in the repo. */
const NOT_COPIED = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', '.tanstack']);
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = promisify(execFile);

interface Result {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end with its output captured; kills it when it takes longer than the timeout. */
function runCommand(command: string, args: string[], { cwd, timeoutMs }: { cwd: string; timeoutMs: number }): Promise<Result> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NO_COLOR: '1',
      // The installed bin starts with `#!/usr/bin/env node`: let it find the node running these tests.
      PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
    };
    delete env.FORCE_COLOR;
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} did not finish within ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

describe('the packed package', () => {
  let dir: string;
  let tarball: string;
  let app: string;
  let bin: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'plantation-studio-pack-'));

    const source = join(dir, 'source');
    cpSync(REPO, source, {
      recursive: true,
      filter: (path) => !(dirname(path) === REPO.replace(/[\\/]$/, '') && NOT_COPIED.has(basename(path))),
    });
    symlinkSync(join(REPO, 'node_modules'), join(source, 'node_modules'), 'dir');

    const packed = join(dir, 'packed');
    mkdirSync(packed);
    const pack = await runCommand(NPM, ['pack', '--pack-destination', packed], { cwd: source, timeoutMs: 180_000 });
    expect(pack.code, `npm pack failed:\n${pack.stdout}\n${pack.stderr}`).toBe(0);
    const tarballs = readdirSync(packed).filter((name) => name.endsWith('.tgz'));
    expect(tarballs).toHaveLength(1);
    tarball = join(packed, tarballs[0]!);

    app = join(dir, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'pack-check', private: true }, null, 2) + '\n');
    const install = await runCommand(NPM, ['install', '--no-audit', '--no-fund', tarball], { cwd: app, timeoutMs: 240_000 });
    expect(install.code, `npm install of the tarball failed:\n${install.stdout}\n${install.stderr}`).toBe(0);
    bin = join(app, 'node_modules', '.bin', process.platform === 'win32' ? 'plantation-studio.cmd' : 'plantation-studio');
  }, 480_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('holds the built CLI and the console, and no test files', async () => {
    const { stdout } = await run('tar', ['-tzf', tarball], { maxBuffer: 16 * 1024 * 1024 });
    const files = stdout.split('\n').filter(Boolean);
    expect(files).toContain('package/bin/plantation-studio.js');
    expect(files).toContain('package/dist/cli/index.js');
    expect(files).toContain('package/client/console/index.html');
    expect(files.filter((file) => /\.test\.tsx?$|-test-support\.ts$/.test(file))).toEqual([]);
    // The type check's build info, which `npm run typecheck` leaves beside the console's and the contracts' tsconfig.
    expect(files.filter((file) => file.endsWith('.tsbuildinfo'))).toEqual([]);
  });

  it('installed, --help lists the commands', { timeout: 60_000 }, async () => {
    const result = await runCommand(bin, ['--help'], { cwd: app, timeoutMs: 50_000 });
    expect(result.code, result.stderr).toBe(0);
    for (const command of ['dev', 'start', 'build', 'mock', 'init']) {
      expect(result.stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
    }
  });

  it('installed, dev --smoke-test passes', { timeout: 120_000 }, async () => {
    const result = await runCommand(bin, ['dev', '--smoke-test'], { cwd: app, timeoutMs: 110_000 });
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toContain('Smoke test passed');
  });

  it('installed, init makes a console that dev serves and build builds', { timeout: 180_000 }, async () => {
    const result = await runCommand(bin, ['init', 'my-console'], { cwd: app, timeoutMs: 50_000 });
    expect(result.code, result.stderr).toBe(0);
    const tsconfig = JSON.parse(readFileSync(join(app, 'my-console', 'tsconfig.json'), 'utf8')) as { extends?: string; compilerOptions: { strict?: boolean } };
    expect(tsconfig.extends).toBeUndefined();
    expect(tsconfig.compilerOptions.strict).toBe(true);
    const dev = await runCommand(bin, ['dev', '--root', 'my-console', '--smoke-test'], { cwd: app, timeoutMs: 110_000 });
    expect(dev.code, `${dev.stdout}\n${dev.stderr}`).toBe(0);
    const build = await runCommand(bin, ['build', '--root', 'my-console'], { cwd: app, timeoutMs: 110_000 });
    expect(build.code, `${build.stdout}\n${build.stderr}`).toBe(0);
    expect(readdirSync(join(app, 'my-console', 'dist'))).toContain('index.html');
  });
});
