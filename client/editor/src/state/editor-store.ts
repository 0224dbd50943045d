/**
 * What the editor knows and shows, in one store: the canvas document (frames, zoom, pan: saved to the project),
 * each frame's live state as its overlay reports it (ready, address, nav tree), the selection and hover (element
 * keys, which name their frame through the storyboard id), the source facts of the elements on screen, and the
 * editing modes. Change items live in the change engine's own store (`changes/`).
 */
import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import type { HydrationStatus, NavTreeNode } from '@contracts/frame-protocol.js';
import { parseElementKey, remapElementKey } from '@contracts/frame-protocol.js';
import type { CanvasDocument, CanvasFrame, ChangeRecord, ElementSourceInfo } from '@contracts/studio-api.js';
import { CHANGE_RECORD_LIMIT, ZOOM_LIMITS } from '@contracts/studio-api.js';
import type { StylingFramework } from '@contracts/change-kinds.js';
import type { TextScope } from '@contracts/changes.js';
import type { StylingIdiom } from '@contracts/styling-idioms.js';
import type { BreakpointName } from '@contracts/tailwind-variants.js';

export interface FrameRuntime {
  /** The overlay in the frame said it is ready and answers calls. */
  ready: boolean;
  /** The address the frame shows now (the overlay's LATEST_HREF). */
  href: string | null;
  navTree: NavTreeNode | null;
  hydration: HydrationStatus | null;
}

export type Breakpoint = BreakpointName;

export interface Notice {
  id: number;
  kind: 'success' | 'error' | 'info';
  text: string;
}

/** The toolbar's capture of the selection as a thumbnail (`captureComponentPreview`), while asked and once answered. */
export type CaptureState =
  | { status: 'pending'; frameId: string; elementKey: string }
  | { status: 'done'; frameId: string; elementKey: string; imageDataUrl: string }
  | { status: 'error'; frameId: string; elementKey: string; error: string };

/** What the editor knows and shows. */
export interface EditorFacts {
  canvasId: string;
  canvas: CanvasDocument | null;
  /** Why the canvas could not be loaded, shown instead of it. */
  loadError: string | null;
  frames: Record<string, FrameRuntime>;
  /** The frame the last selection or hover happened in; toolbar navigation acts on it. */
  activeFrameId: string | null;
  selectedKey: string | null;
  multiSelectedKeys: string[];
  hoveredKey: string | null;
  /** Source facts by codebase id, filled by the element lookup after each nav tree. */
  elementInfo: Record<string, ElementSourceInfo>;
  driveMode: boolean;
  aiContext: boolean;
  /** Pseudo-state modifiers (hover, focus, …) the style controls write under. */
  modifiers: string[];
  /** The breakpoint the style controls write under; null: every width. */
  breakpoint: Breakpoint | null;
  /** The idiom the designer chose for the selected element's styles; null: the element's own, else the project's. */
  stylingIdiom: StylingIdiom | null;
  /** The modifiers and breakpoint are kept for the next element selected; else a new selection starts without any. */
  variantsPinned: boolean;
  /** The panel listing every key (the `?` key, the toolbar's Keys button) is open. */
  keysPanelOpen: boolean;
  textEditing: { elementKey: string; oldText: string } | null;
  /**
   * A text write held back until the person confirms it: its words are a constant's that other places of the project
   * show too (`textHome.alsoShownAt`), named in the inspector with Write and Cancel.
   */
  confirmTextWrite: {
    elementKey: string;
    fields: { codebaseIdToEditText: string; newText: string; oldText: string; instance?: string[]; textScope?: TextScope };
    alsoShownAt: string[];
  } | null;
  /** The element whose dynamic text the inspector is asked to explain ('Edit Dynamic Text', Enter on such text). */
  explainTextOf: string | null;
  /** Codebase ids the element lookup did not find in the project's source (library internals): read-only. */
  withoutSource: Record<string, true>;
  /** Ids whose facts came from a file that has been written since: asked for again, shown until then. */
  staleSource: Record<string, true>;
  capture: CaptureState | null;
  /** Which side-panel sections the designer opened or closed, by title, for the session. */
  openSections: Record<string, boolean>;
  notices: Notice[];
}

export interface EditorActions {
  setCanvas(canvas: CanvasDocument): void;
  setLoadError(message: string | null): void;
  updateCanvas(recipe: (canvas: CanvasDocument) => void): void;
  updateFrame(frameId: string, recipe: (frame: CanvasFrame) => void): void;
  setFrameRuntime(frameId: string, patch: Partial<FrameRuntime>): void;
  dropFrameRuntime(frameId: string): void;
  setZoom(zoomPerc: number): void;
  /** A designer's choice of framework, which the canvas then keeps (the project's styling no longer sets it). */
  setStylingFramework(framework: StylingFramework): void;
  select(elementKey: string | null): void;
  setMultiSelected(elementKeys: string[]): void;
  hover(elementKey: string | null): void;
  mergeElementInfo(info: Record<string, ElementSourceInfo>): void;
  /**
   * Marks what is known of the elements of files a change wrote as stale: ids are derived from places in a file, so
   * after an edit an id can name another element than before. The facts stay shown until the next lookup replaces
   * them (the next nav tree, or a moment after the write).
   */
  forgetSourceOf(files: readonly string[]): void;
  /** Rewrites every element key and codebase id the editor holds after an answer's `prevIdToNewIdMap`. */
  remapIds(prevIdToNewIdMap: Record<string, string>): void;
  setDriveMode(on: boolean): void;
  setAiContext(on: boolean): void;
  setModifiers(modifiers: string[]): void;
  setBreakpoint(breakpoint: Breakpoint | null): void;
  setStylingIdiom(idiom: StylingIdiom | null): void;
  setVariantsPinned(pinned: boolean): void;
  setKeysPanelOpen(open: boolean): void;
  setTextEditing(editing: EditorState['textEditing']): void;
  setConfirmTextWrite(pending: EditorState['confirmTextWrite']): void;
  setExplainTextOf(elementKey: string | null): void;
  markWithoutSource(codebaseIds: string[]): void;
  setCapture(capture: CaptureState | null): void;
  /** Adds or replaces (same id) an ended change in the canvas's record, newest last, bounded. */
  recordChange(record: ChangeRecord): void;
  setSectionOpen(title: string, open: boolean): void;
  notify(kind: Notice['kind'], text: string): void;
  dismissNotice(id: number): void;
}

export type EditorState = EditorFacts & EditorActions;

const emptyRuntime = (): FrameRuntime => ({ ready: false, href: null, navTree: null, hydration: null });


/** The frame (storyboard) an element key belongs to. */
export function frameIdOfKey(key: string): string | null {
  return parseElementKey(key)?.storyboardId ?? null;
}

/** How a part of the store writes: an immer recipe on the whole state. */
type Write = (recipe: (state: EditorState) => void) => void;
type Read = () => EditorState;
type Actions<K extends keyof EditorState> = Pick<EditorState, K>;

const initialState = {
  canvasId: 'default',
  canvas: null,
  loadError: null,
  frames: {},
  activeFrameId: null,
  selectedKey: null,
  multiSelectedKeys: [],
  hoveredKey: null,
  elementInfo: {},
  driveMode: false,
  aiContext: false,
  modifiers: [],
  breakpoint: null,
  stylingIdiom: null,
  variantsPinned: false,
  keysPanelOpen: false,
  textEditing: null,
  confirmTextWrite: null,
  explainTextOf: null,
  withoutSource: {},
  staleSource: {},
  capture: null,
  openSections: {},
  notices: [],
} satisfies Omit<EditorState, keyof EditorActions>;

function canvasActions(set: Write, get: Read): Actions<'setCanvas' | 'setLoadError' | 'updateCanvas' | 'updateFrame' | 'setZoom' | 'setStylingFramework' | 'recordChange'> {
  return {
    setCanvas: (canvas) =>
      set((state) => {
        state.canvas = canvas;
        state.canvasId = canvas.id;
        state.loadError = null;
      }),
    setLoadError: (message) =>
      set((state) => {
        state.loadError = message;
      }),
    updateCanvas: (recipe) =>
      set((state) => {
        if (state.canvas) recipe(state.canvas);
      }),
    updateFrame: (frameId, recipe) =>
      set((state) => {
        const frame = state.canvas?.frames.find((candidate) => candidate.id === frameId);
        if (frame) recipe(frame);
      }),
    setZoom: (zoomPerc) =>
      set((state) => {
        if (state.canvas) state.canvas.zoomPerc = Math.min(ZOOM_LIMITS.max, Math.max(ZOOM_LIMITS.min, Math.round(zoomPerc)));
      }),
    setStylingFramework: (framework) =>
      set((state) => {
        if (!state.canvas) return;
        state.canvas.stylingFramework = framework;
        // From now on the canvas keeps it: the project's styling no longer sets it.
        state.canvas.stylingFrameworkChosen = true;
      }),
    recordChange: (record) => {
      // Found in the plain state: searching the draft's list would make a proxy of every record.
      const at = get().canvas?.changes.findIndex((existing) => existing.id === record.id) ?? -1;
      set((state) => {
        if (!state.canvas) return;
        const changes = state.canvas.changes;
        if (at >= 0) changes[at] = record;
        else changes.push(record);
        if (changes.length > CHANGE_RECORD_LIMIT) changes.splice(0, changes.length - CHANGE_RECORD_LIMIT);
      });
    },
  };
}

function frameAndSelectionActions(set: Write): Actions<'setFrameRuntime' | 'dropFrameRuntime' | 'select' | 'setMultiSelected' | 'hover' | 'remapIds'> {
  return {
    setFrameRuntime: (frameId, patch) =>
      set((state) => {
        state.frames[frameId] = { ...(state.frames[frameId] ?? emptyRuntime()), ...patch };
      }),
    dropFrameRuntime: (frameId) =>
      set((state) => {
        delete state.frames[frameId];
        if (state.activeFrameId === frameId) state.activeFrameId = null;
        if (state.selectedKey && frameIdOfKey(state.selectedKey) === frameId) state.selectedKey = null;
        state.multiSelectedKeys = state.multiSelectedKeys.filter((key) => frameIdOfKey(key) !== frameId);
        if (state.hoveredKey && frameIdOfKey(state.hoveredKey) === frameId) state.hoveredKey = null;
      }),
    select: (elementKey) =>
      set((state) => {
        // What an edit is written under is what the inspector shows: another element starts with none, unless pinned.
        const codebaseIdOf = (key: string | null) => (key ? parseElementKey(key)?.codebaseId : null);
        if (!state.variantsPinned && elementKey && codebaseIdOf(elementKey) !== codebaseIdOf(state.selectedKey)) {
          state.modifiers = [];
          state.breakpoint = null;
        }
        // An idiom fits the element it was chosen for (sx a MUI component, a template its component) only.
        if (codebaseIdOf(elementKey) !== codebaseIdOf(state.selectedKey)) state.stylingIdiom = null;
        state.selectedKey = elementKey;
        if (elementKey) state.activeFrameId = frameIdOfKey(elementKey) ?? state.activeFrameId;
      }),
    setMultiSelected: (elementKeys) =>
      set((state) => {
        state.multiSelectedKeys = [...new Set(elementKeys)];
      }),
    hover: (elementKey) =>
      set((state) => {
        state.hoveredKey = elementKey;
      }),
    remapIds: (map) =>
      set((state) => {
        if (Object.keys(map).length === 0) return;
        if (state.selectedKey) state.selectedKey = remapElementKey(state.selectedKey, map);
        state.multiSelectedKeys = state.multiSelectedKeys.map((key) => remapElementKey(key, map));
        if (state.hoveredKey) state.hoveredKey = remapElementKey(state.hoveredKey, map);
        if (state.textEditing) state.textEditing.elementKey = remapElementKey(state.textEditing.elementKey, map);
        if (state.explainTextOf) state.explainTextOf = remapElementKey(state.explainTextOf, map);
      }),
  };
}

function sourceFactActions(set: Write, get: Read): Actions<'mergeElementInfo' | 'forgetSourceOf' | 'markWithoutSource'> {
  return {
    mergeElementInfo: (info) =>
      set((state) => {
        Object.assign(state.elementInfo, info);
        for (const id of Object.keys(info)) delete state.staleSource[id];
      }),
    forgetSourceOf: (files) => {
      if (files.length === 0) return;
      const written = new Set(files);
      // Read from the plain state: walking the draft's facts would make a proxy of every element's.
      const stale = Object.entries(get().elementInfo).flatMap(([id, info]) => (written.has(info.file) ? [id] : []));
      set((state) => {
        for (const id of stale) state.staleSource[id] = true;
        // An id not found before may be one of the written file's now.
        state.withoutSource = {};
      });
    },
    markWithoutSource: (codebaseIds) =>
      set((state) => {
        for (const id of codebaseIds) state.withoutSource[id] = true;
        for (const id of codebaseIds) {
          delete state.elementInfo[id];
          delete state.staleSource[id];
        }
      }),
  };
}

function modeActions(set: Write): Actions<'setDriveMode' | 'setAiContext' | 'setModifiers' | 'setBreakpoint' | 'setStylingIdiom' | 'setVariantsPinned' | 'setKeysPanelOpen' | 'setTextEditing' | 'setConfirmTextWrite' | 'setExplainTextOf' | 'setCapture' | 'setSectionOpen'> {
  return {
    setDriveMode: (on) =>
      set((state) => {
        state.driveMode = on;
      }),
    setAiContext: (on) =>
      set((state) => {
        state.aiContext = on;
      }),
    setModifiers: (modifiers) =>
      set((state) => {
        state.modifiers = [...new Set(modifiers)];
      }),
    setStylingIdiom: (idiom) =>
      set((state) => {
        state.stylingIdiom = idiom;
      }),
    setBreakpoint: (breakpoint) =>
      set((state) => {
        state.breakpoint = breakpoint;
      }),
    setVariantsPinned: (pinned) =>
      set((state) => {
        state.variantsPinned = pinned;
      }),
    setKeysPanelOpen: (open) =>
      set((state) => {
        state.keysPanelOpen = open;
      }),
    setTextEditing: (editing) =>
      set((state) => {
        state.textEditing = editing;
      }),
    setConfirmTextWrite: (pending) =>
      set((state) => {
        state.confirmTextWrite = pending;
      }),
    setExplainTextOf: (elementKey) =>
      set((state) => {
        state.explainTextOf = elementKey;
      }),
    setCapture: (capture) =>
      set((state) => {
        state.capture = capture;
      }),
    setSectionOpen: (title, open) =>
      set((state) => {
        state.openSections[title] = open;
      }),
  };
}

function noticeActions(set: Write): Actions<'notify' | 'dismissNotice'> {
  let nextNoticeId = 1;
  return {
    notify: (kind, text) =>
      set((state) => {
        state.notices.push({ id: nextNoticeId++, kind, text });
        if (state.notices.length > 5) state.notices.shift();
      }),
    dismissNotice: (id) =>
      set((state) => {
        state.notices = state.notices.filter((notice) => notice.id !== id);
      }),
  };
}

export const useEditorStore = create<EditorState>()(
  immer((set, get) => ({
    ...initialState,
    ...canvasActions(set, get),
    ...frameAndSelectionActions(set),
    ...sourceFactActions(set, get),
    ...modeActions(set),
    ...noticeActions(set),
  })),
);

/** Finds the node of an element key in a nav tree (depth first). */
export function findNode(tree: NavTreeNode | null, key: string): NavTreeNode | null {
  if (!tree) return null;
  const stack: NavTreeNode[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.key === key) return node;
    for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!);
  }
  return null;
}

/** The node of the tree whose element has this codebase id (an element just added: its key is not known before). */
export function findNodeByCodebaseId(tree: NavTreeNode | null, codebaseId: string): NavTreeNode | null {
  if (!tree) return null;
  const stack: NavTreeNode[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.tempoElement.codebaseId === codebaseId) return node;
    for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!);
  }
  return null;
}
