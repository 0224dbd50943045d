import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRAME_MESSAGE_SOURCE, type KeyboardEventData } from '@contracts/frame-protocol.js';
import { defaultCanvasDocument } from '@contracts/studio-api.js';
import { useEditorStore } from '../state/editor-store';
import { ElementLookups } from './element-lookups';
import { FrameBridge } from './frame-bridge';
import { FrameRegistry } from './frame-registry';
import type { MoveDrag } from './move-drag';

const ORIGIN = 'http://127.0.0.1:4600';
const key: KeyboardEventData = { key: 'Delete', metaKey: false, shiftKey: false, ctrlKey: false, activeElement: null };

/** The editor page's window as the bridge uses it: message events, and the origin. */
function stubPageWindow() {
  const page = Object.assign(new EventTarget(), { location: { origin: ORIGIN } });
  vi.stubGlobal('window', page);
  return page;
}

function setup() {
  const page = stubPageWindow();
  const frameWindow = { postMessage: vi.fn(), addEventListener: vi.fn() };
  const iframe = { contentWindow: frameWindow, addEventListener: vi.fn(), removeEventListener: vi.fn() } as unknown as HTMLIFrameElement;
  const registry = new FrameRegistry();
  const callbacks = { onKey: vi.fn(), onWheel: vi.fn(), onContextMenu: vi.fn(), onStyleHandle: vi.fn(), submitChange: vi.fn(() => Promise.resolve()) };
  const moveDrag = { onFrameMessage: vi.fn(), cancel: vi.fn(), submitMove: vi.fn() };
  const bridge = new FrameBridge({ registry, lookups: new ElementLookups(registry, { call: vi.fn() }), moveDrag: moveDrag as unknown as MoveDrag }, callbacks);
  const disconnect = bridge.connect('frame-1', iframe);
  const fromFrame = (type: string, payload: unknown) =>
    page.dispatchEvent(Object.assign(new Event('message'), { origin: ORIGIN, source: frameWindow, data: { source: FRAME_MESSAGE_SOURCE, type, payload } }));
  return { callbacks, moveDrag, fromFrame, disconnect };
}

beforeEach(() => {
  useEditorStore.setState({ driveMode: false, textEditing: null, frames: {}, notices: [] });
  useEditorStore.getState().setCanvas(defaultCanvasDocument('default'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the frame bridge hands what a frame reports to the editor above it', () => {
  it('gives forwarded keys to the key handler, except in drive mode, and wheels to the canvas', () => {
    const { callbacks, fromFrame, disconnect } = setup();
    fromFrame('KEY_DOWN', key);
    expect(callbacks.onKey).toHaveBeenCalledWith(key);
    useEditorStore.getState().setDriveMode(true);
    fromFrame('KEY_DOWN', key);
    expect(callbacks.onKey).toHaveBeenCalledTimes(1);
    const wheel = { deltaX: 0, deltaY: -100, wheelDelta: 100, x: 10, y: 20, ctrlKey: true, metaKey: false, shiftKey: false, altKey: false };
    fromFrame('WHEEL', wheel);
    expect(callbacks.onWheel).toHaveBeenCalledWith('frame-1', wheel);
    disconnect();
  });

  it('has text edited in place written as a change, unless it did not change', () => {
    const { callbacks, fromFrame, disconnect } = setup();
    const A = 'tempo-6f1c1d7e-1111-5aaa-8aaa-000000000001';
    fromFrame('START_EDITING_TEXT', { elementKey: `${A}|frame-1|0-1`, oldText: 'Cũ' });
    expect(useEditorStore.getState().textEditing).toEqual({ elementKey: `${A}|frame-1|0-1`, oldText: 'Cũ' });
    fromFrame('EDITED_TEXT', { elementKey: `${A}|frame-1|0-1`, codebaseId: A, newText: 'Cũ', oldText: 'Cũ' });
    expect(callbacks.submitChange).not.toHaveBeenCalled();
    fromFrame('EDITED_TEXT', { elementKey: `${A}|frame-1|0-1`, codebaseId: A, newText: 'Mới', oldText: 'Cũ' });
    expect(callbacks.submitChange).toHaveBeenCalledWith('EDIT_TEXT', { codebaseIdToEditText: A, newText: 'Mới', oldText: 'Cũ' });
    expect(useEditorStore.getState().textEditing).toBeNull();
    disconnect();
  });

  it('gives a drag to the move by drag, and leaves what the editor has no use for', () => {
    const { callbacks, moveDrag, fromFrame, disconnect } = setup();
    fromFrame('DRAG_START', { elementKey: 'k', clientX: 1, clientY: 2, pageX: 1, pageY: 2 });
    fromFrame('DRAG_CANCEL', { elementKey: 'k' });
    expect(moveDrag.onFrameMessage.mock.calls.map(([frameId, message]) => [frameId, message.type])).toEqual([
      ['frame-1', 'DRAG_START'],
      ['frame-1', 'DRAG_CANCEL'],
    ]);
    const before = useEditorStore.getState();
    fromFrame('KEY_UP', key);
    fromFrame('CONTEXT_REQUESTED', { clientX: 1, clientY: 2 });
    expect(useEditorStore.getState()).toBe(before);
    expect(callbacks.onKey).not.toHaveBeenCalled();
    disconnect();
  });
});
