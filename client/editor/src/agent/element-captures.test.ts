import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FrameEventMessage } from '../frame/frame-connection';
import type { FrameChannel } from '../frame/frame-registry';
import { useEditorStore } from '../state/editor-store';
import { agentImageOf, ElementCaptures } from './element-captures';
import { reportSelectionChanges } from './selection-reports';

function frameMessages() {
  const listeners = new Set<(frameId: string, message: FrameEventMessage) => void>();
  return {
    source: (listener: (frameId: string, message: FrameEventMessage) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    send: (frameId: string, message: FrameEventMessage) => listeners.forEach((listener) => listener(frameId, message)),
    count: () => listeners.size,
  };
}

const ids = { codebaseId: 'x', storyboardId: 'frame-1', canvasId: 'default' };

function channelAsked(frameId = 'frame-1') {
  const asked: Array<{ elementKey?: string; componentKey?: string }> = [];
  const channel = { frameId, call: vi.fn(async (_name: string, args: { elementKey?: string; componentKey?: string }) => (asked.push(args), { started: true })), inspect: vi.fn() };
  return { channel: channel as unknown as FrameChannel, asked };
}

afterEach(() => {
  vi.useRealTimers();
  // The store is the module's: what a test put in it is not left to the next file of the worker.
  useEditorStore.setState(useEditorStore.getInitialState(), true);
});

describe("an element's capture for an agent", () => {
  it('is settled by the report with its own key from its own frame, not by the toolbar\'s or another frame\'s', async () => {
    const messages = frameMessages();
    const captures = new ElementCaptures(messages.source);
    const { channel, asked } = channelAsked();
    const image = captures.capture(channel, 'k|frame-1|0');
    await Promise.resolve();
    const componentKey = asked[0]!.componentKey!;
    expect(asked[0]!.elementKey).toBe('k|frame-1|0');
    expect(componentKey).not.toBe('k|frame-1|0');
    let settled = false;
    void image.then(() => (settled = true));
    messages.send('frame-1', { type: 'COMPONENT_PREVIEW_CAPTURED', payload: { imageDataUrl: 'data:image/jpeg;base64,TOOLBAR', componentKey: 'k|frame-1|0', ...ids } });
    messages.send('frame-2', { type: 'COMPONENT_PREVIEW_CAPTURED', payload: { imageDataUrl: 'data:image/jpeg;base64,OTHER', componentKey, ...ids } });
    await Promise.resolve();
    expect(settled).toBe(false);
    messages.send('frame-1', { type: 'COMPONENT_PREVIEW_CAPTURED', payload: { imageDataUrl: 'data:image/jpeg;base64,MINE', componentKey, ...ids } });
    await expect(image).resolves.toBe('data:image/jpeg;base64,MINE');
  });

  it("rejects with the overlay's error, and when no report comes in time", async () => {
    vi.useFakeTimers();
    const messages = frameMessages();
    const captures = new ElementCaptures(messages.source, 5_000);
    const { channel, asked } = channelAsked();
    const failed = captures.capture(channel, 'k|frame-1|0');
    await Promise.resolve();
    messages.send('frame-1', { type: 'COMPONENT_PREVIEW_ERROR', payload: { error: 'Could not find element to capture', componentKey: asked[0]!.componentKey!, ...ids } });
    await expect(failed).rejects.toThrow('Could not find element to capture');
    const late = captures.capture(channel, 'k|frame-1|0');
    const expectation = expect(late).rejects.toThrow('did not capture the element within 5 s');
    await vi.advanceTimersByTimeAsync(5_000);
    await expectation;
    captures.dispose();
    expect(messages.count()).toBe(0);
  });

  it('is refused when the frame cannot be asked', async () => {
    const captures = new ElementCaptures(frameMessages().source);
    const channel = { frameId: 'frame-1', call: vi.fn(async () => Promise.reject(new Error('The frame frame-1 is not loaded'))), inspect: vi.fn() } as unknown as FrameChannel;
    await expect(captures.capture(channel, 'k|frame-1|0')).rejects.toThrow('not loaded');
  });

  it('splits a data URL into its type and base64', () => {
    expect(agentImageOf('data:image/png;base64,iVBOR')).toEqual({ mimeType: 'image/png', data: 'iVBOR' });
    expect(() => agentImageOf('data:,')).toThrow('not a base64 image');
  });
});

describe('selection reports', () => {
  it('tell the server once per animation frame, and only of selection changes', () => {
    const frames: Array<() => void> = [];
    const report = vi.fn();
    const stop = reportSelectionChanges(report, (run) => frames.push(run));
    const state = useEditorStore.getState();
    state.setMultiSelected(['a|frame-1|0', 'b|frame-1|0-1']);
    state.select('a|frame-1|0');
    state.hover('b|frame-1|0-1');
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(report).toHaveBeenCalledTimes(1);
    state.select(null);
    frames.shift()!();
    expect(report).toHaveBeenCalledTimes(2);
    // The same keys again (as an id remap leaves them): nothing to tell.
    state.setMultiSelected(['a|frame-1|0', 'b|frame-1|0-1']);
    expect(frames).toHaveLength(0);
    state.setMultiSelected([]);
    stop();
    frames.shift()?.();
    expect(report).toHaveBeenCalledTimes(2);
  });
});
