import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliverToFrame } from './deliver-to-frame';

const ORIGIN = 'http://127.0.0.1:5173';

/** The browser's MessageEvent as far as these tests look (Node's own takes only ports as a source). */
class FrameMessageEvent extends Event {
  readonly data: unknown;
  readonly origin: string;
  readonly source: unknown;
  constructor(type: string, init: { data: unknown; origin: string; source: unknown }) {
    super(type);
    this.data = init.data;
    this.origin = init.origin;
    this.source = init.source;
  }
}

/** A frame window of this origin: an event target with its own realm's MessageEvent and structuredClone. */
function sameOriginFrame() {
  const target = new EventTarget();
  const received: FrameMessageEvent[] = [];
  target.addEventListener('message', (event) => received.push(event as FrameMessageEvent));
  const frame = Object.assign(target, { postMessage: vi.fn(), MessageEvent: FrameMessageEvent, structuredClone: vi.fn(<T>(value: T) => structuredClone(value)) });
  return { frame, received };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('deliverToFrame', () => {
  it('dispatches a copy at once into a frame of this origin, as from this window', () => {
    const studioWindow = { location: { origin: ORIGIN } };
    vi.stubGlobal('window', studioWindow);
    const { frame, received } = sameOriginFrame();
    const message = { type: 'executeFunction', id: 'f-1', payload: { functionName: 'setIsFlushing', args: { isFlushing: true } } };
    deliverToFrame(frame, message, ORIGIN);
    // Synchronously, before this call returns.
    expect(received).toHaveLength(1);
    expect(received[0]!.data).toEqual(message);
    expect(received[0]!.data).not.toBe(message);
    expect(received[0]!.origin).toBe(ORIGIN);
    expect(received[0]!.source).toBe(studioWindow);
    expect(frame.structuredClone).toHaveBeenCalledTimes(1);
    expect(frame.postMessage).not.toHaveBeenCalled();
  });

  it('posts to a frame of another origin, and to a window it cannot reach into', () => {
    vi.stubGlobal('window', { location: { origin: ORIGIN } });
    const { frame, received } = sameOriginFrame();
    deliverToFrame(frame, { type: 'x' }, 'http://localhost:9999');
    expect(frame.postMessage).toHaveBeenCalledWith({ type: 'x' }, 'http://localhost:9999');
    const guarded = {
      postMessage: vi.fn(),
      get dispatchEvent(): never {
        throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError');
      },
    };
    deliverToFrame(guarded, { type: 'y' }, ORIGIN);
    expect(guarded.postMessage).toHaveBeenCalledWith({ type: 'y' }, ORIGIN);
    expect(received).toHaveLength(0);
  });
});
