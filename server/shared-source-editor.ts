/**
 * The one source-rewriting engine of a server, shared by the write routes and the read routes (element lookup,
 * palette, history): one index of the project and one history, so a lookup right after a change sees what the
 * change wrote and the history counts are the ones undo and redo use.
 */
import { sweepStaleTempFiles } from './engine/atomic-write.js';
import { ChangeHistory } from './engine/change-history.js';
import type { SourceEditor } from './engine/source-editor.js';
import type { StudioSourceEditorOptions } from './studio-source-editor.js';

export interface SharedSourceEditor {
  /** The engine, made on first use: ts-morph costs hundreds of milliseconds and `dev` is ready first. */
  get(): Promise<SourceEditor>;
  /** The engine if something already made it (a history before any change needs no engine). */
  ifMade(): Promise<SourceEditor> | undefined;
  /** The project's stored history, loaded at the server's start: the engine writes to it, the history route reads it. */
  readonly history: ChangeHistory;
  /**
   * Starts indexing the whole project in slices, once (the first lookup of a frame's elements was answered): a lookup
   * of every fact follows bound text across every JSX file, and on a project of two thousand files that parse in one
   * turn held every other request back for seconds (issue 29). Requests asked for meanwhile go between two slices.
   * Not while the page loads: the slices would take turns from the console's own modules, which the same server
   * compiles then.
   */
  warm(): void;
  /** Settles once a warm-up started is done (at once when none was started): what a lookup of the whole project waits for. */
  warmed(): Promise<void>;
  /**
   * Brings the whole index up to date in slices of the engine's queue (a lookup asked meanwhile goes between two),
   * held like the warm-up while a studio page opens (`pageServed`): what the palette's list waits for.
   */
  rescanned(): Promise<void>;
  /**
   * A studio page was served: its frame loads the console's modules from this same server. The warm-up (and a
   * `rescanned` walk) still running from an earlier page holds its slices until this page's frame asks its first
   * lookup (`warm` again, the frame has painted), or `PAGE_OPEN_HOLD_MS` at most. Without it a page opened again
   * within seconds of the first (a reload) shared the server with the parse of the whole project the first page
   * started: on the generated project of 2,000 files the frame began loading about a second late (issue 29).
   */
  pageServed(): void;
  dispose(): Promise<void>;
}

/** Each slice of the warm-up: a lookup asked for meanwhile waits at most about this long. */
const WARM_SLICE_MS = 20;

/** How long a served page holds the warm-up at most: a page whose frame never asks its lookup does not stop it. */
export const PAGE_OPEN_HOLD_MS = 15_000;

/**
 * The gate the warm-up's slices pass between turns: shut while a studio page opens, open again when its frame asks
 * its first lookup or after `PAGE_OPEN_HOLD_MS`.
 */
function pageOpenHold(): { shut(): void; open(): void; passed(): Promise<void> } {
  let held: { promise: Promise<void>; release: () => void; timer: NodeJS.Timeout } | undefined;
  const open = () => {
    if (!held) return;
    clearTimeout(held.timer);
    held.release();
    held = undefined;
  };
  return {
    shut: () => {
      open();
      let release!: () => void;
      const promise = new Promise<void>((resolve) => (release = resolve));
      // Unref'd: a hold never keeps the process alive.
      held = { promise, release, timer: setTimeout(open, PAGE_OPEN_HOLD_MS).unref() };
    },
    open,
    passed: () => held?.promise ?? Promise.resolve(),
  };
}

/** Runs `step` in turns of the engine's queue until it says it is done, passing `hold` and a macrotask between two. */
async function inHeldSlices(editor: SourceEditor, step: () => boolean, hold: () => Promise<void>): Promise<void> {
  while (!(await editor.readSource(step))) {
    await new Promise((resolve) => setImmediate(resolve));
    await hold();
  }
}

export function sharedSourceEditor(
  root: string,
  options: Omit<StudioSourceEditorOptions, 'root' | 'history'> & { warn?: (message: string) => void; stateFolderRefusal?: string | null } = {},
): SharedSourceEditor {
  let editor: Promise<SourceEditor> | undefined;
  // At the start: a history file that cannot be read is said before the first edit, and the history route answers
  // the stored steps with no engine (ts-morph) made.
  const { stateFolderRefusal, warn, ...editorOptions } = options;
  const history = new ChangeHistory({ root, limit: options.historyLimit, warn, stateFolderRefusal });
  // At the server's start, not at the first edit: a temporary file a killed studio left does not wait for one. Not
  // in a folder refused at start: nothing there is removed.
  if (history.persisted) sweepStaleTempFiles(root);
  // The engine reads the theme through the server's Tailwind readers, which the theme route warms: read once.
  const theme = () =>
    import('./tailwind/project-tailwind-services.js').then(({ projectTailwindServices }) => projectTailwindServices(shared, root).theme.theme());
  let warming: Promise<void> | undefined;
  const hold = pageOpenHold();
  // The index's own walk in steps, each a slice of the engine's queue, held while a page opens.
  const rescanned = async (made: SourceEditor) => {
    await hold.passed();
    const step = await made.readSource((index) => index.rescanInSteps());
    await inHeldSlices(made, () => step(WARM_SLICE_MS), hold.passed);
  };
  const shared: SharedSourceEditor = {
    get: () => (editor ??= import('./studio-source-editor.js').then(({ studioSourceEditor }) => studioSourceEditor({ root, theme, ...editorOptions, history }))),
    ifMade: () => editor,
    history,
    warm: () => {
      // The frame of the page last served has painted: a held warm-up goes on.
      hold.open();
      warming ??= shared.get().then(async (made) => {
        await rescanned(made);
        // Then what the first lookup resolves of each file, in slices of the same kind.
        const { lookupWarmer } = await import('./project-reads/lookup-warmer.js');
        const step = await made.readSource(lookupWarmer);
        await inHeldSlices(made, () => step(WARM_SLICE_MS), hold.passed);
      }).catch(() => {
        // An engine that cannot be made says so at the first call that needs it.
      });
    },
    warmed: () => warming ?? Promise.resolve(),
    rescanned: async () => rescanned(await shared.get()),
    pageServed: () => hold.shut(),
    dispose: async () => {
      if (editor) (await editor.catch(() => undefined))?.dispose();
    },
  };
  return shared;
}
