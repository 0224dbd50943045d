import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANVAS_FOLDER } from '../contracts/studio-api.js';
import { consoleViteConfig } from './console-vite-config.js';

describe("the console's Vite config", () => {
  let root: string;
  let vite: ViteDevServer;
  beforeAll(async () => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'console-vite-config-')));
    fs.mkdirSync(path.join(root, 'src', 'routes'), { recursive: true });
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(
      path.join(root, 'src', 'routes', '__root.tsx'),
      `import { createRootRoute, Outlet } from '@tanstack/react-router';\nexport const Route = createRootRoute({ component: () => <Outlet /> });\n`,
    );
    // There before the watcher starts, as in a project that has saved canvases before.
    fs.mkdirSync(path.join(root, ...CANVAS_FOLDER.split('/')), { recursive: true });
    fs.writeFileSync(path.join(root, ...CANVAS_FOLDER.split('/'), 'default.json'), '{}');
    const config = consoleViteConfig({ root, codebaseIds: true });
    vite = await createServer({ ...config, logLevel: 'silent', optimizeDeps: { noDiscovery: true, include: [] }, server: { ...config.server, middlewareMode: true, hmr: false } });
  });
  afterAll(async () => {
    await vite?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("does not watch the studio's canvases: saving one never reloads the console", async () => {
    const seen: string[] = [];
    vite.watcher.on('all', (_event, file) => seen.push(path.relative(root, file).split(path.sep).join('/')));
    const canvas = path.join(root, ...CANVAS_FOLDER.split('/'), 'default.json');
    const writeUntilSeen = async (relative: string) => {
      const deadline = Date.now() + 15_000;
      for (let round = 0; !seen.includes(relative) && Date.now() < deadline; round += 1) {
        fs.writeFileSync(path.join(root, ...relative.split('/')), `.c${round} {}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    // The watcher is up once it reports a file of the project; a canvas saved then, and another file after it,
    // would be reported in that order.
    await writeUntilSeen('src/before.css');
    fs.writeFileSync(canvas, JSON.stringify({ saved: 1 }));
    fs.writeFileSync(path.join(root, ...CANVAS_FOLDER.split('/'), 'new-canvas.json'), '{}');
    await writeUntilSeen('src/control.css');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen, 'the watcher works at all').toContain('src/control.css');
    expect(seen.filter((file) => file.startsWith('.plantation-studio'))).toEqual([]);
  });
});
