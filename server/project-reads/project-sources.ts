/**
 * Reads the project's source files by root-relative path for the lookups that follow imports (a component's prop
 * types): JSX files from the engine's index (the same parse a change uses), other TypeScript and JavaScript files
 * parsed here and kept while their size and mtime stay the same. Paths are confined to the root like every
 * read of the studio (no `..`, no link leading outside, no `.env`, `node_modules`).
 */
import fs from 'node:fs';
import { ts } from 'ts-morph';
import { resolveInRoot } from '../engine/safe-paths.js';
import { isJsxFile, type SourceIndex } from '../engine/source-index.js';
import type { LoadSource } from './prop-choices.js';

interface ParsedScript {
  absolute: string;
  mtimeMs: number;
  size: number;
  sourceFile: ts.SourceFile;
}

const scriptsOf = new WeakMap<SourceIndex, Map<string, ParsedScript>>();

/** A loader for one lookup call: each file is checked against the disk once per call, however often it is asked for. */
export function projectSources(index: SourceIndex): LoadSource {
  let scripts = scriptsOf.get(index);
  if (!scripts) scriptsOf.set(index, (scripts = new Map()));
  const cache = scripts;
  const seen = new Map<string, ts.SourceFile | null>();
  const load: LoadSource = (relative) => {
    try {
      if (isJsxFile(relative)) return index.freshAt(relative)?.parsed.sourceFile ?? null;
    } catch {
      return null;
    }
    // Known and unchanged: its path was confined to the root when it was read (see `SourceIndex.freshAt`).
    const held = cache.get(relative);
    if (held) {
      const stat = fs.statSync(held.absolute, { throwIfNoEntry: false });
      if (stat?.isFile() && held.mtimeMs === stat.mtimeMs && held.size === stat.size) return held.sourceFile;
    }
    let file;
    try {
      file = resolveInRoot(index.root, relative);
    } catch {
      return null;
    }
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file.absolute);
      if (!stat.isFile()) return null;
    } catch {
      cache.delete(file.relative);
      return null;
    }
    const known = cache.get(file.relative);
    if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.sourceFile;
    const kind = /\.[cm]?js$/.test(file.relative) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
    const sourceFile = ts.createSourceFile(`/${file.relative}`, fs.readFileSync(file.absolute, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    cache.set(file.relative, { absolute: file.absolute, mtimeMs: stat.mtimeMs, size: stat.size, sourceFile });
    return sourceFile;
  };
  return (relative) => {
    if (!seen.has(relative)) seen.set(relative, load(relative));
    return seen.get(relative)!;
  };
}
