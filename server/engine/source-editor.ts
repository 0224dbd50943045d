/**
 * The source-rewriting engine: validates a change, lets its transform record text edits, checks that
 * every result parses, writes the files atomically and one change at a time, and keeps undo/redo per canvas.
 * Lasting state: the root's parsed files and id index, the write queues and the history. See
 * docs/architecture.md#an-edit.
 */
import fs from 'node:fs';
import { mutationBodySchemas } from '../../contracts/changes.js';
import { isMutationKind, MUTATION_KINDS } from '../../contracts/change-kinds.js';
import { authorLabel, type AgentSessionRef, type StepOwner } from '../../contracts/change-authors.js';
import type { ChangeAuthor, HistoryStatus, HistoryStepAnswer, MutationWriteAnswer } from '../../contracts/studio-api.js';
import { AppError, appError } from '../../contracts/errors.js';
import { keyedSerialQueue } from '../../contracts/serial-queue.js';
import { sweepStaleTempFiles, writabilityProblem, writeFileAtomically, writeRefusal } from './atomic-write.js';
import { answerOf, ChangeHistory, diskHash, NOT_A_FILE_HASH, type FileRevision, type HistoryEntry, type PlannedStep } from './change-history.js';
import type { EditableFile, ParsedSource } from './editable-file.js';
import { themeForKind, type ThemeSource } from './engine-theme.js';
import type { ComponentLister, TransformRunner } from './mutation-transform.js';
import { dropImportsMadeUnused } from './import-usage.js';
import { dropStyledDeclarationsMadeUnused } from './styled-declarations.js';
import { changedSpan, ProjectPrettier } from './project-prettier.js';
import { BIOME, OXFMT, ProjectCliFormatter } from './project-cli-formatter.js';
import { confine, realRoot } from './safe-paths.js';
import { isJsxFile, sha256, SourceIndex, syntaxErrorsOf, type CachedFile, type EarlierFile } from './source-index.js';
import { encodeSource } from './source-text.js';
import { bodyError, canvasError, chosenStepBody, historyStepBodyError } from './request-errors.js';
import { Workspace } from './workspace.js';
import { mapIds, mapRewrittenIds, type PreparedFile } from './map-ids.js';
import { onDiskChange } from '../codebase-ids/disk-changes.js';
import { idWriteOf, IdWriteLog, type IdSet } from './id-write-log.js';
import type { RootFile } from './safe-paths.js';
import { inWriteOrder, missingFolders, removeEmptyFolders } from './made-folders.js';
import { holdTempFolder } from '../project-folder.js';

export { bodyError };

/** Hash recorded for "the file does not exist". */
const ABSENT_HASH = '';

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
  /** The id maps of recent writes, anyone's, by number: what an agent session carries the ids it holds through. */
  readonly idWrites = new IdWriteLog();
  /** The project's own command-line formatters (Biome, oxfmt), each run only where the project formats with it. */
  private readonly cliFormatters: ProjectCliFormatter[];
  private disposed = false;
  private readonly stopWatching: () => void;

  constructor(options: SourceEditorOptions) {
    this.root = realRoot(options.root);
    this.index = new SourceIndex(this.root);
    this.prettier = new ProjectPrettier(this.root);
    this.cliFormatters = [new ProjectCliFormatter(this.root, BIOME), new ProjectCliFormatter(this.root, OXFMT)];
    this.history = options.history ?? new ChangeHistory({ root: this.root, limit: options.historyLimit });
    this.theme = options.theme;
    this.transform = options.transform;
    this.components = options.components;
    // What a process killed in the middle of a write left behind (not in a folder refused at start: nothing there is removed).
    if (this.history.persisted) sweepStaleTempFiles(this.root);
    this.index.onRewrite = (before, after) => this.logRewrite(before, after);
    // Read at once, in turn with the writes: the log has the rewrite before an agent's next call asks for it. The
    // plugin's parse is taken now, before the page asks for the file again and it becomes the new text's.
    this.stopWatching = onDiskChange((absolute) => {
      const served = this.index.servedOf(absolute);
      void this.serially(async () => this.index.refresh(absolute, served)).catch(() => undefined);
    });
  }

  /** `by`, `agent`: who asked for it, kept in its history item (an agent's change, made by the server or a studio page). */
  mutate(canvasId: string, kind: string, body: unknown, by: ChangeAuthor = 'studio', agent?: AgentSessionRef): Promise<MutationWriteAnswer> {
    const badCanvas = canvasError(canvasId);
    if (badCanvas) return Promise.reject(badCanvas);
    if (!isMutationKind(kind)) return Promise.reject(appError('UNKNOWN_CHANGE_KIND', kind, MUTATION_KINDS));
    const parsed = mutationBodySchemas[kind].safeParse(body);
    if (!parsed.success) return Promise.reject(bodyError(kind, parsed.error));
    return this.writing(async () => {
      const workspace = new Workspace(this.root, this.index, await themeForKind(kind, this.theme), this.components);
      const touched = this.transform(kind, workspace, parsed.data).filter((file) => file.changed);
      const unique = [...new Set(touched)];
      // A file must still compile under noUnusedLocals: what the change left unused goes with it.
      for (const file of unique) {
        dropStyledDeclarationsMadeUnused(file);
        dropImportsMadeUnused(file);
      }
      if (unique.length === 0) return { changedFiles: [], prevIdToNewIdMap: {}, addedIds: [], removedIds: [] };
      let prepared: PreparedFile[];
      try {
        prepared = await Promise.all(unique.map((file) => this.prepare(file)));
      } catch (error) {
        // The Project may hold a refused candidate text: drop it, the disk is the truth.
        for (const file of unique) this.index.forget(file.relative);
        throw error;
      }
      const { removedIds, ...ids } = mapIds(prepared, workspace);
      const revisions: FileRevision[] = prepared.map(({ file, text }) => {
        const after = encodeSource(text, file.bom);
        return {
          absolute: file.absolute,
          relative: file.relative,
          before: file.existed ? file.diskText : null,
          after,
          beforeHash: file.existed ? (file.knownDiskHash ?? sha256(file.diskText)) : ABSENT_HASH,
          afterHash: sha256(after),
          createdFolders: file.existed ? [] : missingFolders(this.root, file.absolute),
        };
      });
      // The history's copies of the texts are flushed while the files are (`storeTexts`); a failure there is the
      // record's to report, which writes them again.
      let stored: Promise<string[]> = Promise.resolve([]);
      try {
        await this.writeRevisions(revisions, 'forward', prepared, () => {
          stored = this.history.storeTexts(revisions).catch(() => []);
        });
      } catch (error) {
        for (const file of unique) this.index.forget(file.relative);
        this.history.dropTexts(await stored);
        throw error;
      }
      await stored;
      const entry: HistoryEntry = { kind, files: revisions, ...ids };
      const { item, notice } = await this.history.record(canvasId, entry, parsed.data.changeName, by, agent);
      const answer = { ...answerOf(entry, 'forward'), removedIds, item };
      const before = idSetOf(unique.map((file) => file.parsed?.byId));
      this.logIds(item, { map: ids.prevIdToNewIdMap, added: ids.addedIds, removed: removedIds, before, after: this.idsWritten(revisions) });
      const said = [...prepared.map((p) => p.notice), notice].filter((n): n is string => Boolean(n)).join('. ');
      return said ? { ...answer, notice: said } : answer;
    });
  }

  /** Undoes the owner's last change of the canvas (`history-steps.ts`); the body is empty or names the step. */
  undo(canvasId: string, body?: unknown, owner: StepOwner = { by: 'studio' }): Promise<HistoryStepAnswer> {
    const badRequest = canvasError(canvasId) ?? historyStepBodyError('undoChangeToFiles', body);
    if (badRequest) return Promise.reject(badRequest);
    return this.writing(async () => {
      const entry = this.history.planStep(canvasId, 'undo', owner);
      if (!entry) throw appError('NOTHING_TO_UNDO', 'undo', canvasId);
      return this.writeStep(canvasId, 'undo', entry, owner);
    });
  }

  /**
   * Undoes one chosen step of the canvas (`{ stepId }`), whoever made it, under the rule of every undo: refused when a
   * later step changed the same part (`STEP_OVERLAPPED`) or a file was changed by hand since (`SOURCE_CONFLICT`).
   * The step notes `owner` as who undid it: that one's redo makes it again.
   */
  undoStep(canvasId: string, body: unknown, owner: StepOwner = { by: 'studio' }): Promise<HistoryStepAnswer> {
    const parsed = canvasError(canvasId) ?? chosenStepBody(body);
    if (parsed instanceof AppError) return Promise.reject(parsed);
    return this.writing(async () => {
      const entry = this.history.planStep(canvasId, 'undo', undefined, parsed.stepId);
      if (!entry) throw appError('STEP_NOT_DONE', parsed.stepId, canvasId);
      return this.writeStep(canvasId, 'undo', entry, owner);
    });
  }

  redo(canvasId: string, body?: unknown, owner: StepOwner = { by: 'studio' }): Promise<HistoryStepAnswer> {
    const badRequest = canvasError(canvasId) ?? historyStepBodyError('redoChangeToFiles', body);
    if (badRequest) return Promise.reject(badRequest);
    return this.writing(async () => {
      const entry = this.history.planStep(canvasId, 'redo', owner);
      if (!entry) throw appError('NOTHING_TO_UNDO', 'redo', canvasId);
      return this.writeStep(canvasId, 'redo', entry);
    });
  }

  /** Writes a planned undo or redo and moves its step to the other stack (called in turn with the writes). */
  private async writeStep(canvasId: string, direction: 'undo' | 'redo', entry: PlannedStep, undoneBy?: StepOwner): Promise<HistoryStepAnswer> {
    const way = direction === 'undo' ? 'backward' : 'forward';
    const before = this.idsIn(entry.files);
    await this.writeRevisions(entry.files, way);
    const item = direction === 'undo' ? await this.history.markUndone(canvasId, entry, undoneBy) : await this.history.markRedone(canvasId, entry);
    const answer = { ...answerOf(entry, way), item: item! };
    this.logIds(item!, { map: answer.prevIdToNewIdMap, added: answer.addedIds, before, after: this.idsWritten(entry.files) });
    return answer;
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

  /** The ids of the elements the JSX files among `files` hold now. */
  private idsIn(files: readonly RootFile[]): IdSet {
    return idSetOf(files.map((file) => (isJsxFile(file.relative) ? this.index.fresh(file)?.parsed.byId : undefined)));
  }

  /** The ids of the elements the JSX files among `files` hold as just written (their disk not read again). */
  private idsWritten(files: readonly RootFile[]): IdSet {
    return idSetOf(files.map((file) => (isJsxFile(file.relative) ? this.index.heldIds(file.relative) : undefined)));
  }

  /**
   * A turn of the queue that may write: the root's temporary folder is kept for the turn's writes
   * (`holdTempFolder`), and what the answer does not need is done in the queue's next turn: the trees of what was
   * written are spliced (`SourceIndex.settle`; anything that reads the index settles them first anyway) and the
   * temporary folder is let go of.
   */
  private writing<T>(work: () => Promise<T>): Promise<T> {
    return this.serially(async () => {
      const release = holdTempFolder(this.root);
      try {
        return await work();
      } finally {
        void this.operations('operations', async () => {
          release();
          this.index.settle();
        }).catch(() => undefined);
      }
    });
  }

  private logIds(item: { id: string; name: string; by?: ChangeAuthor; agent?: AgentSessionRef }, changes: Parameters<typeof idWriteOf>[0]): void {
    this.idWrites.push({ step: item.id, name: item.name, by: authorLabel(item.by, item.agent), ...idWriteOf(changes) });
  }

  /**
   * A file found changed or gone on disk, not by the engine (the person's code editor): logs its elements' old ids to
   * their new ones, matched by `mapRewrittenIds`, and the ids of those it cannot tell for sure as removed. With its
   * text before unknown, every id the file has now is logged as given to another element: refused if read before.
   */
  private logRewrite(before: EarlierFile | null, after: CachedFile | null): void {
    const by = 'a program outside the studio (a code editor)';
    if (!before) {
      if (after) this.idWrites.push({ name: `edit of ${after.relative}`, by, map: {}, removed: [], retaken: after.parsed.entries.map((entry) => entry.id) });
      return;
    }
    const ids = after ? mapRewrittenIds(before.parsed, after.parsed) : { map: {}, added: [], removed: before.parsed.entries.map((entry) => entry.id) };
    const [was, now] = [before.parsed.entries, after?.parsed.entries ?? []].map((entries) => new Set(entries.map((entry) => entry.id)));
    const name = after ? `edit of ${before.relative}` : `removal of ${before.relative}`;
    this.idWrites.push({ name, by, ...idWriteOf({ ...ids, before: was!, after: now! }) });
  }

  /**
   * Refuses (`STALE_ELEMENT`) a change whose ids were resolved against the write log as of `asOf` when a write since
   * concerns one of them: their files are read again first, so a save of the person's code editor the watcher has
   * not told yet is logged and counted too.
   */
  checkIdsSince(asOf: { log: string; seq: number }, ids: readonly string[]): Promise<void> {
    return this.serially(async () => {
      for (const id of ids) this.index.lookup(id);
      const write = this.idWrites.concerning(asOf, ids);
      if (write) throw appError('STALE_ELEMENT', write.id, write.why);
    });
  }

  dispose(): void {
    this.stopWatching();
    this.disposed = true;
    this.index.clear();
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
      // Made from the file's last parse (only the changed element, when it can): when the change is written, this
      // parse is the file's and nothing parses it again.
      const parsed = this.index.reparse(file.relative, file.parsed, text);
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
    let formatted = pretty;
    for (const formatter of this.cliFormatters) formatted = await formatter.format(file.relative, before, formatted);
    if (formatted === edited) return { file, text: edited, edited: editedParse, final: editedParse, notice };
    return { file, text: formatted, edited: editedParse, final: check(formatted, 'formatted'), notice };
  }

  /**
   * Writes one side of each revision, after checking that the disk still holds the other side and that every file
   * may be written: a change lands whole, or not at all with nothing written. `onWritable` is told once the checks
   * have passed, before the first write.
   */
  private async writeRevisions(revisions: FileRevision[], direction: 'forward' | 'backward', prepared?: PreparedFile[], onWritable?: () => void): Promise<void> {
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
    onWritable?.();
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

/** The ids of several files' elements (their maps by id): the one map itself when there is one, else a set of all. */
function idSetOf(maps: ReadonlyArray<ReadonlyMap<string, unknown> | undefined>): IdSet {
  const present = maps.filter((map): map is ReadonlyMap<string, unknown> => map !== undefined);
  if (present.length === 1) return present[0]!;
  return new Set(present.flatMap((map) => [...map.keys()]));
}
