/**
 * The project's files as the text follower (text-home.ts) reads them: from a change's context (so the offsets it
 * finds are those of the files the change edits) or, for the element lookup, from the engine's index
 * (server/project-reads/text-sources.ts). Each file is read and parsed once per use.
 */
import { projectAliases } from '../engine/import-conventions.js';
import type { MutationContext } from '../engine/mutation-transform.js';
import type { ParsedProjectFile, TextSources } from './text-home.js';

export function once(read: (relative: string) => ParsedProjectFile | null): (relative: string) => ParsedProjectFile | null {
  const seen = new Map<string, ParsedProjectFile | null>();
  return (relative) => {
    if (!seen.has(relative)) {
      let parsed: ParsedProjectFile | null;
      try {
        parsed = read(relative);
      } catch {
        // A path the root does not hold (outside it, a link leading out, a file not UTF-8) has no text to follow.
        parsed = null;
      }
      seen.set(relative, parsed);
    }
    return seen.get(relative)!;
  };
}

export function contextTextSources(context: MutationContext): TextSources {
  return {
    parsed: once((relative) => {
      if (!/\.[cm]?[jt]sx?$/.test(relative)) return null;
      const file = context.file(relative);
      if (!file.existed) return null;
      return file.parsed ?? { sourceFile: context.parseText(relative, file.text).sourceFile, entries: [] };
    }),
    ...(context.jsxFiles ? { jsxFiles: () => context.jsxFiles!() } : {}),
    aliases: projectAliases(context),
  };
}

