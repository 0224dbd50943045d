import { describe, expect, it } from 'vitest';
import { bundleSizes } from './bundle-bench.js';
import type { Manifest } from './console-build.js';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_vendor.js'], dynamicImports: ['src/routes/drone.tsx?tsr-split=component'], css: ['assets/index-a.css'] },
  '_vendor.js': { file: 'assets/vendor-b.js', css: ['assets/vendor-b.css'] },
  '_shared.js': { file: 'assets/shared-c.js' },
  'src/routes/drone.tsx?tsr-split=component': { file: 'assets/drone-d.js', src: 'src/routes/drone.tsx?tsr-split=component', isDynamicEntry: true, imports: ['_vendor.js', '_shared.js'] },
  'src/routes/tree.tsx?tsr-split=component': { file: 'assets/tree-e.js', src: 'src/routes/tree.tsx?tsr-split=component', isDynamicEntry: true, imports: ['_shared.js'], css: ['assets/tree-e.css'] },
};
const sizes: Record<string, number> = {
  'assets/index-a.js': 50,
  'assets/vendor-b.js': 70,
  'assets/shared-c.js': 3,
  'assets/drone-d.js': 5,
  'assets/tree-e.js': 4,
  'assets/index-a.css': 6,
  'assets/vendor-b.css': 1,
  'assets/tree-e.css': 2,
};

describe('bundleSizes', () => {
  it('counts the entry and its static imports as initial, and per route only what it adds', async () => {
    const result = await bundleSizes(manifest, async (file) => sizes[file]!);
    expect(result.initialJs).toBe(120);
    expect(result.initialCss).toBe(7);
    expect(Object.fromEntries(result.routes)).toEqual({ 'src/routes/drone.tsx': 8, 'src/routes/tree.tsx': 9 });
  });

  it('refuses a manifest without an entry', async () => {
    await expect(bundleSizes({ a: { file: 'a.js' } }, async () => 1)).rejects.toThrow(/no entry/);
  });
});
