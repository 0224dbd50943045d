/**
 * The source-rewriting engine: validates a change, lets its transform record text edits, checks that
 * every result parses, writes the files atomically and one change at a time, and keeps undo/redo per canvas.
 * Lasting state: the root's parsed files and id index, the write queues and the history. See
 * docs/architecture.md#an-edit.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { historyStepBodySchema, mutationBodySchemas, type TempoElement } from '../../contracts/changes.js';
import { isMutationKind, MUTATION_KINDS } from '../../contracts/change-kinds.js';
import { isPlaceholderCodebaseId } from '../../contracts/dom.js';
import type { ProjectTheme } from '../../contracts/project-theme.js';
import type { ChangeAuthor, HistoryStatus, HistoryStepAnswer, MutationWriteAnswer, PaletteComponent } from '../../contracts/studio-api.js';
import { isValidCanvasId, MAX_CANVAS_ID_LENGTH } from '../../contracts/studio-routes.js';
import { AppError, appError } from '../../contracts/errors.js';
import { keyedSerialQueue } from '../../contracts/serial-queue.js';
import { sweepStaleTempFiles, writabilityProblem, writeFileAtomically, writeRefusal } from './atomic-write.js';
import { answerOf, ChangeHistory, diskHash, NOT_A_FILE_HASH, type FileRevision, type HistoryEntry } from './change-history.js';
import { EditableFile, type ParsedSource } from './editable-file.js';
import { themeForKind, type ThemeSource } from './engine-theme.js';
import type { ComponentLister, LocatedElement, MutationContext, TransformRunner } from './mutation-transform.js';
import { dropImportsMadeUnused } from './import-usage.js';
import { dropStyledDeclarationsMadeUnused } from './styled-declarations.js';
import { changedSpan, ProjectPrettier } from './project-prettier.js';
import { ProjectBiome } from './project-biome.js';
import { componentTypesOf, type ComponentProps, type ComponentReference } from './component-types.js';
import { confine, isRealFolderInRoot, realRoot, resolveInRoot, type RootFile } from './safe-paths.js';
import { isJsxFile, sha256, SourceIndex, syntaxErrorsOf, type CachedFile } from './source-index.js';
import { decodeSource, encodeSource, notUtf8 } from './source-text.js';

/** Hash recorded for "the file does not exist". */
const ABSENT_HASH = '';

/** The files a change has touched, resolved through the index: what a transform sees. */
class Workspace implements MutationContext {
  private readonly opened = new Map<string, EditableFile>();
  private componentList: readonly PaletteComponent[] | null = null;

  constructor(
    private readonly root: string,
    private readonly index: SourceIndex,
    readonly theme: ProjectTheme,
    private readonly listComponents: ComponentLister<SourceIndex>,
  ) {}

  element(reference: TempoElement, role: string): LocatedElement {
    const id = reference.codebaseId;
    if (isPlaceholderCodebaseId(id)) {
      throw appError('ELEMENT_NOT_FOUND', id, `the ${role} is a placeholder the source does not have yet`);
    }
    for (const file of this.opened.values()) {
      const entry = file.parsed?.byId.get(id);
      if (entry) return { file, entry };
    }
    const found = this.index.locate(id);
    if (!found) throw appError('ELEMENT_NOT_FOUND', id, `no JSX file under the project root has the ${role}`);
    const file = this.openCached(found.file);
    const entry = file.parsed?.byId.get(id);
    if (!entry) throw appError('ELEMENT_NOT_FOUND', id, `${found.file.relative} changed while it was read`);
    return { file, entry };
  }

  file(relative: string): EditableFile {
    const target = resolveInRoot(this.root, relative);
    return this.open(target);
  }

  parseText(relative: string, text: string): ParsedSource {
    return this.index.parseDetached(relative, text);
  }

  components(): readonly PaletteComponent[] {
    this.componentList ??= this.listComponents(this.index);
    return this.componentList;
  }

  componentProps(reference: ComponentReference): ComponentProps | null {
    return componentTypesOf(this.index).propsOf(reference);
  }

  jsxFiles(): readonly string[] {
    return this.index.jsxFiles();
  }

  private openCached(cached: CachedFile): EditableFile {
    const known = this.opened.get(cached.relative);
    if (known) return known;
    if (cached.encodingProblem) throw notUtf8(cached.relative, cached.encodingProblem);
    const file = new EditableFile(cached.relative, cached.absolute, cached.text, true, cached.parsed, cached.bom);
    this.opened.set(cached.relative, file);
    return file;
  }

  private open(target: RootFile): EditableFile {
    const known = this.opened.get(target.relative);
    if (known) return known;
    if (isJsxFile(target.relative)) {
      const cached = this.index.fresh(target);
      if (cached) return this.openCached(cached);
    }
    let file: EditableFile;
    if (fs.existsSync(target.absolute)) {
      if (!fs.statSync(target.absolute).isFile()) throw appError('PATH_FORBIDDEN', target.relative, 'it is not a regular file');
      const { text, bom, encodingProblem } = decodeSource(fs.readFileSync(target.absolute));
      if (encodingProblem) throw notUtf8(target.relative, encodingProblem);
      file = new EditableFile(target.relative, target.absolute, text, true, isJsxFile(target.relative) ? this.parseText(target.relative, text) : null, bom);
    } else {
      file = new EditableFile(target.relative, target.absolute, '', false, isJsxFile(target.relative) ? this.parseText(target.relative, '') : null);
    }
    this.opened.set(target.relative, file);
    return file;
  }
}

interface PreparedFile {
  file: EditableFile;
  text: string;
  /** The parse of the edited text before formatting (positions match the edits). */
  edited: ParsedSource | null;
  /** The parse of what is written (after Prettier, when the project uses it). */
  final: ParsedSource | null;
  /** Why the project's Prettier was not used on it, when the person should know. */
  notice: string | null;
}

export function bodyError(kind: string, error: z.ZodError): AppError {
  const idIssue = error.issues.find((issue) => (issue as { params?: { invalidId?: boolean } }).params?.invalidId);
  if (idIssue) return appError('INVALID_CODEBASE_ID', idIssue.message);
  const detail = error.issues
    .map((issue) => {
      // A record's bad key (a prop or CSS property name): the key's own rule says why, not zod's "Invalid key".
      const keyIssues = issue.code === 'invalid_key' ? (issue as { issues?: Array<{ message: string }> }).issues : undefined;
      const message = keyIssues?.length ? keyIssues.map((inner) => inner.message).join(', ') : issue.message;
      return `${issue.path.length > 0 ? issue.path.map((part) => String(part)).join('.') : 'body'}: ${message}`;
    })
    .join('; ');
  return appError('INVALID_CHANGE', kind, detail);
}

/** Canvas ids key the history: letters, digits, hyphen and underscore, like every id of the studio. */
function canvasError(canvasId: string): AppError | null {
  if (isValidCanvasId(canvasId)) return null;
  return appError('INVALID_CHANGE', 'canvas', `"${canvasId.slice(0, 200)}" is not a canvas id (1 to ${MAX_CANVAS_ID_LENGTH} letters, digits, hyphens or underscores)`);
}

/** Undo and redo take an empty body or only a `changeName` (`{}` and no body are the same thing). */
function historyStepBodyError(call: string, body: unknown): AppError | null {
  if (body === undefined || body === null) return null;
  const parsed = historyStepBodySchema.safeParse(body);
  return parsed.success ? null : bodyError(call, parsed.error);
}

function startOf(parsed: ParsedSource, index: number): number {
  return parsed.entries[index]?.start ?? -1;
}

export interface SourceEditorOptions {
  root: string;
  /** How many changes each canvas can undo (`dev --history-limit`). */
  historyLimit?: number;
  /** The project's stored history, when the server has loaded it already (it answers before the engine is made). */
  history?: ChangeHistory;
  /** The project's theme (the server's Tailwind reader, read on first use and again when its stylesheets change). */
  theme: ThemeSource;
  /** Runs a kind of change's transform: the registry of server/mutations. */
  transform: TransformRunner;
  /** The project's own components, which an added element may import (the palette's list). */
  components: ComponentLister<SourceIndex>;
}

/**
 * The order a change's files are written in. Why: the frame's Vite reloads each file as it lands, so a file the
 * change creates (a stylesheet made for a CSS rule) must be there before the file that now imports it, and a file it
 * removes (that stylesheet, undone) must go only after the import of it is gone. Otherwise the page briefly imports
 * a file that is not there, and shows Vite's error overlay.
 */
function inWriteOrder<R>(revisions: readonly R[], target: (revision: R) => string | null, origin?: (revision: R) => string | null): R[] {
  const rank = (revision: R) => (target(revision) === null ? 2 : origin?.(revision) === null ? 0 : 1);
  return [...revisions].sort((a, b) => rank(a) - rank(b));
}

export class SourceEditor {
  private readonly root: string;
  private readonly index: SourceIndex;
  private readonly history: ChangeHistory;
  private readonly theme: ThemeSource;
  private readonly transform: TransformRunner;
  private readonly components: ComponentLister<SourceIndex>;
  private readonly prettier: ProjectPrettier;
  /**
   * Changes are worked out and written one at a time, so each one starts from what the previous one wrote (and two
   * writes of one file never overlap: every write is made inside one of these operations).
   */
  private readonly operations = keyedSerialQueue<'operations'>();
  private readonly biome: ProjectBiome;
  private disposed = false;

  constructor(options: SourceEditorOptions) {
    this.root = realRoot(options.root);
    this.index = new SourceIndex(this.root);
    this.prettier = new ProjectPrettier(this.root);
    this.biome = new ProjectBiome(this.root);
    this.history = options.history ?? new ChangeHistory({ root: this.root, limit: options.historyLimit });
    this.theme = options.theme;
    this.transform = options.transform;
    this.components = options.components;
    // What a process killed in the middle of a write left behind (not in a folder refused at start: nothing there is removed).
    if (this.history.persisted) sweepStaleTempFiles(this.root);
  }

  /** `by`: who asked for it, kept in its history item (an agent's change, made by the server or a studio page). */
  mutate(canvasId: string, kind: string, body: unknown, by: ChangeAuthor = 'studio'): Promise<MutationWriteAnswer> {
    const badCanvas = canvasError(canvasId);
    if (badCanvas) return Promise.reject(badCanvas);
    if (!isMutationKind(kind)) return Promise.reject(appError('UNKNOWN_CHANGE_KIND', kind, MUTATION_KINDS));
    const parsed = mutationBodySchemas[kind].safeParse(body);
    if (!parsed.success) return Promise.reject(bodyError(kind, parsed.error));
    return this.serially(async () => {
      const workspace = new Workspace(this.root, this.index, await themeForKind(kind, this.theme), this.components);
      const touched = this.transform(kind, workspace, parsed.data).filter((file) => file.changed);
      const unique = [...new Set(touched)];
      // A file must still compile under noUnusedLocals: what the change left unused goes with it.
      for (const file of unique) {
        dropStyledDeclarationsMadeUnused(file);
        dropImportsMadeUnused(file);
      }
      if (unique.length === 0) return { changedFiles: [], prevIdToNewIdMap: {}, addedIds: [] };
      let prepared: PreparedFile[];
      try {
        prepared = await Promise.all(unique.map((file) => this.prepare(file)));
      } catch (error) {
        // The Project may hold a refused candidate text: drop it, the disk is the truth.
        for (const file of unique) this.index.forget(file.relative);
        throw error;
      }
      const ids = mapIds(prepared, workspace);
      const revisions: FileRevision[] = prepared.map(({ file, text }) => {
        const after = encodeSource(text, file.bom);
        return {
          absolute: file.absolute,
          relative: file.relative,
          before: file.existed ? file.diskText : null,
          after,
          beforeHash: file.existed ? sha256(file.diskText) : ABSENT_HASH,
          afterHash: sha256(after),
          createdFolders: file.existed ? [] : missingFolders(this.root, file.absolute),
        };
      });
      try {
        await this.writeRevisions(revisions, 'forward', prepared);
      } catch (error) {
        for (const file of unique) this.index.forget(file.relative);
        throw error;
      }
      const entry: HistoryEntry = { kind, files: revisions, ...ids };
      const { item, notice } = await this.history.record(canvasId, entry, parsed.data.changeName, by);
      const answer = { ...answerOf(entry, 'forward'), item };
      const said = [...prepared.map((p) => p.notice), notice].filter((n): n is string => Boolean(n)).join('. ');
      return said ? { ...answer, notice: said } : answer;
    });
  }

  /** Undoes the canvas's last change; the body is empty or names the step (`historyStepBodySchema`). */
  undo(canvasId: string, body?: unknown): Promise<HistoryStepAnswer> {
    const badRequest = canvasError(canvasId) ?? historyStepBodyError('undoChangeToFiles', body);
    if (badRequest) return Promise.reject(badRequest);
    return this.serially(async () => {
      const entry = this.history.peekUndo(canvasId);
      if (!entry) throw appError('NOTHING_TO_UNDO', 'undo', canvasId);
      await this.writeRevisions(entry.files, 'backward');
      const item = await this.history.markUndone(canvasId);
      return { ...answerOf(entry, 'backward'), item: item! };
    });
  }

  redo(canvasId: string, body?: unknown): Promise<HistoryStepAnswer> {
    const badRequest = canvasError(canvasId) ?? historyStepBodyError('redoChangeToFiles', body);
    if (badRequest) return Promise.reject(badRequest);
    return this.serially(async () => {
      const entry = this.history.peekRedo(canvasId);
      if (!entry) throw appError('NOTHING_TO_UNDO', 'redo', canvasId);
      await this.writeRevisions(entry.files, 'forward');
      const item = await this.history.markRedone(canvasId);
      return { ...answerOf(entry, 'forward'), item: item! };
    });
  }

  /** The canvas's history, each step with whether it could be applied now (read, in turn with the writes). */
  status(canvasId: string): Promise<HistoryStatus> {
    return this.serially(async () => this.history.status(canvasId));
  }

  /**
   * Answers a read-only question about the source from the engine's own index, in turn with the changes: it sees
   * the files as the last change left them, never one half written.
   */
  readSource<T>(reader: (index: SourceIndex) => T): Promise<T> {
    return this.serially(async () => reader(this.index));
  }

  dispose(): void {
    this.disposed = true;
    for (const sourceFile of this.index.project.getSourceFiles()) this.index.project.removeSourceFile(sourceFile);
  }

  private serially<T>(operation: () => Promise<T>): Promise<T> {
    if (this.disposed) return Promise.reject(appError('INTERNAL', 'the source editor was disposed'));
    return this.operations('operations', operation);
  }

  /** The new text of a file, checked to parse with no new syntax errors, formatted when the project says so. */
  private async prepare(file: EditableFile): Promise<PreparedFile> {
    const edited = file.resultText();
    const check = (text: string, stage: string): ParsedSource | null => {
      if (!isJsxFile(file.relative)) return null;
      // Parsed into the Project: when the change is written, this parse is the file's and nothing parses it again.
      const parsed = this.index.parse(file.relative, text);
      const before = file.parsed ? syntaxErrorsOf(file.parsed.sourceFile).length : 0;
      const errors = syntaxErrorsOf(parsed.sourceFile);
      if (errors.length > before) {
        const first = errors[0];
        const where = first?.start !== undefined ? parsed.sourceFile.getLineAndCharacterOfPosition(first.start).line + 1 : 0;
        const message = first ? (typeof first.messageText === 'string' ? first.messageText : first.messageText.messageText) : '';
        throw appError('UNWRITABLE_PATTERN', file.relative, `the ${stage} text would not parse (line ${where}: ${message}); nothing was written`);
      }
      return parsed;
    };
    const editedParse = check(edited, 'changed');
    const before = file.existed ? file.text : null;
    const { text: pretty, notice } = await this.prettier.format({ relative: file.relative, absolute: file.absolute, before, edited, span: changedSpan(file) });
    const formatted = await this.biome.format(file.relative, before, pretty);
    if (formatted === edited) return { file, text: edited, edited: editedParse, final: editedParse, notice };
    return { file, text: formatted, edited: editedParse, final: check(formatted, 'formatted'), notice };
  }

  /**
   * Writes one side of each revision, after checking that the disk still holds the other side and that every file
   * may be written: a change lands whole, or not at all with nothing written.
   */
  private async writeRevisions(revisions: FileRevision[], direction: 'forward' | 'backward', prepared?: PreparedFile[]): Promise<void> {
    const expected = (r: FileRevision) => (direction === 'forward' ? r.beforeHash : r.afterHash);
    const target = (r: FileRevision) => (direction === 'forward' ? r.after : r.before);
    for (const revision of revisions) {
      // The path was confined when the change was made; a symbolic link planted since must not redirect it.
      confine(this.root, revision.absolute, revision.relative);
      const now = diskHash(revision.absolute);
      if (now === NOT_A_FILE_HASH) throw appError('PATH_FORBIDDEN', revision.relative, 'it is a folder, not a file; nothing was written');
      if (now !== expected(revision)) {
        const since = prepared ? 'read it' : direction === 'forward' ? 'undid this change' : 'wrote this change';
        throw appError('SOURCE_CONFLICT', `${revision.relative} was changed on disk since the studio ${since}; nothing was written`);
      }
    }
    for (const revision of revisions) {
      const problem = writabilityProblem(this.root, revision.absolute);
      if (problem) throw appError('FILE_NOT_WRITABLE', revision.relative, problem);
    }
    const written: FileRevision[] = [];
    let current: FileRevision | undefined;
    try {
      for (const revision of inWriteOrder(revisions, target, (r) => (direction === 'forward' ? r.before : r.after))) {
        current = revision;
        const text = target(revision);
        await this.writeFile(revision, text);
        written.push(revision);
        const parsed = prepared?.find((p) => p.file.absolute === revision.absolute)?.final ?? null;
        if (text === null) {
          this.index.forget(revision.relative);
        } else {
          const bom = text.startsWith('\uFEFF');
          const hash = direction === 'forward' ? revision.afterHash : revision.beforeHash;
          this.index.wrote(revision, { text: bom ? text.slice(1) : text, bom, hash }, parsed);
        }
      }
    } catch (error) {
      // Put back what was already written, so a change lands whole or not at all.
      for (const revision of written.reverse()) {
        await this.writeFile(revision, direction === 'forward' ? revision.before : revision.after).catch(() => undefined);
        this.index.forget(revision.relative);
      }
      // Folders made for a file that is not there after all go too.
      if (direction === 'forward') for (const revision of revisions) if (revision.before === null) removeEmptyFolders(this.root, revision.createdFolders);
      const failed = current?.relative ?? revisions.map((r) => r.relative).join(', ');
      throw writeRefusal(error, failed) ?? appError('INTERNAL', `writing ${failed} failed: ${(error as Error).message}`);
    }
  }

  /** Writes (or, with null, removes) one file. */
  private async writeFile(revision: FileRevision, text: string | null): Promise<void> {
    const { absolute } = revision;
    if (text === null) {
      await fs.promises.rm(absolute, { force: true });
      // The folders the change made for the file go with it (only while empty); a redo makes them again.
      removeEmptyFolders(this.root, revision.createdFolders);
      return;
    }
    await writeFileAtomically(this.root, absolute, text);
  }
}

/** The folders between the root and a file that do not exist yet, deepest first (writing the file makes them). */
function missingFolders(root: string, absolute: string): string[] {
  const missing: string[] = [];
  for (let folder = path.dirname(absolute); folder !== root && folder.startsWith(root + path.sep); folder = path.dirname(folder)) {
    if (fs.existsSync(folder)) break;
    missing.push(folder);
  }
  return missing;
}

/**
 * Removes each folder, deepest first, while it is empty (a folder something else has put a file in stays), and only
 * while it is a folder of the root reached through no link.
 */
function removeEmptyFolders(root: string, folders: readonly string[]): void {
  for (const folder of folders) {
    if (!fs.lstatSync(folder, { throwIfNoEntry: false })) continue;
    if (!isRealFolderInRoot(root, folder)) return;
    try {
      fs.rmdirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return;
    }
  }
}

/**
 * Old id → new id for every element a change shifted, and the ids it created: positions are carried through the
 * text edits (and through Prettier by document order, which formatting does not change).
 */
function mapIds(prepared: PreparedFile[], workspace: MutationContext): Pick<HistoryEntry, 'prevIdToNewIdMap' | 'addedIds'> {
  const prevIdToNewIdMap: Record<string, string> = {};
  const addedIds: string[] = [];
  const byRelative = new Map(prepared.map((p) => [p.file.relative, p]));
  const startsOf = new Map<PreparedFile, Map<number, number>>();
  const finalIdAt = (target: PreparedFile, position: number): string | null => {
    if (!target.edited || !target.final) return null;
    let starts = startsOf.get(target);
    if (!starts) {
      const edited = target.edited;
      starts = new Map(edited.entries.map((_, i) => [startOf(edited, i), i]));
      startsOf.set(target, starts);
    }
    const index = starts.get(position);
    return index === undefined ? null : (target.final.entries[index]?.id ?? null);
  };
  const note = (oldId: string, newId: string | null) => {
    if (newId && newId !== oldId) prevIdToNewIdMap[oldId] = newId;
  };
  for (const target of prepared) {
    const { file } = target;
    if (file.parsed && target.edited) {
      for (let i = 0; i < file.parsed.entries.length; i += 1) {
        const moved = file.mapPosition(startOf(file.parsed, i));
        if (moved !== null) note(file.parsed.entries[i]!.id, finalIdAt(target, moved));
      }
    }
    for (const edit of file.orderedEdits()) {
      for (const mark of edit.marks) {
        const at = edit.newStart + mark.offset;
        if (mark.kind === 'added') {
          if (!target.edited) continue;
          for (let i = 0; i < target.edited.entries.length; i += 1) {
            const start = startOf(target.edited, i);
            const id = start >= at && start < at + mark.length ? finalIdAt(target, start) : null;
            if (id) addedIds.push(id);
          }
        } else {
          const origin = byRelative.get(mark.fromFile)?.file ?? workspace.file(mark.fromFile);
          if (!origin.parsed) continue;
          for (let i = 0; i < origin.parsed.entries.length; i += 1) {
            const start = startOf(origin.parsed, i);
            if (start >= mark.fromStart && start < mark.fromEnd) {
              note(origin.parsed.entries[i]!.id, finalIdAt(target, at + (start - mark.fromStart)));
            }
          }
        }
      }
    }
  }
  return { prevIdToNewIdMap, addedIds };
}
