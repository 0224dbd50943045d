/** The project's files as the text follower reads them for the element lookup: from the engine's index. */
import type { ts } from 'ts-morph';
import { resolveInRoot } from '../engine/safe-paths.js';
import { isJsxFile, type SourceIndex } from '../engine/source-index.js';
import { once } from '../mutations/text-sources.js';
import type { TextSources } from '../mutations/text-home.js';
import { projectSources } from './project-sources.js';

export function indexTextSources(index: SourceIndex): TextSources {
  const scripts = projectSources(index);
  return {
    parsed: once((relative) => {
      if (!isJsxFile(relative)) {
        const sourceFile: ts.SourceFile | null = scripts(relative);
        return sourceFile ? { sourceFile, entries: [] } : null;
      }
      const cached = index.fresh(resolveInRoot(index.root, relative));
      return cached ? cached.parsed : null;
    }),
    jsxFiles: () => index.jsxFiles(),
  };
}
