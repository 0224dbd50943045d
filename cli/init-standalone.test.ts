/**
 * `init` makes a project that stands alone: run the real CLI into a temporary folder, link the dependencies its
 * package.json names to this checkout's installed packages (as the fixture projects are, no network), then the
 * project's own TypeScript and Vite type-check and build it with its own tsconfig and vite.config.ts; nothing in it
 * points into the studio. `dev --root` still serves it.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedPackageFor } from '../test-support/fixture-project.js';
import { CLI_BIN } from '../test-support/spawn-ready.js';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('..', import.meta.url));

interface Manifest {
  name: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

describe('init makes a standalone project', () => {
  let base: string;
  let project: string;
  let printed: string;

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'studio-init-'));
    project = join(base, 'my-console');
    ({ stdout: printed } = await run(process.execPath, [CLI_BIN, 'init', project], { cwd: base, env: { ...process.env, NO_COLOR: '1' } }));
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as Manifest;
    for (const [name, range] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })) {
      const link = join(project, 'node_modules', ...name.split('/'));
      await mkdir(dirname(link), { recursive: true });
      await symlink(installedPackageFor(name, range), link, 'dir');
    }
  }, 60_000);
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('writes a package.json with the scripts and the dependencies the console needs, at the studio’s versions', () => {
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as Manifest;
    const studio = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as Manifest;
    expect(manifest.name).toBe('my-console');
    expect(Object.keys(manifest.scripts).sort()).toEqual(['build', 'dev', 'test', 'typecheck']);
    for (const name of ['react', 'react-dom', '@tanstack/react-router', '@tanstack/react-query', 'zod']) {
      expect(manifest.dependencies[name], name).toBe(studio.dependencies[name]);
    }
    for (const name of ['vite', '@vitejs/plugin-react', 'tailwindcss', '@tailwindcss/vite', '@tanstack/router-plugin', 'typescript', 'vitest']) {
      expect(manifest.devDependencies[name], name).toBe(studio.dependencies[name] ?? studio.devDependencies[name]);
    }
  });

  it('points nowhere outside itself: its own contracts, tsconfig and Vite config', () => {
    for (const file of ['tsconfig.json', 'vite.config.ts', 'package.json']) {
      const text = readFileSync(join(project, file), 'utf8');
      expect(text, file).not.toContain(REPO.replace(/\/$/, ''));
      expect(text, file).not.toMatch(/\.\.\//);
      expect(text, file).not.toContain('plantation-studio');
    }
    expect(existsSync(join(project, 'contracts', 'api.ts'))).toBe(true);
    const tsconfig = JSON.parse(readFileSync(join(project, 'tsconfig.json'), 'utf8')) as { extends?: string; compilerOptions: { paths: Record<string, string[]> } };
    expect(tsconfig.extends).toBeUndefined();
    expect(tsconfig.compilerOptions.paths['@contracts/*']).toEqual(['./contracts/*']);
  });

  it("keeps nothing of the studio's own type check: no build info, no `incremental`", () => {
    const tsconfig = JSON.parse(readFileSync(join(project, 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };
    expect(tsconfig.compilerOptions.incremental).toBeUndefined();
    expect(existsSync(join(project, 'tsconfig.tsbuildinfo'))).toBe(false);
  });

  it('writes a .gitignore and says what to commit and what to ignore in .plantation-studio/', () => {
    const ignored = readFileSync(join(project, '.gitignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['node_modules/', 'dist/', '.plantation-studio/']));
    expect(printed).toMatch(/Commit everything but/);
    expect(printed).toMatch(/Ignore \.plantation-studio\//);
    expect(printed).toContain('npm install');
  });

  it('type-checks with its own TypeScript and tsconfig', { timeout: 180_000 }, async () => {
    const result = await run(process.execPath, [join(project, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json', '--noEmit'], { cwd: project }).catch(
      (error: { stdout?: string; code?: number }) => ({ stdout: error.stdout ?? String(error), code: error.code }),
    );
    expect(result.stdout).toBe('');
  });

  it('builds with its own Vite and vite.config.ts', { timeout: 180_000 }, async () => {
    await run(process.execPath, [join(project, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: project });
    expect(readdirSync(join(project, 'dist', 'assets')).some((name) => name.endsWith('.js'))).toBe(true);
    expect(readFileSync(join(project, 'dist', 'index.html'), 'utf8')).not.toContain('overlay');
  });

  it('is still served by dev --root, as the console (smoke test)', { timeout: 120_000 }, async () => {
    const { stdout } = await run(process.execPath, [CLI_BIN, 'dev', '--root', project, '--smoke-test'], { cwd: base, env: { ...process.env, NO_COLOR: '1' } });
    expect(stdout).toMatch(/Smoke test passed.*mock API sign-in/s);
  });
});
