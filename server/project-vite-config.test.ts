import { EventEmitter } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { resolveConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject, type FixtureProject } from '../test-support/fixture-project.js';
import { PACKAGE_ROOT } from './package-info.js';
import { findProjectVite, lacksHostCheck } from './project-vite.js';
import { projectViteConfig } from './project-vite-config.js';
import { CODEBASE_ID_PLUGIN_NAME } from './vite-plugins/codebase-id-plugin.js';
import { OVERLAY_INJECTION_PLUGIN_NAME } from './vite-plugins/overlay-injection-plugin.js';

describe("a project's own Vite config with the studio's plugins", () => {
  let project: FixtureProject;

  beforeAll(async () => {
    project = await fixtureProject('css-modules');
    // A project that sets what the studio's perimeter needs otherwise, and a transform of its own ordered first.
    writeFileSync(
      join(project.root, 'vite.config.ts'),
      `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ mode }) => ({
  plugins: [
    { name: 'project-first', enforce: 'pre', transform: { order: 'pre', handler: () => null } },
    { name: 'project-pre', enforce: 'pre', transform: () => null },
    react(),
  ],
  define: { __MODE__: JSON.stringify(mode) },
  server: {
    cors: true,
    hmr: { port: 9999, clientPort: 9999, overlay: false },
    fs: { allow: ['/somewhere-of-its-own', '/', './src'], strict: false, deny: ['**/its-own-secret/**'] },
    watch: { ignored: ['**/its-own/**'] },
    proxy: { '/api': 'http://127.0.0.1:9' },
  },
}));
`,
    );
  });
  afterAll(() => project?.remove());

  const resolved = () => resolveConfig({ ...projectViteConfig({ root: project.root, codebaseIds: true }), logLevel: 'silent' }, 'serve');

  it('is loaded from the project (mode development) and keeps what the project sets for itself', async () => {
    const config = await resolved();
    expect(config.configFile).toBe(join(project.root, 'vite.config.ts'));
    expect(config.mode).toBe('development');
    expect(config.define?.__MODE__).toBe('"development"');
    expect(Object.keys(config.server.proxy ?? {})).toEqual(['/api']);
    expect(config.server.hmr).toMatchObject({ overlay: false });
  });

  it("holds the studio's perimeter: no CORS, strict files with the studio's folder, its own HMR socket, its folder unwatched", async () => {
    const config = await resolved();
    expect(config.server.cors).toBe(false);
    expect(config.server.fs.strict).toBe(true);
    // What the project allows is kept inside the project only: `/` and a folder elsewhere are dropped.
    expect(config.server.fs.allow).toEqual(expect.arrayContaining([project.root, PACKAGE_ROOT, join(project.root, 'src')]));
    expect(config.server.fs.allow).not.toContain('/');
    expect(config.server.fs.allow).not.toContain('/somewhere-of-its-own');
    expect(config.server.fs.deny).toEqual(expect.arrayContaining(['**/its-own-secret/**', '**/.plantation-studio/**', '**/.git/**', '.env']));
    const hmr = config.server.hmr as { port?: number; clientPort?: number };
    expect(hmr.port).toBeUndefined();
    expect(hmr.clientPort).toBeUndefined();
    expect(config.server.watch?.ignored).toEqual(expect.arrayContaining(['**/its-own/**', '**/.plantation-studio/**']));
  });

  it('marks ids before any transform of the project, and injects the overlay', async () => {
    const config = await resolved();
    const transforms = config.getSortedPlugins('transform').map((plugin) => plugin.name);
    expect(transforms.indexOf(CODEBASE_ID_PLUGIN_NAME)).toBeGreaterThanOrEqual(0);
    expect(transforms.indexOf(CODEBASE_ID_PLUGIN_NAME)).toBeLessThan(transforms.indexOf('project-pre'));
    expect(config.plugins.map((plugin) => plugin.name)).toContain(OVERLAY_INJECTION_PLUGIN_NAME);
  });
});

describe("the perimeter on the project's own Vite 6", () => {
  let project: FixtureProject;
  beforeAll(async () => {
    project = await fixtureProject('vite6-app');
    // A project that turns HMR off and points its socket elsewhere: Vite 6 would then open a socket of its own.
    writeFileSync(
      join(project.root, 'vite.config.ts'),
      "import react from '@vitejs/plugin-react';\nimport { defineConfig } from 'vite';\nexport default defineConfig({ plugins: [react()], server: { cors: true, hmr: false } });\n",
    );
  });
  afterAll(() => project?.remove());

  it('is found from the project, and its resolveConfig keeps the socket on the studio server, no CORS and strict files', async () => {
    const vite = findProjectVite(project.root);
    expect(vite.version).toMatch(/^6\./);
    expect(vite.own).toBe(true);
    const { resolveConfig: resolveWithProjectVite } = (await import(vite.entry)) as typeof import('vite');
    const socketServer = new EventEmitter() as unknown as Server;
    const config = await resolveWithProjectVite(
      { ...projectViteConfig({ root: project.root, codebaseIds: true, socket: { server: socketServer, viteMajor: 6 } }), logLevel: 'silent' },
      'serve',
    );
    expect(config.configFile).toBe(join(project.root, 'vite.config.ts'));
    expect((config.server.hmr as { server?: unknown }).server).toBe(socketServer);
    expect(config.server.cors).toBe(false);
    expect(config.server.fs.strict).toBe(true);
    expect(config.getSortedPlugins('transform').map((plugin) => plugin.name)[0]).toBe(CODEBASE_ID_PLUGIN_NAME);
    expect(config.plugins.map((plugin) => plugin.name)).toContain(OVERLAY_INJECTION_PLUGIN_NAME);
  });
});

describe('which Vite serves a project', () => {
  it("serves a project on a Vite older than 5 with the studio's own, and says so; refuses one without vite", async () => {
    const root = await mkdtemp(join(tmpdir(), 'studio-old-vite-'));
    try {
      writeFileSync(join(root, 'package.json'), '{"name":"old","private":true}');
      expect(() => findProjectVite(root)).toThrow(/has no installed vite/);
      const vitePackage = join(root, 'node_modules', 'vite');
      mkdirSync(join(vitePackage, 'dist', 'node'), { recursive: true });
      writeFileSync(join(vitePackage, 'package.json'), '{"name":"vite","version":"4.5.0","type":"module","exports":{".":{"import":"./dist/node/index.js"}}}');
      writeFileSync(join(vitePackage, 'dist', 'node', 'index.js'), 'export const version = "4.5.0";\n');
      const vite = findProjectVite(root);
      expect(vite.own).toBe(false);
      expect(vite.version).toMatch(/^8\./);
      expect(vite.notice).toContain('installs Vite 4.5.0');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });


  it('says when a Vite has no Host check of its own', () => {
    expect(lacksHostCheck('5.4.11')).toBe(true);
    expect(lacksHostCheck('5.4.12')).toBe(false);
    expect(lacksHostCheck('6.0.8')).toBe(true);
    expect(lacksHostCheck('6.0.9')).toBe(false);
    expect(lacksHostCheck('7.0.0')).toBe(false);
    expect(lacksHostCheck('8.3.8')).toBe(false);
  });
});
