import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consoleViteConfig } from '../console-vite-config.js';
import { BUNDLED_CONSOLE_ROOT } from '../package-info.js';
import { OVERLAY_INJECTION_PLUGIN_NAME, overlayInjectionPlugin } from './overlay-injection-plugin.js';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('overlay injection plugin', () => {
  it('adds the overlay script to the served page only, deferred', () => {
    const plugin = overlayInjectionPlugin();
    expect(plugin.apply).toBe('serve');
    const hook = plugin.transformIndexHtml as { handler: () => unknown };
    expect(hook.handler()).toEqual([{ tag: 'script', attrs: { src: '/_studio/overlay.js', defer: true }, injectTo: 'head' }]);
  });

  it('is part of the studio dev config only', () => {
    const names = (options: Parameters<typeof consoleViteConfig>[0]) =>
      (consoleViteConfig(options).plugins ?? []).flat().map((plugin) => (plugin as { name?: string } | null)?.name);
    expect(names({ root: BUNDLED_CONSOLE_ROOT, codebaseIds: true })).toContain(OVERLAY_INJECTION_PLUGIN_NAME);
    expect(names({ root: BUNDLED_CONSOLE_ROOT })).not.toContain(OVERLAY_INJECTION_PLUGIN_NAME);
  });

  it("the console's build never contains the overlay, even with the studio's dev plugins asked for", async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'console-build-'));
    try {
      const { build } = await import('vite');
      await build({ ...consoleViteConfig({ root: BUNDLED_CONSOLE_ROOT, outDir, codebaseIds: true }), logLevel: 'silent' });
      const files = await filesUnder(outDir);
      expect(files.some((file) => file.endsWith('index.html'))).toBe(true);
      for (const file of files) {
        const text = await readFile(file, 'utf8');
        expect(text, file).not.toContain('/_studio/overlay.js');
        expect(text, file).not.toContain('plantation-studio-overlay');
      }
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }, 180_000);
});
