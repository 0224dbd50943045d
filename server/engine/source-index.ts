/**
 * The root's JSX files as last read, parsed once into the one long-lived ts-morph Project, with the id → file
 * index. A cached file is trusted only while the disk still has the same size and mtime (and, when those moved,
 * the same SHA-256): anything edited outside the studio is read and indexed again before it is used. Texts are
 * kept without their byte order mark (the Project drops it, and positions must match); a file that is not UTF-8
 * is indexed from a lossy reading, for lookups, and marked so that no change writes it.
 *
 * A file whose text on disk is exactly what the codebase-id plugin served takes the plugin's parse of it
 * (`served-parses.ts`) instead of parsing it again, and an id the index has not met is looked for first in the file
 * the plugin served it from: the frame's first lookup after a restart reads a few files, not the whole root.
 *
 * A file changed on disk by someone else (the person's code editor) is compared with the text its ids were last given
 * from: the index's own parse, or, for a file the index does not hold, the plugin's parse of what it last served (the
 * page's ids, which an agent may hold from the frame). The store of served parses is bounded (`SERVED_PARSES_LIMIT`
 * files) and no other text is kept: a file with neither is reported with its text before unknown.
 *
 * A file the engine changes is not parsed whole again: its new parse is the old one with the changed element
 * re-parsed alone (`local-reparse.ts`), when the old parse is the index's own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { indexJsxElements, parseJsxSource, type JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import { servedParses, type ServedParse, type ServedParses } from '../codebase-ids/served-parses.js';
import type { ParsedSource } from './editable-file.js';
import { reparseLocally, settleParse } from './local-reparse.js';
import { confine, resolveInRoot, type RootFile } from './safe-paths.js';
import { decodeSource, sha256, type SourceText } from './source-text.js';

export { sha256 };

export interface CachedFile extends RootFile {
  /** Without the byte order mark. */
  text: string;
  bom: boolean;
  /** Why the file is not UTF-8 (it is then never written), or null. */
  encodingProblem: string | null;
  /** SHA-256 of the bytes on disk. */
  hash: string;
  mtimeMs: number;
  size: number;
  parsed: ParsedSource;
}

/** A file as an earlier reading had it: what a rewrite on disk is compared with. */
export interface EarlierFile {
  relative: string;
  parsed: ParsedSource;
}

const JSX_FILE = /\.(?:tsx|jsx)$/;
/** Folders never searched for elements: dependencies, history, build output, caches. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'build', 'coverage', '.vite', '.tanstack']);

export function isJsxFile(relative: string): boolean {
  return JSX_FILE.test(relative);
}

/** Whether `rescan` would index this root-relative path (its folders are searched, it is a JSX file). */
function isScannedPath(relative: string): boolean {
  const folders = relative.split('/').slice(0, -1);
  return isJsxFile(relative) && !folders.some((folder) => SKIPPED_FOLDERS.has(folder) || folder.startsWith('.'));
}

export class SourceIndex {
  private readonly files = new Map<string, CachedFile>();
  /** Trees the index made itself: only these are re-used in place by a local re-parse (not the plugin's). */
  private readonly owned = new WeakSet<ts.SourceFile>();
  private readonly fileOfId = new Map<string, string>();
  private scanned = false;
  /**
   * Parses made from the one before and written, whose trees are not spliced yet (`settleParse`), oldest first. Why
   * not at once: splicing shifts every node after the change, half the file's nodes on average, and nothing of the
   * change's answer needs it; the engine settles them in the turn after the change (`settle`), and anything that reads
   * the index settles them first.
   */
  private readonly unsettled: ParsedSource[] = [];
  /**
   * The plugin's parses the index has read the file since (or compared a rewrite with): a later change is compared
   * with the index's own reading, never again with these. Weak: it keeps nothing the store has let go.
   */
  private readonly followed = new WeakSet<ServedParse>();
  /**
   * Told when a file the index held, or the plugin served, is found changed or gone on disk, not by the engine (the
   * person's code editor): its parse before (null: not known) and after (null: gone). The engine logs what that did to
   * ids (`source-editor.ts`).
   */
  onRewrite?: (before: EarlierFile | null, after: CachedFile | null) => void;

  /** `served`: the parses the codebase-id plugin made in this process (a test gives its own). */
  constructor(
    readonly root: string,
    private readonly served: ServedParses = servedParses,
  ) {}

  /** Splices the trees of the parses written since the last call (see `unsettled`). */
  settle(): void {
    for (let parsed = this.unsettled.shift(); parsed; parsed = this.unsettled.shift()) settleParse(parsed);
  }

  /**
   * The ids of the elements of a file as the engine last read or wrote it, not checked against the disk and with its
   * tree left unsettled: what a write just made, for the write's own record of ids.
   */
  heldIds(relative: string): ReadonlyMap<string, unknown> | undefined {
    return this.files.get(relative)?.parsed.byId;
  }

  /** Parses the whole text as the file `relative` and indexes its elements. */
  parse(relative: string, text: string): ParsedSource {
    const sourceFile = parseJsxSource(`/${relative}`, text);
    this.owned.add(sourceFile);
    return parsedSource(sourceFile, relative);
  }

  /**
   * The parse of `text`, the new text of a file whose parse was `previous`: made locally from it when it is the
   * index's own and the change falls inside one element, else whole. It becomes the file's when the change is
   * written (`wrote`); until then `previous` stays as it was.
   */
  reparse(relative: string, previous: ParsedSource | null, text: string): ParsedSource {
    this.settle();
    const local = previous && this.owned.has(previous.sourceFile) ? reparseLocally(previous, previous.sourceFile.text, text, relative) : null;
    if (!local) return this.parse(relative, text);
    this.owned.add(local.sourceFile);
    return local;
  }

  /** The file as last read (not checked against the disk), if the index holds it. */
  cached(relative: string): CachedFile | undefined {
    this.settle();
    return this.files.get(relative);
  }

  /**
   * The file at a root-relative path as it is on disk now, as `fresh` gives it. A file the index holds and the disk
   * has not changed is answered from its stat alone: its path was confined to the root when it was read, and a file
   * changed on disk is confined again before it is read. Lookups follow imports through every file of the root,
   * and resolving each path's links again cost more than the rest of a warm lookup (issue 29).
   */
  freshAt(relative: string): CachedFile | null {
    this.settle();
    const held = this.files.get(relative);
    if (held) {
      const stat = fs.statSync(held.absolute, { throwIfNoEntry: false });
      if (stat?.isFile() && stat.mtimeMs === held.mtimeMs && stat.size === held.size) return held;
    } else if (!relative.split(/[\\/]/).includes('..') && !path.isAbsolute(relative)) {
      // A name an import was probed for (`./card` as `card.tsx`, `card/index.tsx`): nothing there to confine or read,
      // and no parse of it served earlier whose removal `fresh` would report.
      const absolute = path.join(this.root, relative);
      if (!fs.existsSync(absolute) && !this.served.lastOf(absolute)) return null;
    }
    return this.fresh(resolveInRoot(this.root, relative));
  }

  /** The files indexed so far, as last read. */
  cachedFiles(): CachedFile[] {
    this.settle();
    return [...this.files.values()];
  }

  /** Parses text without keeping it (copied element sources, checks of a result). */
  parseDetached(relative: string, text: string): ParsedSource {
    const kind = relative.endsWith('.jsx') ? ts.ScriptKind.JSX : ts.ScriptKind.TSX;
    return parsedSource(ts.createSourceFile(`/${relative}`, text, ts.ScriptTarget.Latest, true, kind), relative);
  }

  /**
   * The file as it is on disk now: the cached parse when the disk has not changed, else a fresh one. A file the index
   * does not hold is compared with the plugin's last parse of it (`served`, when the caller took it earlier).
   */
  fresh(file: RootFile, served = this.served.lastOf(file.absolute)): CachedFile | null {
    this.settle();
    let stat: fs.Stats | null = null;
    try {
      stat = fs.statSync(file.absolute);
    } catch {
      // Gone: handled below, as a folder is.
    }
    const cached = this.files.get(file.relative);
    const earlier = cached ?? this.unfollowed(file, served);
    // A folder (or a device) where a source file was is not a file to parse: whoever asked refuses it with a reason.
    if (!stat?.isFile()) {
      this.forget(file.relative);
      if (earlier) this.onRewrite?.(earlier, null);
      return null;
    }
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached;
    const source = decodeSource(fs.readFileSync(file.absolute));
    if (cached && cached.hash === source.hash) {
      cached.mtimeMs = stat.mtimeMs;
      return cached;
    }
    const now = this.remember(file, source, stat);
    if (earlier && earlier.parsed.sourceFile.text !== now.text) this.onRewrite?.(earlier, now);
    return now;
  }

  /**
   * The plugin's last parse of the file at `absolute` (as the watcher names it): taken when the watcher tells of a
   * change, before the page asks for the file again and the plugin's parse becomes the new text's.
   */
  servedOf(absolute: string): ServedParse | undefined {
    const real = realPathOf(absolute);
    return this.served.lastOf(absolute) ?? (real === null ? undefined : this.served.lastOf(real));
  }

  /**
   * Reads again a file the watcher saw change (its absolute path): one the index holds, or one the plugin served
   * (`served`: its parse when the watcher told). A file of neither that the index may read is read and reported with
   * its earlier text unknown: whatever id of it was given before is refused, never guessed.
   */
  refresh(absolute: string, served = this.servedOf(absolute)): void {
    this.settle();
    let relative = path.relative(this.root, absolute).split(path.sep).join('/');
    // Watched under a root reached through a link: the index names files from the real root.
    if (relative.startsWith('../')) {
      const real = realPathOf(absolute);
      if (real === null) return;
      relative = path.relative(this.root, real).split(path.sep).join('/');
    }
    const cached = this.files.get(relative);
    if (cached) {
      this.fresh(cached);
      return;
    }
    if (!relative || relative.startsWith('../') || path.isAbsolute(relative) || !isScannedPath(relative)) return;
    let file: RootFile;
    try {
      file = confine(this.root, path.join(this.root, relative), relative);
    } catch {
      // A file that cannot be confined to the root is simply not part of the index.
      return;
    }
    const known = served !== undefined && served.relative === relative && !this.followed.has(served);
    const now = this.fresh(file, served);
    if (!known && now) this.onRewrite?.(null, now);
  }

  /** The plugin's parse `served` of the file, as an earlier reading, unless the index has read the file since. */
  private unfollowed(file: RootFile, served: ServedParse | undefined): EarlierFile | null {
    if (!served || served.relative !== file.relative || this.followed.has(served)) return null;
    this.followed.add(served);
    return { relative: file.relative, parsed: parsedOfServed(served) };
  }

  /** Records text the engine itself just wrote (its text without the mark, and the parse it already made of it). */
  wrote(file: RootFile, source: Omit<SourceText, 'encodingProblem'>, parsed: ParsedSource | null): void {
    this.settle();
    if (!isJsxFile(file.relative)) return;
    const stat = fs.statSync(file.absolute);
    // Undo and redo write a text the index has no parse of: it is made from the last parse, like a change's.
    const previous = this.files.get(file.relative);
    const made = parsed ?? (previous && !previous.encodingProblem ? this.reparse(file.relative, previous.parsed, source.text) : undefined);
    this.remember(file, { ...source, encodingProblem: null }, stat, made);
  }

  /** Drops what is known of a file: the next use reads it from disk. */
  forget(relative: string): void {
    this.settle();
    this.unindex(relative);
  }

  /** Drops every file. */
  clear(): void {
    this.unsettled.length = 0;
    this.files.clear();
    this.fileOfId.clear();
  }

  private unindex(relative: string): void {
    const cached = this.files.get(relative);
    if (!cached) return;
    for (const entry of cached.parsed.entries) {
      if (this.fileOfId.get(entry.id) === relative) this.fileOfId.delete(entry.id);
    }
    this.files.delete(relative);
  }

  private remember(file: RootFile, { text, bom, hash, encodingProblem }: SourceText, stat: fs.Stats, parsed?: ParsedSource): CachedFile {
    const previous = this.files.get(file.relative);
    // From now on the index's reading is the file's latest: a later rewrite is compared with it, not with the page's.
    const served = this.served.lastOf(file.absolute);
    if (served) this.followed.add(served);
    // A parse made from the old one takes over its tree only once its text is the file's (`unsettled`).
    if (parsed && parsed.sourceFile.text === text) this.unsettled.push(parsed);
    const cached: CachedFile = {
      absolute: file.absolute,
      relative: file.relative,
      text,
      bom,
      encodingProblem,
      hash,
      mtimeMs: stat.mtimeMs,
      size: stat.size,
      parsed: parsed && parsed.sourceFile.text === text ? parsed : (this.servedParseOf(file, text) ?? this.parse(file.relative, text)),
    };
    // Only the ids the file no longer has leave the index, and only those it did not have come in: a change keeps
    // nearly all of a file's ids, and dropping and adding back each of a large file's was a good part of its record.
    if (previous) {
      for (const entry of previous.parsed.entries) {
        if (!cached.parsed.byId.has(entry.id) && this.fileOfId.get(entry.id) === file.relative) this.fileOfId.delete(entry.id);
      }
    }
    this.files.set(file.relative, cached);
    for (const entry of cached.parsed.entries) if (this.fileOfId.get(entry.id) !== file.relative) this.fileOfId.set(entry.id, file.relative);
    return cached;
  }

  /** The element with this id and its file, checked against the disk; null when no file of the root has it. */
  locate(id: string): { file: CachedFile; entry: JsxElementEntry } | null {
    this.settle();
    const known = this.lookup(id);
    if (known) return known;
    this.scanFor([id]);
    return this.lookup(id);
  }

  /**
   * Reads the root's JSX files as `rescan` does, but only until every one of `ids` is indexed: an id the index has
   * not met (and the codebase-id plugin did not serve) costs the files read before its own, not the whole root's
   * parse (8.9 s on a project of 1,500 JSX files, issue 29). A walk that reaches the end is a whole rescan.
   */
  scanFor(ids: readonly string[]): void {
    this.settle();
    const wanted = new Set(ids.filter((id) => !this.fileOfId.has(id)));
    if (wanted.size === 0) return;
    const seen = new Set<string>();
    for (const relative of this.walkRoot()) {
      seen.add(relative);
      const cached = this.files.get(relative);
      if (cached) for (const id of wanted) if (cached.parsed.byId.has(id)) wanted.delete(id);
      if (wanted.size === 0) return;
    }
    this.forgetAllBut(seen);
  }

  /**
   * The element with this id among the files indexed so far, or in the file the codebase-id plugin served it from
   * (checked against the disk), without a rescan.
   */
  lookup(id: string): { file: CachedFile; entry: JsxElementEntry } | null {
    this.settle();
    const relative = this.fileOfId.get(id) ?? this.indexServedFileOf(id);
    if (!relative) return null;
    const cached = this.files.get(relative);
    if (!cached) return null;
    const file = this.fresh(cached);
    const entry = file?.parsed.byId.get(id);
    return file && entry ? { file, entry } : null;
  }

  /** The plugin's parse of this very text of the file, if it served it. */
  private servedParseOf(file: RootFile, text: string): ParsedSource | null {
    const served = this.served.parseFor(file.absolute, file.relative, text);
    return served ? parsedOfServed(served) : null;
  }

  /** Reads the file the plugin last served `id` from, when it is in the root; answers its path if it has the id now. */
  private indexServedFileOf(id: string): string | undefined {
    const absolute = this.served.fileOf(id);
    if (absolute === undefined) return undefined;
    const relative = path.relative(this.root, absolute).split(path.sep).join('/');
    if (!relative || relative.startsWith('../') || path.isAbsolute(relative) || !isScannedPath(relative)) return undefined;
    try {
      this.fresh(confine(this.root, absolute, relative));
    } catch {
      // A file that cannot be confined to the root is simply not part of the index.
      return undefined;
    }
    return this.fileOfId.get(id);
  }

  /**
   * Brings every JSX file of the root up to date (new, changed and deleted files); answers them, root-relative. A file
   * the index already holds is checked by its size and time alone: its path was confined when it was first met, and
   * the walk reaches files through real folders only.
   */
  rescan(): string[] {
    this.settle();
    const seen = new Set(this.walkRoot());
    this.forgetAllBut(seen);
    return [...seen].filter((relative) => this.files.has(relative));
  }

  /**
   * A rescan in steps: each call of the answer brings files up to date until `budgetMs` have passed, and says whether
   * the walk has reached the end (then it is a whole rescan). Files changed between two steps are met as they are then.
   */
  rescanInSteps(): (budgetMs: number) => boolean {
    this.settle();
    const walk = this.walkRoot();
    const seen = new Set<string>();
    return (budgetMs) => {
      const until = performance.now() + budgetMs;
      for (let next = walk.next(); ; next = walk.next()) {
        if (next.done) {
          this.forgetAllBut(seen);
          return true;
        }
        seen.add(next.value);
        if (performance.now() >= until) return false;
      }
    };
  }

  /** After a walk of the whole root: the files it did not meet are gone, and the index is a scan of the root. */
  private forgetAllBut(seen: ReadonlySet<string>): void {
    for (const [relative, cached] of [...this.files]) {
      if (seen.has(relative)) continue;
      this.forget(relative);
      this.onRewrite?.(cached, null);
    }
    this.scanned = true;
  }

  /** Each JSX file of the root, brought up to date as it is met; yields it, root-relative. */
  private *walkRoot(): Generator<string> {
    // The root-relative folder is carried down the walk: working it out per file was a good part of a warm scan.
    const walk = function* (this: SourceIndex, directory: string, folder: string): Generator<string> {
      let dirents: fs.Dirent[];
      try {
        dirents = fs.readdirSync(directory, { withFileTypes: true });
      } catch {
        return;
      }
      for (const dirent of dirents) {
        const absolute = path.join(directory, dirent.name);
        const relative = folder === '' ? dirent.name : `${folder}/${dirent.name}`;
        // Symbolic links are not followed: a link could lead outside the root.
        if (dirent.isDirectory()) {
          if (!SKIPPED_FOLDERS.has(dirent.name) && !dirent.name.startsWith('.')) yield* walk.call(this, absolute, relative);
        } else if (dirent.isFile() && JSX_FILE.test(dirent.name)) {
          const known = this.files.get(relative);
          try {
            this.fresh(known?.absolute === absolute ? known : confine(this.root, absolute, relative));
          } catch {
            // A file that cannot be confined to the root is simply not part of the index.
          }
          yield relative;
        }
      }
    };
    yield* walk.call(this, this.root, '');
  }

  /** The root's JSX files, root-relative (scanned once if the index has not been yet). */
  jsxFiles(): string[] {
    this.settle();
    if (!this.scanned) this.rescan();
    return [...this.files.keys()];
  }

  get hasScanned(): boolean {
    return this.scanned;
  }
}

export function parsedSource(sourceFile: ts.SourceFile, relative: string): ParsedSource {
  const entries = indexJsxElements(sourceFile, relative);
  return { sourceFile, entries, byId: new Map(entries.map((entry) => [entry.id, entry])) };
}

function parsedOfServed(served: ServedParse): ParsedSource {
  return { sourceFile: served.sourceFile, entries: served.entries, byId: new Map(served.entries.map((entry) => [entry.id, entry])) };
}

/** The real path of a file (of its folder, when the file itself is gone), or null when its folder cannot be resolved. */
function realPathOf(absolute: string): string | null {
  try {
    return path.join(fs.realpathSync(path.dirname(absolute)), path.basename(absolute));
  } catch {
    return null;
  }
}

/** Syntax errors of a parse (no type checker involved). */
export function syntaxErrorsOf(sourceFile: ts.SourceFile): readonly ts.Diagnostic[] {
  return (sourceFile as unknown as { parseDiagnostics?: ts.Diagnostic[] }).parseDiagnostics ?? [];
}
