/**
 * The CSS a Tailwind 3 project's own Tailwind generates for given classes: its PostCSS plugin with the project's
 * config, the classes as the only content, and only `@tailwind utilities` (the page already has the base and
 * components layers). Tailwind 3 writes plain rules, not cascade layers, so the answer stays unlayered like the page's.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DetectedTailwind } from './project-tailwind.js';
import type { LoadedTailwind3 } from './tailwind3.js';

type PostcssPlugin = object;
interface Postcss {
  (plugins: PostcssPlugin[]): { process(css: string, options: { from: string }): PromiseLike<{ css: string }> };
}

/** The project's `postcss` (Tailwind 3's peer), or the studio's when the project resolves none. */
function postcssFor(tailwind: DetectedTailwind): Postcss {
  try {
    return createRequire(path.join(tailwind.packageDir, 'package.json'))('postcss') as Postcss;
  } catch {
    return createRequire(import.meta.url)('postcss') as Postcss;
  }
}

export async function tailwind3Css(tailwind: DetectedTailwind, loaded: LoadedTailwind3, candidates: string[]): Promise<string> {
  const plugin = loaded.require(tailwind.packageDir) as (config: object) => PostcssPlugin;
  // Why `raw` content with an html extension: Tailwind 3's default extractor then reads each candidate whole,
  // variants and arbitrary values included, and no file is scanned.
  const config = { ...loaded.own, content: [{ raw: candidates.join(' '), extension: 'html' }] };
  const result = await postcssFor(tailwind)([plugin(config)]).process('@tailwind utilities;', { from: tailwind.entryPath });
  return result.css;
}
