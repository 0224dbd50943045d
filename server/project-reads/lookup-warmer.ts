/**
 * Works out ahead of the first lookup what it reads of every JSX file besides the file's parse: the file's imports
 * as the call sites' index and a constant's uses resolve them, kept with the parse (`keptPerParse`). The frame's first
 * lookup follows bound text to every call site and a constant's literals to every use; on a project of two thousand
 * files resolving them all took seconds after the frame had painted (issue 29).
 */
import type { SourceIndex } from '../engine/source-index.js';
import { keptNamedImports } from '../mutations/component-call-sites.js';
import { sourceLoader } from '../mutations/text-parts.js';
import { resolvedImports } from './constant-uses.js';
import { indexTextSources } from './text-sources.js';

/**
 * A warm-up in steps over the JSX files the index holds now: each call works files out until `budgetMs` have passed
 * and says whether every file is done. Each step reads the files as they are then, as a lookup would.
 */
export function lookupWarmer(index: SourceIndex): (budgetMs: number) => boolean {
  const files = index.cachedFiles().map((file) => file.relative);
  let next = 0;
  return (budgetMs) => {
    const until = performance.now() + budgetMs;
    const sources = indexTextSources(index);
    const load = sourceLoader(sources);
    while (next < files.length) {
      const sourceFile = sources.parsed(files[next]!)?.sourceFile;
      next += 1;
      if (sourceFile) {
        keptNamedImports(sourceFile, load);
        resolvedImports(sourceFile, load);
      }
      if (performance.now() >= until) return next >= files.length;
    }
    return true;
  };
}
