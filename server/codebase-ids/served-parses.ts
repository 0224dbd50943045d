/**
 * The parses the codebase-id plugin made of the files it served, kept for the engine's index. Why: after a restart
 * the index is empty, and the frame's first element lookup used to parse every JSX file of the root although the
 * plugin had just parsed the very files the frame shows. The index takes a parse from here only for the exact text
 * it read from disk itself (`parseFor`), so an element's identity stays one function (`indexJsxElements`) of one
 * text, and the index still confines and checks every file as it always does.
 *
 * One store per process: the plugin (inside Vite) and the engine (behind the studio's routes) meet only here.
 */
import type { ts } from 'ts-morph';
import { indexJsxElements, parseJsxSource, type JsxElementEntry } from './index-jsx-elements.js';

export interface ServedParse {
  /** Root-relative POSIX path the ids were computed from. */
  relative: string;
  text: string;
  /** Parsed under the name `/<relative>`, as the index names its files. */
  sourceFile: ts.SourceFile;
  entries: JsxElementEntry[];
}

/** Files kept at most: a served project's JSX files; past it the oldest go (the index then parses them itself). */
export const SERVED_PARSES_LIMIT = 5_000;

export class ServedParses {
  /** Absolute path (as Vite names the module, without its query) → its last parse. */
  private readonly byFile = new Map<string, ServedParse>();
  /** Codebase id → the absolute path of the last parse that had it. */
  private readonly fileOfId = new Map<string, string>();

  constructor(private readonly limit = SERVED_PARSES_LIMIT) {}

  /** Parses and indexes `text`, the file at `absolute` as Vite loaded it, and keeps the result. */
  parse(absolute: string, relative: string, text: string): JsxElementEntry[] {
    const sourceFile = parseJsxSource(`/${relative}`, text);
    const entries = indexJsxElements(sourceFile, relative);
    this.forget(absolute);
    if (this.byFile.size >= this.limit) this.forget(this.byFile.keys().next().value!);
    this.byFile.set(absolute, { relative, text, sourceFile, entries });
    for (const entry of entries) this.fileOfId.set(entry.id, absolute);
    return entries;
  }

  /** The kept parse of the file at `absolute`, only if it was made of exactly `text` under the same relative path. */
  parseFor(absolute: string, relative: string, text: string): ServedParse | null {
    const served = this.byFile.get(absolute);
    return served && served.relative === relative && served.text === text ? served : null;
  }

  /** The last parse the plugin served of the file at `absolute`, whatever its text: what the page's ids are of. */
  lastOf(absolute: string): ServedParse | undefined {
    return this.byFile.get(absolute);
  }

  /** Where the plugin last served an element with this id (a hint: the index reads and checks that file). */
  fileOf(id: string): string | undefined {
    return this.fileOfId.get(id);
  }

  private forget(absolute: string): void {
    const served = this.byFile.get(absolute);
    if (!served) return;
    for (const entry of served.entries) if (this.fileOfId.get(entry.id) === absolute) this.fileOfId.delete(entry.id);
    this.byFile.delete(absolute);
  }
}

/** This process's store: written by the codebase-id plugin, read by the engine's index. */
export const servedParses = new ServedParses();
