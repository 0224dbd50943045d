/**
 * Canvases kept in the edited project (`.plantation-studio/canvases/<id>.json`), so they survive restarts and
 * travel with the project. A stored file that cannot be used is reported and never overwritten: nothing a person
 * made is lost to a save. Every path is checked by its real path: a symbolic link may not lead a canvas anywhere
 * else, inside the root or out of it; files are read and written through `../project-folder.ts`, which follows no
 * link. When the project's folder was refused at start (a link in it), canvases are kept in memory for the run.
 */
import path from 'node:path';
import { CANVAS_FOLDER, canvasDocumentSchema, defaultCanvasDocument, type CanvasDocument } from '../contracts/studio-api.js';
import { AppError, appError, fieldErrorsOf, validationError } from '../contracts/errors.js';
import { keyedSerialQueue } from '../contracts/serial-queue.js';
import { writabilityProblem, writeRefusal } from './engine/atomic-write.js';
import { realRoot, resolveInRoot, type RootFile } from './engine/safe-paths.js';
import { readStateFile, stateEntry, writeStateFile } from './project-folder.js';

/** What the stored text holds, or why it cannot be used. */
function parseStored(text: string): { document: CanvasDocument } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problem: `it is not valid JSON (${(error as Error).message})` };
  }
  const parsed = canvasDocumentSchema.safeParse(json);
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error.issues, 'document').map((issue) => `${issue.field}: ${issue.message}`);
    return { problem: `it is not a canvas document (${fields.slice(0, 5).join('; ')}${fields.length > 5 ? `; and ${fields.length - 5} more` : ''})` };
  }
  return { document: parsed.data };
}

/** Lasting state: the saves in progress, one at a time per canvas. */
export class CanvasStore {
  private readonly root: string;
  private readonly saving = keyedSerialQueue();
  /** Whether canvases are kept in the project; else here, for the run. */
  private readonly persisted: boolean;
  private readonly kept = new Map<string, CanvasDocument>();

  constructor(root: string, { persisted = true }: { persisted?: boolean } = {}) {
    this.root = realRoot(root);
    this.persisted = persisted;
  }

  /** The canvas's file, checked: inside the root and reached through no symbolic link. */
  fileOf(canvasId: string): RootFile {
    const relative = `${CANVAS_FOLDER}/${canvasId}.json`;
    const file = resolveInRoot(this.root, relative);
    if (file.absolute !== path.join(this.root, ...relative.split('/'))) {
      throw appError('PATH_FORBIDDEN', relative, 'a symbolic link leads it elsewhere');
    }
    return file;
  }

  /** The stored text, or null when the canvas was never saved. */
  private readText(file: RootFile): string | null {
    try {
      if (stateEntry(this.root, file.relative)?.isDirectory()) throw appError('CANVAS_UNREADABLE', file.relative, 'it is a folder, not a file');
      return readStateFile(this.root, file.relative)?.toString('utf8') ?? null;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw appError('CANVAS_UNREADABLE', file.relative, (error as Error).message);
    }
  }

  /** The stored canvas (under the id of its address, which its file is named after), else a new default one. */
  read(canvasId: string): CanvasDocument {
    if (!this.persisted) return this.kept.get(canvasId) ?? defaultCanvasDocument(canvasId);
    const file = this.fileOf(canvasId);
    const text = this.readText(file);
    if (text === null) return defaultCanvasDocument(canvasId);
    const stored = parseStored(text);
    if ('problem' in stored) throw appError('CANVAS_UNREADABLE', file.relative, stored.problem);
    return { ...stored.document, id: canvasId };
  }

  /** Validates and writes a canvas atomically; refuses to replace a stored file it cannot read. */
  write(canvasId: string, body: unknown): Promise<void> {
    const parsed = canvasDocumentSchema.safeParse(body);
    if (!parsed.success) return Promise.reject(validationError('canvas document', fieldErrorsOf(parsed.error.issues, 'document')));
    if (parsed.data.id !== canvasId) return Promise.reject(appError('CANVAS_ID_MISMATCH', parsed.data.id, canvasId));
    const save = async () => {
      if (!this.persisted) {
        this.kept.set(canvasId, parsed.data);
        return;
      }
      const file = this.fileOf(canvasId);
      const text = this.readText(file);
      if (text !== null) {
        const stored = parseStored(text);
        if ('problem' in stored) throw appError('CANVAS_UNREADABLE', file.relative, stored.problem);
      }
      const problem = writabilityProblem(this.root, file.absolute);
      if (problem) throw appError('FILE_NOT_WRITABLE', file.relative, problem);
      try {
        await writeStateFile(this.root, file.relative, `${JSON.stringify(parsed.data, null, 2)}\n`);
      } catch (error) {
        const refusal = writeRefusal(error, file.relative);
        if (refusal) throw refusal;
        // A level of the folder replaced by a link since it was looked at: the write follows none.
        if ((error as NodeJS.ErrnoException).code === undefined) throw appError('PATH_FORBIDDEN', file.relative, (error as Error).message);
        throw error;
      }
    };
    return this.saving(canvasId, save);
  }
}
