/**
 * Between the editor's store and the frames: each frame's messages become store updates (ready, address, nav tree,
 * selection, hover, hydration), text edits and moves become changes, forwarded keys go to the editor's one key
 * handler; and what the editor changes (selection and hover from the layers, drive mode, AI context, zoom) is told
 * to the frames, each only what it does not show yet.
 */
import type { FrameToParentPayloads, NavTreeNode } from '@contracts/frame-protocol.js';
import { submitChange } from '../changes/change-engine';
import { handleEditorKey } from '../keyboard/editor-commands';
import { zoomCanvasByWheel } from '../canvas/canvas-actions';
import { frameIdOfKey, useEditorStore } from '../state/editor-store';
import { codebaseIdsOf, frameLookupsFor, idsToLookUp, lookUpElements, staleToAskNow } from './element-lookups';
import { FrameConnection, type FrameEventMessage } from './frame-connection';
import { frameChannel, frameChannels, registerFrameChannel } from './frame-registry';
import { onFrameDragMessage } from './move-drag';
import { emptyMirror, hoverCallFor, selectionAfterReport, selectionCallFor, selectionKeys, type FrameMirror } from './selection-sync';

type FrameMessage = FrameEventMessage;
export type FrameMessageListener = (frameId: string, message: FrameEventMessage) => void;

const listeners = new Set<FrameMessageListener>();
const mirrors = new Map<string, FrameMirror>();
/** The registry's remover of each frame's channel. */
const unregisters = new Map<string, () => void>();
/** The multi-selection a frame reported just before its primary key (it posts both, in that order). */
const reportedMulti = new Map<string, string[]>();

/** Lets a panel follow a frame's reports (CSS rules, evals, class lists, …) without a connection of its own. */
export function onFrameMessage(listener: FrameMessageListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const store = () => useEditorStore.getState();
const mirrorOf = (frameId: string) => mirrors.get(frameId) ?? emptyMirror();
/** The overlay takes the zoom as a factor (1 = 100 %), the canvas keeps percent. */
const overlayZoom = () => (store().canvas?.zoomPerc ?? 100) / 100;

async function onOverlayReady(connection: FrameConnection, payload: FrameToParentPayloads['OVERLAY_READY']): Promise<void> {
  const { frameId } = connection;
  const state = store();
  mirrors.set(frameId, emptyMirror());
  try {
    await connection.call('initProject', { storyboardId: frameId, canvasId: state.canvasId, zoomPerc: overlayZoom(), aiContext: state.aiContext });
    await connection.call(state.driveMode ? 'enableDriveMode' : 'disableDriveMode', {});
  } catch (error) {
    store().notify('error', `The frame "${frameName(frameId)}" did not start: ${(error as Error).message}`);
    return;
  }
  if (frameChannel(frameId) !== connection) unregisters.set(frameId, registerFrameChannel(connection));
  store().setFrameRuntime(frameId, { ready: true, href: payload.href });
  // A reloaded frame (hot reload, navigation) starts with nothing: give it what the editor knows and shows.
  pushSelection(frameId);
  await pushKnownLookups(connection, null);
}

function frameName(frameId: string): string {
  return store().canvas?.frames.find((frame) => frame.id === frameId)?.name ?? frameId;
}

let lookupFailureShown = false;

/** Gives the frame the source facts of its tree's elements; with `tree`, first asks the server about new ids. */
async function pushKnownLookups(connection: FrameConnection, tree: NavTreeNode | null): Promise<void> {
  const ids = tree ? codebaseIdsOf(tree) : Object.keys(store().elementInfo);
  if (tree) {
    // Facts a write made stale wait for the refresh scheduled after it, when the hot reload has had its turn.
    const unknown = idsToLookUp(ids, store().elementInfo, store().withoutSource, staleToAskNow(store().staleSource));
    if (unknown.length === 0) return;
    try {
      // Nothing new learnt: the frame already has every fact there is, and telling it again would rebuild its tree.
      if (!(await lookUpElements(unknown))) return;
    } catch (error) {
      console.warn('Element lookup failed', error);
      if (!lookupFailureShown) store().notify('error', `The studio could not read the elements' source: ${(error as Error).message}`);
      lookupFailureShown = true;
      return;
    }
  }
  const lookups = frameLookupsFor(ids, store().elementInfo);
  if (Object.keys(lookups).length === 0) return;
  try {
    await connection.call('setNewLookups', { lookups });
  } catch (error) {
    console.warn('setNewLookups failed', error);
  }
}

function onSelectionReport(frameId: string, primary: string | null): void {
  const keys = reportedMulti.get(frameId) ?? (primary ? [primary] : []);
  reportedMulti.delete(frameId);
  mirrors.set(frameId, { ...mirrorOf(frameId), selection: primary ? [primary, ...keys.filter((key) => key !== primary)] : [] });
  const state = store();
  const next = selectionAfterReport(frameId, { primary, keys }, state);
  if (!next) return;
  state.setMultiSelected(next.multiSelectedKeys);
  state.select(next.selectedKey);
  if (state.explainTextOf && state.explainTextOf !== next.selectedKey) state.setExplainTextOf(null);
}

function onHoverReport(frameId: string, key: string | null): void {
  mirrors.set(frameId, { ...mirrorOf(frameId), hover: key });
  const hovered = store().hoveredKey;
  // A frame that hovers nothing clears only its own hover, not one in another frame.
  if (key !== null || (hovered !== null && frameIdOfKey(hovered) === frameId)) store().hover(key);
}

function handleMessage(connection: FrameConnection, message: FrameMessage): void {
  const { frameId } = connection;
  const state = store();
  switch (message.type) {
    case 'OVERLAY_READY':
      void onOverlayReady(connection, message.payload);
      break;
    case 'LATEST_HREF':
      state.setFrameRuntime(frameId, { href: message.payload.href });
      break;
    case 'HOVERED_ELEMENT_KEY':
      onHoverReport(frameId, message.payload.elementKey);
      break;
    case 'MULTI_SELECTED_ELEMENT_KEYS':
      reportedMulti.set(frameId, message.payload.elementKeys);
      break;
    case 'SELECTED_ELEMENT_KEY':
      onSelectionReport(frameId, message.payload.elementKey);
      break;
    case 'HYDRATION_STATUS':
      state.setFrameRuntime(frameId, { hydration: message.payload });
      break;
    case 'KEY_DOWN':
      // In drive mode the console is being used, not edited: its keys are the page's own.
      if (!state.driveMode) handleEditorKey(message.payload);
      break;
    case 'WHEEL':
      zoomCanvasByWheel(frameId, message.payload);
      break;
    case 'START_EDITING_TEXT':
      state.setTextEditing({ elementKey: message.payload.elementKey, oldText: message.payload.oldText });
      break;
    case 'EDITED_TEXT': {
      state.setTextEditing(null);
      const { codebaseId, newText, oldText } = message.payload;
      if (codebaseId && newText !== oldText) void submitChange('EDIT_TEXT', { codebaseIdToEditText: codebaseId, newText, oldText });
      break;
    }
    case 'EDIT_DYNAMIC_TEXT':
      state.select(message.payload.elementKey);
      state.setExplainTextOf(message.payload.elementKey);
      break;
    case 'COMPONENT_PREVIEW_CAPTURED':
      if (state.capture?.status === 'pending' && state.capture.frameId === frameId) {
        state.setCapture({ status: 'done', frameId, elementKey: state.capture.elementKey, imageDataUrl: message.payload.imageDataUrl });
      }
      break;
    case 'COMPONENT_PREVIEW_ERROR':
      if (state.capture?.status === 'pending' && state.capture.frameId === frameId) {
        state.setCapture({ status: 'error', frameId, elementKey: state.capture.elementKey, error: message.payload.error });
      }
      break;
    case 'DRAG_START':
    case 'MOUSE_MOVE':
    case 'DRAG_END':
    case 'DRAG_CANCEL':
      onFrameDragMessage(frameId, message.type, message.payload);
      break;
    default:
      break;
  }
  for (const listener of listeners) listener(frameId, message);
}

/**
 * Connects the editor to the overlay of one frame's `<iframe>`: listens to its messages from now on, and registers
 * its channel once its overlay says it is ready. Returns the disconnect.
 */
export function connectFrame(frameId: string, iframe: HTMLIFrameElement): () => void {
  const connection = new FrameConnection(
    frameId,
    { contentWindow: () => iframe.contentWindow, origin: window.location.origin },
    {
      onMessage: (message) => handleMessage(connection, message),
      onNavTree: (navTree) => {
        store().setFrameRuntime(frameId, { navTree });
        void pushKnownLookups(connection, navTree);
      },
      onNavTreeError: (error) => console.warn(`Frame ${frameId}: ${error}`),
    },
  );
  const onWindowMessage = (event: MessageEvent) => void connection.receive(event);
  window.addEventListener('message', onWindowMessage);
  // A document of the frame going away (navigation, refresh, a full hot reload) takes its overlay with it: until
  // the next one says it is ready, nothing may wait on it. The frame is of this origin, so its window can be watched.
  const onPageHide = () => {
    unregisters.get(frameId)?.();
    unregisters.delete(frameId);
    connection.close('is reloading');
    mirrors.set(frameId, emptyMirror());
    store().setFrameRuntime(frameId, { ready: false });
  };
  const watchDocument = () => {
    try {
      iframe.contentWindow?.addEventListener('pagehide', onPageHide, { once: true });
    } catch {
      // A document of another origin (never the console's): its messages are refused anyway.
    }
  };
  iframe.addEventListener('load', watchDocument);
  watchDocument();
  return () => {
    iframe.removeEventListener('load', watchDocument);
    window.removeEventListener('message', onWindowMessage);
    unregisters.get(frameId)?.();
    unregisters.delete(frameId);
    connection.close();
    mirrors.delete(frameId);
    reportedMulti.delete(frameId);
    store().dropFrameRuntime(frameId);
  };
}

function pushSelection(frameId: string): void {
  const channel = frameChannel(frameId);
  if (!channel) return;
  const { selectedKey, multiSelectedKeys, hoveredKey } = store();
  const mirror = mirrorOf(frameId);
  const call = selectionCallFor(frameId, selectionKeys(selectedKey, multiSelectedKeys), mirror);
  if (call) {
    const shown = call.name === 'setSelectedElement' ? (call.elementKey ? [call.elementKey] : []) : call.elementKeys;
    mirrors.set(frameId, { ...mirror, selection: shown });
    const sent = call.name === 'setSelectedElement' ? channel.call('setSelectedElement', { elementKey: call.elementKey }) : channel.call('setMultiselectedElementKeys', { elementKeys: call.elementKeys });
    sent.catch((error: unknown) => console.warn(`${call.name} failed`, error));
  }
  const hover = hoverCallFor(frameId, hoveredKey, mirrorOf(frameId));
  if (hover !== undefined) {
    mirrors.set(frameId, { ...mirrorOf(frameId), hover });
    channel.call('setHoveredElement', { elementKey: hover }).catch((error: unknown) => console.warn('setHoveredElement failed', error));
  }
}

function callEveryFrame(run: (channel: ReturnType<typeof frameChannels>[number]) => Promise<unknown>, what: string): void {
  for (const channel of frameChannels()) run(channel).catch((error: unknown) => console.warn(`${what} failed in ${channel.frameId}`, error));
}

let selectionPushQueued = false;

/**
 * Tells the frames the selection once the current task's store updates are done: a selection is often set in two
 * steps (the multi-selection, then the primary key), and a frame told the state in between would report it back.
 */
function queueSelectionPush(): void {
  if (selectionPushQueued) return;
  selectionPushQueued = true;
  queueMicrotask(() => {
    selectionPushQueued = false;
    for (const channel of frameChannels()) pushSelection(channel.frameId);
  });
}

/** Tells the frames whatever of the editor's state they show changes; returns the stop. */
export function startFrameSync(): () => void {
  return useEditorStore.subscribe((state, previous) => {
    if (state.selectedKey !== previous.selectedKey || state.multiSelectedKeys !== previous.multiSelectedKeys || state.hoveredKey !== previous.hoveredKey) {
      queueSelectionPush();
    }
    if (state.driveMode !== previous.driveMode) callEveryFrame((channel) => channel.call(state.driveMode ? 'enableDriveMode' : 'disableDriveMode', {}), 'drive mode');
    if (state.aiContext !== previous.aiContext) callEveryFrame((channel) => channel.call('setAiContext', { aiContext: state.aiContext }), 'setAiContext');
    if (state.canvas?.zoomPerc !== previous.canvas?.zoomPerc) callEveryFrame((channel) => channel.call('setZoomPerc', { zoomPerc: overlayZoom() }), 'setZoomPerc');
  });
}
