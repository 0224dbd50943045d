/**
 * `dev --root` on Vite + React projects that are not the plantation console (test-support/__fixtures__/projects/),
 * each copied outside this repository with its dependencies linked: the real CLI process (from `dist/`, so run
 * `npm run build` first) serves the page with the project's own Vite config, marks its elements with the ids the
 * engine computes from the files on disk, changes no file by starting, and leaves the project's API paths to it.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CODEBASE_ID_ATTRIBUTE } from '../contracts/dom.js';
import { indexJsxElements, parseJsxSource } from '../server/codebase-ids/index-jsx-elements.js';
import { FIXTURE_PROJECTS, fixtureProject, type FixtureProject } from '../test-support/fixture-project.js';
import { CLI_BIN, spawnProcess, startStudioCli, type ReadyProcess } from '../test-support/spawn-ready.js';

const START_TIMEOUT_MS = 60_000;

/** Every file of a project but its installs and build output, with a hash of its bytes. */
function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name === '.plantation-studio') continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(root, path).split(sep).join('/'), createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(root);
  return files;
}

/** The ids the engine gives the elements of one file of the project, as it reads the file on disk. */
function engineIds(root: string, file: string): string[] {
  const path = join(root, ...file.split('/'));
  return indexJsxElements(parseJsxSource(path, readFileSync(path, 'utf8')), file).map((entry) => entry.id);
}

function servedIds(code: string): string[] {
  return [...code.matchAll(new RegExp(`"${CODEBASE_ID_ATTRIBUTE}":\\s*"(tempo-[0-9a-f-]+)"`, 'g'))].map((match) => match[1]!);
}

const FIXTURES = [
  { name: 'tailwind4-postcss-plugin', entry: 'src/main.tsx', component: 'src/App.tsx', text: 'Green rows' },
  { name: 'tanstack-router-app', entry: 'src/main.tsx', component: 'src/routes/index.tsx', text: 'Plantation map' },
  { name: 'jsx-app', entry: 'src/main.jsx', component: 'src/App.jsx', text: 'Clones' },
  { name: 'css-modules', entry: 'src/main.tsx', component: 'src/Card.tsx', text: 'styles.cardTitle' },
] as const;

describe.each(FIXTURES)('dev --root on the $name project', ({ name, entry, component, text }) => {
  let project: FixtureProject;
  let studio: ReadyProcess;
  let before: Map<string, string>;

  beforeAll(async () => {
    project = await fixtureProject(name);
    before = snapshot(project.root);
    studio = await startStudioCli(['--root', project.root, '--port', '0'], { timeoutMs: START_TIMEOUT_MS });
  }, START_TIMEOUT_MS + 10_000);
  afterAll(async () => {
    await studio?.stop();
    await project?.remove();
  });

  it('says at start that the project answers its own API, and names it the project, not the console', () => {
    expect(studio.stdout()).toMatch(/API: +the project's own/);
    expect(studio.stdout()).toMatch(/Project: http:\/\/127\.0\.0\.1:\d+\//);
    expect(studio.stdout()).not.toMatch(/Console:/);
    expect(studio.stdout()).not.toMatch(/Sign in:/);
  });

  it("serves the page through the project's own config, with the studio's overlay", async () => {
    const page = await fetch(`${studio.match}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('/_studio/overlay.js');
    const main = await fetch(`${studio.match}/${entry}`);
    expect(main.status).toBe(200);
    expect(main.headers.get('content-type')).toContain('javascript');
  });

  it('marks the elements of its components with the ids the engine computes from the file on disk', async () => {
    // Through the page's own import of it (a router plugin serves route components from a split module).
    const url = name === 'tanstack-router-app' ? `${component}?tsr-split=component` : component;
    const answer = await fetch(`${studio.match}/${url}`);
    expect(answer.status, url).toBe(200);
    const code = await answer.text();
    expect(code).toContain(text);
    const served = servedIds(code);
    expect(served.length).toBeGreaterThan(0);
    expect(engineIds(project.root, component)).toEqual(expect.arrayContaining(served));
  });

  it('changes no file of the project by starting and serving it', async () => {
    // Whatever the page asks for first: the entry and the component above were served already.
    await fetch(`${studio.match}/`);
    expect(snapshot(project.root)).toEqual(before);
  });
});

describe("dev --root on a project's own files", () => {
  const started = new Set<ReadyProcess>();
  let upstream: Server;
  let upstreamUrl: string;
  let project: FixtureProject;

  beforeAll(async () => {
    upstream = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ from: 'the project upstream', method: request.method, url: request.url }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    project = await fixtureProject('css-modules');
    writeFileSync(
      join(project.root, 'vite.config.ts'),
      [
        "import react from '@vitejs/plugin-react';",
        "import { defineConfig } from 'vite';",
        '',
        'export default defineConfig({',
        '  plugins: [react()],',
        `  server: { proxy: { '/api': '${upstreamUrl}', '/_studio': '${upstreamUrl}' } },`,
        '});',
        '',
      ].join('\n'),
    );
  });
  afterEach(async () => {
    await Promise.all([...started].map((studio) => studio.stop()));
    started.clear();
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => upstream?.close(() => resolve()));
    await project?.remove();
  });

  const start = async (args: string[] = []) => {
    const studio = await startStudioCli(['--root', project.root, '--port', '0', ...args], { timeoutMs: START_TIMEOUT_MS });
    started.add(studio);
    return studio;
  };

  it("answers /api from the project's own server.proxy, every method, and keeps /_studio the studio's", async () => {
    const studio = await start();
    const get = await fetch(`${studio.match}/api/account/login`);
    expect(await get.json()).toMatchObject({ from: 'the project upstream', url: '/api/account/login' });
    const post = await fetch(`${studio.match}/api/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(await post.json()).toMatchObject({ from: 'the project upstream', method: 'POST' });
    const health = await fetch(`${studio.match}/_studio/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', api: { mode: 'project' } });
    // No mock of the console here: its paths are the project's (a page of its own, served by Vite).
    expect(await (await fetch(`${studio.match}/_mock/state`)).text()).not.toContain('demo');
  });

  it('with --plantation-api serves the mock too, except where the project proxies', async () => {
    const studio = await start(['--plantation-api']);
    const login = await fetch(`${studio.match}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo123' }),
    });
    expect(await login.json()).toMatchObject({ from: 'the project upstream', method: 'POST' });
    const vam = await fetch(`${studio.match}/vam/drone/list?page=0&size=6`);
    expect(vam.status).toBe(401);
    expect(await vam.text()).toBe('Invalid JWT token');
  });

  it('refuses --api without --plantation-api, saying why', async () => {
    const cli = spawnProcess(process.execPath, [CLI_BIN, 'dev', '--root', project.root, '--port', '0', '--api', 'http://127.0.0.1:9']);
    const exit = await cli.exited;
    expect(exit.code).toBe(1);
    expect(cli.stderr()).toMatch(/is not the console.*--plantation-api/s);
  });
});

describe('dev --root on a project the studio cannot serve', () => {
  let project: FixtureProject;
  beforeAll(async () => {
    project = await fixtureProject('css-modules');
  });
  afterAll(() => project?.remove());

  const refusal = async (prepare: () => void) => {
    prepare();
    const cli = spawnProcess(process.execPath, [CLI_BIN, 'dev', '--root', project.root, '--port', '0']);
    const timer = setTimeout(() => void cli.kill(), START_TIMEOUT_MS);
    const exit = await cli.exited;
    clearTimeout(timer);
    return { code: exit.code, stderr: cli.stderr(), stdout: cli.stdout() };
  };

  it('exits 1 with what is missing: a React plugin in its Vite config', async () => {
    const result = await refusal(() =>
      writeFileSync(join(project.root, 'vite.config.ts'), "import { defineConfig } from 'vite';\nexport default defineConfig({});\n"),
    );
    expect(result.code, result.stdout).toBe(1);
    expect(result.stderr).toMatch(/vite\.config\.ts has no React plugin/);
    expect(result.stdout).not.toMatch(/Console:/);
  });

  it('exits 1 with what is missing: react among its dependencies', async () => {
    const manifest = join(project.root, 'package.json');
    const original = readFileSync(manifest, 'utf8');
    const result = await refusal(() => {
      const parsed = JSON.parse(original) as { dependencies: Record<string, string> };
      delete parsed.dependencies.react;
      writeFileSync(manifest, JSON.stringify(parsed));
    });
    writeFileSync(manifest, original);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/is not a React project: its package.json has no "react" dependency/);
  });

  it('exits 1 with what is missing: its installed dependencies', async () => {
    const { renameSync } = await import('node:fs');
    const installed = join(project.root, 'node_modules');
    const result = await refusal(() => renameSync(installed, `${installed}-away`));
    renameSync(`${installed}-away`, installed);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/has no installed dependencies \(react cannot be found from it\): run your package manager's install/);
  });

  it('exits 1 with what is missing: a Vite config', async () => {
    const { rmSync } = await import('node:fs');
    const result = await refusal(() => rmSync(join(project.root, 'vite.config.ts')));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/has no Vite config/);
  });
});

describe('dev --root on a React Router framework-mode app', () => {
  let root: string;
  beforeAll(async () => {
    // Copied, not installed: the studio refuses it from its files, before anything of it is loaded.
    root = await mkdtemp(join(tmpdir(), 'studio-project-react-router-framework-'));
    await cp(join(FIXTURE_PROJECTS, 'react-router-framework'), root, { recursive: true });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('exits 1 saying it is framework mode, which mode, and what the studio does not support yet', async () => {
    const cli = spawnProcess(process.execPath, [CLI_BIN, 'dev', '--root', root, '--port', '0']);
    const exit = await cli.exited;
    expect(exit.code).toBe(1);
    const said = cli.stderr();
    expect(said).toContain('is a React Router framework-mode app (react-router.config.ts, app/root.tsx, no index.html), in SPA mode (ssr: false)');
    expect(said).toContain('the studio does not serve framework mode yet, neither SPA mode nor server rendering');
    expect(said).not.toMatch(/not a Vite app|\binit\b/);
    expect(cli.stdout()).not.toMatch(/Console:/);
  });
});

describe.each(FIXTURES)('the $name project on its own', ({ name }) => {
  let project: FixtureProject;
  beforeAll(async () => {
    project = await fixtureProject(name);
  });
  afterAll(() => project?.remove());

  const own = (bin: string, args: string[]) =>
    promisify(execFile)(process.execPath, [join(project.root, 'node_modules', ...bin.split('/')), ...args], { cwd: project.root }).catch(
      (error: { stdout?: string; stderr?: string }) => ({ stdout: `${error.stdout ?? ''}${error.stderr ?? String(error)}`, failed: true }),
    );

  it('type-checks with its own tsconfig (a .jsx project has none) and builds with its own vite', { timeout: 180_000 }, async () => {
    if (existsSync(join(project.root, 'tsconfig.json'))) {
      const checked = await own('typescript/bin/tsc', ['-p', 'tsconfig.json', '--noEmit']);
      expect(checked.stdout).toBe('');
    }
    const built = await own('vite/bin/vite.js', ['build', '--logLevel', 'error']);
    expect('failed' in built, built.stdout).toBe(false);
    expect(readdirSync(join(project.root, 'dist', 'assets')).some((file) => file.endsWith('.js'))).toBe(true);
  });
});

describe('build --root on a project that is not the console', () => {
  let project: FixtureProject;
  beforeAll(async () => {
    project = await fixtureProject('tailwind4-postcss-plugin');
  });
  afterAll(() => project?.remove());

  it("builds it with its own Vite config (its PostCSS Tailwind and its SVG plugin), without the studio's ids or overlay", { timeout: 120_000 }, async () => {
    const out = join(project.root, 'out');
    const cli = spawnProcess(process.execPath, [CLI_BIN, 'build', '--root', project.root, '--out', out]);
    const exit = await cli.exited;
    expect(exit.code, cli.output()).toBe(0);
    const assets = readdirSync(join(out, 'assets'));
    const css = readFileSync(join(out, 'assets', assets.find((file) => file.endsWith('.css'))!), 'utf8');
    expect(css).toContain('.bg-leaf');
    const js = readFileSync(join(out, 'assets', assets.find((file) => file.endsWith('.js'))!), 'utf8');
    // The icon's drawing, inlined by the project's own plugin (without it the file would be an asset URL).
    expect(js).toContain('M11 20A7 7 0 0 1 9.8 6.1');
    expect(js).not.toContain(CODEBASE_ID_ATTRIBUTE);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).not.toContain('overlay');
  });
});
