/**
 * The one source-rewriting engine of a server, shared by the write routes and the read routes (element lookup,
 * palette, history): one index of the project and one history, so a lookup right after a change sees what the
 * change wrote and the history counts are the ones undo and redo use.
 */
import type { SourceEditor } from '../mutations/source-editor.js';

export interface SharedSourceEditor {
  /** The engine, made on first use: ts-morph costs hundreds of milliseconds and `dev` is ready first. */
  get(): Promise<SourceEditor>;
  /** The engine if something already made it (a history before any change needs no engine). */
  ifMade(): Promise<SourceEditor> | undefined;
  dispose(): Promise<void>;
}

export function sharedSourceEditor(root: string): SharedSourceEditor {
  let editor: Promise<SourceEditor> | undefined;
  return {
    get: () => (editor ??= import('../mutations/source-editor.js').then(({ SourceEditor }) => new SourceEditor({ root }))),
    ifMade: () => editor,
    dispose: async () => {
      if (editor) (await editor.catch(() => undefined))?.dispose();
    },
  };
}
