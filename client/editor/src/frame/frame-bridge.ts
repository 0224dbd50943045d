/**
 * Between the editor's store and the frames: each frame's messages become store updates (ready, address, nav tree,
 * selection, hover, hydration), text edits and drags become changes, forwarded keys and wheels go to the editor's
 * handlers; and what the editor changes (selection and hover from the layers, drive mode, AI context, zoom) is told
 * to the frames, each only what it does not show yet. What it calls above the frames (the change engine, the key
 * handler, the canvas zoom) it is given by the app.
 */
import type { FrameToParentPayloads, HandleScale, KeyboardEventData, NavTreeNode, WheelEventData } from '@contracts/frame-protocol.js';
import { frameIdOfKey, useEditorStore } from '../state/editor-store';
import type { ElementLookups } from './element-lookups';
import { FrameConnection, type FrameEventMessage } from './frame-connection';
import type { FrameChannel, FrameRegistry } from './frame-registry';
import type { MoveDrag, SubmitChange } from './move-drag';
import { emptyMirror, hoverCallFor, selectionAfterReport, selectionCallFor, selectionInTree, selectionKeys, twinKeysIn, type FrameMirror } from './selection-sync';
import { takeEarlyMessages } from './early-frames';

/** What the bridge hands on to the editor above it. */
export interface FrameBridgeCallbacks {
  /** A key pressed in a frame, outside drive mode: the editor's own key handler. */
  onKey(key: KeyboardEventData): void;
  /** A wheel turned over a frame (its point in the frame's own pixels). */
  onWheel(frameId: string, wheel: WheelEventData): void;
  /** A right click in a frame, outside drive mode: the element's menu. */
  onContextMenu(frameId: string, request: FrameToParentPayloads['CONTEXT_REQUESTED']): void;
  /** A handle of the selection released in a frame: the style it writes. */
  onStyleHandle(release: FrameToParentPayloads['STYLE_HANDLE_RELEASED']): void;
  /** Has a change written (text edited in place in a frame). */
  submitChange: SubmitChange;
}

/** The frame parts the bridge works with, made by the app (the change engine uses the first two as well). */
export interface FrameBridgeParts {
  registry: FrameRegistry;
  lookups: ElementLookups;
  moveDrag: MoveDrag;
}

const store = () => useEditorStore.getState();
/** The overlay takes the zoom as a factor (1 = 100 %), the canvas keeps percent. */
const overlayZoom = () => (store().canvas?.zoomPerc ?? 100) / 100;

function frameName(frameId: string): string {
  return store().canvas?.frames.find((frame) => frame.id === frameId)?.name ?? frameId;
}

/** The editor's side of every frame of the page: one per page, made by the app. */
export class FrameBridge {
  readonly registry: FrameRegistry;
  readonly lookups: ElementLookups;
  readonly moveDrag: MoveDrag;
  /** What each frame last said (or was told) it shows, so it is told only what differs. */
  private readonly mirrors = new Map<string, FrameMirror>();
  /** The registry's remover of each frame's channel. */
  private readonly unregisters = new Map<string, () => void>();
  /** The multi-selection a frame reported just before its primary key (it posts both, in that order). */
  private readonly reportedMulti = new Map<string, string[]>();
  private selectionPushQueued = false;
  /** The scale the selection's handles snap to, given to each frame once ready; null until the theme has answered. */
  private handleScale: HandleScale | null = null;
  /** Who else hears the frames' messages (the agent bridge waits for its captures' results). */
  private readonly messageListeners = new Set<(frameId: string, message: FrameEventMessage) => void>();

  constructor(
    parts: FrameBridgeParts,
    private readonly callbacks: FrameBridgeCallbacks,
  ) {
    this.registry = parts.registry;
    this.lookups = parts.lookups;
    this.moveDrag = parts.moveDrag;
  }

  /** The channel of a frame whose overlay is ready, if any. */
  channel(frameId: string): FrameChannel | undefined {
    return this.registry.channel(frameId);
  }

  /** Hears every event message of every frame, after the bridge took it; returns the stop. */
  onFrameMessage(listener: (frameId: string, message: FrameEventMessage) => void): () => void {
    this.messageListeners.add(listener);
    return () => void this.messageListeners.delete(listener);
  }

  /**
   * Connects the editor to the overlay of one frame's `<iframe>`: listens to its messages from now on, and
   * registers its channel once its overlay says it is ready. Returns the disconnect.
   */
  connect(frameId: string, iframe: HTMLIFrameElement): () => void {
    const connection = new FrameConnection(
      frameId,
      { contentWindow: () => iframe.contentWindow, origin: window.location.origin },
      {
        onMessage: (message) => this.handleMessage(connection, message),
        onNavTree: (navTree) => {
          store().setFrameRuntime(frameId, { navTree });
          this.followSelectionInto(frameId, navTree);
          // The other frames outline the selection's twins in this frame's new tree.
          this.queueSelectionPush();
          void this.lookups.giveFrame(connection, navTree);
        },
        onNavTreeError: (error) => console.warn(`Frame ${frameId}: ${error}`),
      },
    );
    const onWindowMessage = (event: MessageEvent) => void connection.receive(event);
    window.addEventListener('message', onWindowMessage);
    // An `<iframe>` the page started early (early-frames.ts): what its overlay said before anyone listened.
    for (const event of takeEarlyMessages(iframe.contentWindow)) connection.receive(event);
    // A document of the frame going away (navigation, refresh, a full hot reload) takes its overlay with it: until
    // the next one says it is ready, nothing may wait on it. The frame is of this origin, so its window can be watched.
    const onPageHide = () => {
      this.unregister(frameId);
      connection.close('is reloading');
      this.mirrors.set(frameId, emptyMirror());
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
      this.unregister(frameId);
      connection.close();
      this.mirrors.delete(frameId);
      this.reportedMulti.delete(frameId);
      store().dropFrameRuntime(frameId);
    };
  }

  /** Gives every ready frame, and each one ready later, the scale its handles snap to. */
  setHandleScale(scale: HandleScale): void {
    this.handleScale = scale;
    this.callEveryFrame((channel) => channel.call('setHandleScale', scale), 'setHandleScale');
  }

  /** Tells the frames whatever of the editor's state they show changes; returns the stop. */
  startSync(): () => void {
    return useEditorStore.subscribe((state, previous) => {
      if (state.selectedKey !== previous.selectedKey || state.multiSelectedKeys !== previous.multiSelectedKeys || state.hoveredKey !== previous.hoveredKey) {
        this.queueSelectionPush();
      }
      if (state.driveMode !== previous.driveMode) this.callEveryFrame((channel) => channel.call(state.driveMode ? 'enableDriveMode' : 'disableDriveMode', {}), 'drive mode');
      if (state.aiContext !== previous.aiContext) this.callEveryFrame((channel) => channel.call('setAiContext', { aiContext: state.aiContext }), 'setAiContext');
      if (state.canvas?.zoomPerc !== previous.canvas?.zoomPerc) this.callEveryFrame((channel) => channel.call('setZoomPerc', { zoomPerc: overlayZoom() }), 'setZoomPerc');
    });
  }

  private handleMessage(connection: FrameConnection, message: FrameEventMessage): void {
    const { frameId } = connection;
    const state = store();
    for (const listener of this.messageListeners) listener(frameId, message);
    switch (message.type) {
      case 'OVERLAY_READY':
        void this.onOverlayReady(connection, message.payload);
        return;
      case 'LATEST_HREF':
        state.setFrameRuntime(frameId, { href: message.payload.href });
        return;
      case 'HOVERED_ELEMENT_KEY':
        this.onHoverReport(frameId, message.payload.elementKey);
        return;
      case 'MULTI_SELECTED_ELEMENT_KEYS':
        this.reportedMulti.set(frameId, message.payload.elementKeys);
        return;
      case 'SELECTED_ELEMENT_KEY':
        this.onSelectionReport(frameId, message.payload.elementKey);
        return;
      case 'HYDRATION_STATUS':
        state.setFrameRuntime(frameId, { hydration: message.payload });
        return;
      case 'KEY_DOWN':
        // In drive mode the console is being used, not edited: its keys are the page's own.
        if (!state.driveMode) this.callbacks.onKey(message.payload);
        return;
      case 'WHEEL':
        this.callbacks.onWheel(frameId, message.payload);
        return;
      case 'START_EDITING_TEXT':
        state.setTextEditing({ elementKey: message.payload.elementKey, oldText: message.payload.oldText });
        return;
      case 'EDITED_TEXT': {
        state.setTextEditing(null);
        const { elementKey, codebaseId, newText, oldText, instance } = message.payload;
        if (!codebaseId || newText === oldText) return;
        const fields = { codebaseIdToEditText: codebaseId, newText, oldText, ...(instance?.length ? { instance } : {}) };
        // Words other places show too are written once the person has read where, in the inspector.
        const home = state.elementInfo[codebaseId]?.textHome;
        if (home?.editable && home.alsoShownAt?.length) {
          state.select(elementKey);
          state.setConfirmTextWrite({ elementKey, fields, alsoShownAt: home.alsoShownAt });
          return;
        }
        void this.callbacks.submitChange('EDIT_TEXT', fields);
        return;
      }
      case 'EDIT_DYNAMIC_TEXT':
        state.select(message.payload.elementKey);
        state.setExplainTextOf(message.payload.elementKey);
        return;
      case 'COMPONENT_PREVIEW_CAPTURED':
        // The toolbar's capture is keyed by the element's key; an agent's capture has a key of its own.
        if (state.capture?.status === 'pending' && state.capture.frameId === frameId && message.payload.componentKey === state.capture.elementKey) {
          state.setCapture({ status: 'done', frameId, elementKey: state.capture.elementKey, imageDataUrl: message.payload.imageDataUrl });
        }
        return;
      case 'COMPONENT_PREVIEW_ERROR':
        if (state.capture?.status === 'pending' && state.capture.frameId === frameId && message.payload.componentKey === state.capture.elementKey) {
          state.setCapture({ status: 'error', frameId, elementKey: state.capture.elementKey, error: message.payload.error });
        }
        return;
      case 'DRAG_START':
      case 'MOUSE_MOVE':
      case 'DRAG_END':
      case 'DRAG_CANCEL':
        this.moveDrag.onFrameMessage(frameId, message);
        return;
      case 'STYLE_HANDLE_RELEASED':
        this.callbacks.onStyleHandle(message.payload);
        return;
      case 'CONTEXT_REQUESTED':
        if (!useEditorStore.getState().driveMode) this.callbacks.onContextMenu(frameId, message.payload);
        return;
      case 'KEY_UP':
      case 'INSTANT_UPDATE_DONE':
        // Commands act on key down; an instant update's result comes as the answer to the engine's call.
        return;
      default:
        // Every message of the contract is handled above: a new one fails the type check here.
        message satisfies never;
    }
  }

  private async onOverlayReady(connection: FrameConnection, payload: FrameToParentPayloads['OVERLAY_READY']): Promise<void> {
    const { frameId } = connection;
    const state = store();
    this.mirrors.set(frameId, emptyMirror());
    try {
      await connection.call('initProject', { storyboardId: frameId, canvasId: state.canvasId, zoomPerc: overlayZoom(), aiContext: state.aiContext });
      await connection.call(state.driveMode ? 'enableDriveMode' : 'disableDriveMode', {});
      if (this.handleScale) await connection.call('setHandleScale', this.handleScale);
    } catch (error) {
      store().notify('error', `The frame "${frameName(frameId)}" did not start: ${(error as Error).message}`);
      return;
    }
    if (this.registry.channel(frameId) !== connection) this.unregisters.set(frameId, this.registry.register(connection));
    store().setFrameRuntime(frameId, { ready: true, href: payload.href });
    // A reloaded frame (hot reload, navigation) starts with nothing: give it what the editor knows and shows.
    this.pushSelection(frameId);
    await this.lookups.giveFrame(connection, null);
  }

  private unregister(frameId: string): void {
    this.unregisters.get(frameId)?.();
    this.unregisters.delete(frameId);
  }

  private mirrorOf(frameId: string): FrameMirror {
    return this.mirrors.get(frameId) ?? emptyMirror();
  }

  private onSelectionReport(frameId: string, primary: string | null): void {
    const keys = this.reportedMulti.get(frameId) ?? (primary ? [primary] : []);
    this.reportedMulti.delete(frameId);
    this.mirrors.set(frameId, { ...this.mirrorOf(frameId), selection: primary ? [primary, ...keys.filter((key) => key !== primary)] : [] });
    const state = store();
    const next = selectionAfterReport(frameId, { primary, keys }, state);
    if (!next) return;
    state.setMultiSelected(next.multiSelectedKeys);
    state.select(next.selectedKey);
    if (state.explainTextOf && state.explainTextOf !== next.selectedKey) state.setExplainTextOf(null);
  }

  /**
   * A structural edit moves elements (a wrap nests one, a delete shifts its siblings, a move takes one elsewhere): a
   * frame's new tree then names the selection's elements at their new places, which the selection takes on.
   */
  private followSelectionInto(frameId: string, tree: NavTreeNode): void {
    const state = store();
    const next = selectionInTree(frameId, tree, state);
    if (!next) return;
    state.setMultiSelected(next.multiSelectedKeys);
    state.select(next.selectedKey);
  }

  private onHoverReport(frameId: string, key: string | null): void {
    this.mirrors.set(frameId, { ...this.mirrorOf(frameId), hover: key });
    const hovered = store().hoveredKey;
    // A frame that hovers nothing clears only its own hover, not one in another frame.
    if (key !== null || (hovered !== null && frameIdOfKey(hovered) === frameId)) store().hover(key);
  }

  private pushSelection(frameId: string): void {
    const channel = this.registry.channel(frameId);
    if (!channel) return;
    const { selectedKey, multiSelectedKeys, hoveredKey } = store();
    const mirror = this.mirrorOf(frameId);
    const call = selectionCallFor(frameId, selectionKeys(selectedKey, multiSelectedKeys), mirror);
    if (call) {
      const shown = call.name === 'setSelectedElement' ? (call.elementKey ? [call.elementKey] : []) : call.elementKeys;
      this.mirrors.set(frameId, { ...mirror, selection: shown });
      const sent = call.name === 'setSelectedElement' ? channel.call('setSelectedElement', { elementKey: call.elementKey }) : channel.call('setMultiselectedElementKeys', { elementKeys: call.elementKeys });
      sent.catch((error: unknown) => console.warn(`${call.name} failed`, error));
    }
    this.pushTwins(frameId, channel, selectionKeys(selectedKey, multiSelectedKeys));
    const hover = hoverCallFor(frameId, hoveredKey, this.mirrorOf(frameId));
    if (hover !== undefined) {
      this.mirrors.set(frameId, { ...this.mirrorOf(frameId), hover });
      channel.call('setHoveredElement', { elementKey: hover }).catch((error: unknown) => console.warn('setHoveredElement failed', error));
    }
  }

  /** Outlines in a frame the elements selected in another frame that it shows too (same route or not, any viewport). */
  private pushTwins(frameId: string, channel: FrameChannel, keys: readonly string[]): void {
    const twins = twinKeysIn(frameId, store().frames[frameId]?.navTree ?? null, keys);
    const mirror = this.mirrorOf(frameId);
    if (twins.length === mirror.twins.length && twins.every((key, index) => key === mirror.twins[index])) return;
    this.mirrors.set(frameId, { ...mirror, twins });
    channel.call('showSelectionElsewhere', { elementKeys: twins }).catch((error: unknown) => console.warn('showSelectionElsewhere failed', error));
  }

  /**
   * Tells the frames the selection once the current task's store updates are done: a selection is often set in two
   * steps (the multi-selection, then the primary key), and a frame told the state in between would report it back.
   */
  private queueSelectionPush(): void {
    if (this.selectionPushQueued) return;
    this.selectionPushQueued = true;
    queueMicrotask(() => {
      this.selectionPushQueued = false;
      for (const channel of this.registry.all()) this.pushSelection(channel.frameId);
    });
  }

  private callEveryFrame(run: (channel: FrameChannel) => Promise<unknown>, what: string): void {
    for (const channel of this.registry.all()) run(channel).catch((error: unknown) => console.warn(`${what} failed in ${channel.frameId}`, error));
  }
}
