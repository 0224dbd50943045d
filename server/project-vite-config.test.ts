import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject, type FixtureProject } from '../test-support/fixture-project.js';
import { PACKAGE_ROOT } from './package-info.js';
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
    fs: { allow: ['/somewhere-of-its-own'] },
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
    expect(config.server.fs.allow).toEqual(expect.arrayContaining([project.root, PACKAGE_ROOT, '/somewhere-of-its-own']));
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
