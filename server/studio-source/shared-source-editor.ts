/**
 * The one source-rewriting engine of a server, shared by the write routes and the read routes (element lookup,
 * palette, history): one index of the project and one history, so a lookup right after a change sees what the
 * change wrote and the history counts are the ones undo and redo use.
 */
import { sweepStaleTempFiles } from '../mutations/atomic-write.js';
import type { SourceEditor, SourceEditorOptions } from '../mutations/source-editor.js';

export interface SharedSourceEditor {
  /** The engine, made on first use: ts-morph costs hundreds of milliseconds and `dev` is ready first. */
  get(): Promise<SourceEditor>;
  /** The engine if something already made it (a history before any change needs no engine). */
  ifMade(): Promise<SourceEditor> | undefined;
  dispose(): Promise<void>;
}

export function sharedSourceEditor(root: string, options: Omit<SourceEditorOptions, 'root'> = {}): SharedSourceEditor {
  let editor: Promise<SourceEditor> | undefined;
  // At the server's start, not at the first edit: a temporary file a killed studio left does not wait for one.
  sweepStaleTempFiles(root);
  return {
    get: () => (editor ??= import('../mutations/source-editor.js').then(({ SourceEditor }) => new SourceEditor({ root, ...options }))),
    ifMade: () => editor,
    dispose: async () => {
      if (editor) (await editor.catch(() => undefined))?.dispose();
    },
  };
}
