/**
 * The texts the history keeps (`.plantation-studio/history/blobs/{sha256}`): each file text and each step's id
 * changes stored once under the hash of its content, however many steps use it, and removed once none does. A copy
 * is only ever given back when its bytes still hash to its name. Those whose write failed are kept in memory, so
 * undo still works in this run.
 */
import { appError } from '../../contracts/errors.js';
import { readStateFile, removeStateFile, stateEntry, writeStateFile } from '../project-folder.js';
import { BLOB_FOLDER, blobsOf, isIdChanges, type HistoryEntry, type StoredEntry } from './history-entries.js';
import { sha256 } from './source-text.js';

export class HistoryBlobs {
  /** How many entries of all canvases use each blob: one no entry uses is removed. */
  readonly references = new Map<string, number>();
  /** Blobs not (yet) on disk because their write failed. */
  private readonly unsaved = new Map<string, string>();

  constructor(
    private readonly root: string,
    private readonly persisted: boolean,
  ) {}

  has(hash: string): boolean {
    try {
      return stateEntry(this.root, `${BLOB_FOLDER}/${hash}`)?.isFile() === true;
    } catch {
      return false;
    }
  }

  /** Counts an entry's blobs in (1) or out (-1); answers those no entry uses any more. */
  reference(entry: StoredEntry, delta: 1 | -1): string[] {
    const unused: string[] = [];
    for (const hash of blobsOf(entry)) {
      const count = (this.references.get(hash) ?? 0) + delta;
      if (count > 0) this.references.set(hash, count);
      else {
        this.references.delete(hash);
        unused.push(hash);
      }
    }
    return unused;
  }

  text(hash: string): string {
    const kept = this.unsaved.get(hash);
    if (kept !== undefined) return kept;
    const relative = `${BLOB_FOLDER}/${hash}`;
    let bytes: Buffer | null;
    try {
      bytes = this.persisted ? readStateFile(this.root, relative) : null;
    } catch (error) {
      throw appError('SOURCE_CONFLICT', `the history's copy ${relative} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); nothing was written`);
    }
    if (bytes === null) throw appError('SOURCE_CONFLICT', `the history's copy ${relative} is gone; nothing was written`);
    // Why the bytes: only a copy that is exactly the text the step names is ever written back.
    if (sha256(bytes) !== hash) throw appError('SOURCE_CONFLICT', `the history's copy ${relative} was changed on disk; nothing was written`);
    return bytes.toString('utf8');
  }

  idChangesOf(entry: StoredEntry): Pick<HistoryEntry, 'prevIdToNewIdMap' | 'addedIds'> {
    if (!entry.ids) return { prevIdToNewIdMap: {}, addedIds: [] };
    const text = this.text(entry.ids);
    let ids: unknown;
    try {
      ids = JSON.parse(text);
    } catch {
      ids = undefined;
    }
    if (!isIdChanges(ids)) throw appError('SOURCE_CONFLICT', `the history's copy ${BLOB_FOLDER}/${entry.ids} is not the id changes of a step; nothing was written`);
    return ids;
  }

  /**
   * Writes the texts not on disk yet, side by side (each waits for its own flush); throws when one cannot be written
   * (it stays in memory).
   */
  async write(texts: Map<string, string>): Promise<string[]> {
    const missing = [...texts].filter(([hash]) => this.unsaved.has(hash) || !this.has(hash));
    for (const [hash, text] of missing) this.unsaved.set(hash, text);
    await Promise.all(
      missing.map(async ([hash, text]) => {
        await writeStateFile(this.root, `${BLOB_FOLDER}/${hash}`, text);
        this.unsaved.delete(hash);
      }),
    );
    return missing.map(([hash]) => hash);
  }

  /** Removes copies written for a step that was never recorded (its change failed), unless a step uses them. */
  drop(hashes: readonly string[]): void {
    for (const hash of hashes) {
      if (this.references.has(hash)) continue;
      this.unsaved.delete(hash);
      try {
        removeStateFile(this.root, `${BLOB_FOLDER}/${hash}`);
      } catch {
        // Not a file of the folder (a link planted since): not the history's to remove.
      }
    }
  }

  /** Keeps in memory the texts that are not on disk (a history in memory only, or a save that failed). */
  keep(texts: Map<string, string>): void {
    for (const [hash, text] of texts) if (!this.persisted || !this.has(hash)) this.unsaved.set(hash, text);
  }

  /** Lets go of the dropped entries' blobs no other entry uses: removed from disk when `remove`. */
  release(dropped: readonly StoredEntry[], remove: boolean): void {
    for (const entry of dropped) {
      for (const hash of this.reference(entry, -1)) {
        this.unsaved.delete(hash);
        if (!remove) continue;
        try {
          removeStateFile(this.root, `${BLOB_FOLDER}/${hash}`);
        } catch {
          // A blob that is not a file of the folder (a link planted since) is not the history's to remove.
        }
      }
    }
  }
}
