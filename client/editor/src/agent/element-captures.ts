/**
 * An element's image for an agent, from the overlay's own capture (`captureComponentPreview`): the overlay starts it
 * at once and reports it later with `COMPONENT_PREVIEW_CAPTURED` or `COMPONENT_PREVIEW_ERROR`, so each capture is
 * asked with a key of its own and its promise is settled by the report that carries that key, or by a timeout.
 */
import type { AgentImage } from '@contracts/agent-api.js';
import type { FrameEventMessage } from '../frame/frame-connection';
import type { FrameChannel } from '../frame/frame-registry';

/** How long an element's capture may take (the overlay itself waits up to 2 s for the page to load). */
export const ELEMENT_CAPTURE_TIMEOUT_MS = 10_000;

/** Where a capture's report comes from: every frame's event messages. */
export type FrameMessageSource = (listener: (frameId: string, message: FrameEventMessage) => void) => () => void;

/** A `data:` URL of an image as the agent contract carries it: its type and its base64 apart. */
export function agentImageOf(dataUrl: string): AgentImage {
  // Only the head is matched: a pattern run over the megabytes of a frame's picture kept the studio page's main thread
  // for tens of milliseconds at the first screenshot (before the browser compiles it).
  const comma = dataUrl.indexOf(',');
  const match = comma < 0 ? null : /^data:(image\/[a-z0-9.+-]+);base64$/i.exec(dataUrl.slice(0, comma));
  if (!match) throw new Error(`The capture is not a base64 image (${dataUrl.slice(0, 40)}…)`);
  return { mimeType: match[1]!.toLowerCase(), data: dataUrl.slice(comma + 1) };
}

interface Waiting {
  frameId: string;
  resolve(dataUrl: string): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

/** The captures asked for agents and not yet reported, by their key. */
export class ElementCaptures {
  private readonly waiting = new Map<string, Waiting>();
  private next = 1;
  private readonly stopListening: () => void;

  constructor(
    messages: FrameMessageSource,
    private readonly timeoutMs = ELEMENT_CAPTURE_TIMEOUT_MS,
  ) {
    this.stopListening = messages((frameId, message) => this.receive(frameId, message));
  }

  /** The element's image (a JPEG `data:` URL); rejects with the overlay's reason, or when no report came in time. */
  capture(channel: FrameChannel, elementKey: string, timeoutMs = this.timeoutMs): Promise<string> {
    // Never an element key, so the toolbar's own capture (keyed by the element) does not take this report.
    const componentKey = `agent-capture-${this.next++}`;
    const result = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(componentKey);
        reject(new Error(`The frame did not capture the element within ${Math.round(timeoutMs / 100) / 10} s`));
      }, timeoutMs);
      this.waiting.set(componentKey, { frameId: channel.frameId, resolve, reject, timer });
    });
    channel.call('captureComponentPreview', { elementKey, componentKey }).catch((error: unknown) => this.settle(componentKey, (waiting) => waiting.reject(error as Error)));
    return result;
  }

  dispose(): void {
    this.stopListening();
    for (const key of [...this.waiting.keys()]) this.settle(key, (waiting) => waiting.reject(new Error('The studio page stopped answering agents')));
  }

  private receive(frameId: string, message: FrameEventMessage): void {
    if (message.type !== 'COMPONENT_PREVIEW_CAPTURED' && message.type !== 'COMPONENT_PREVIEW_ERROR') return;
    const key = message.payload.componentKey;
    if (this.waiting.get(key)?.frameId !== frameId) return;
    if (message.type === 'COMPONENT_PREVIEW_CAPTURED') this.settle(key, (waiting) => waiting.resolve(message.payload.imageDataUrl));
    else this.settle(key, (waiting) => waiting.reject(new Error(message.payload.error)));
  }

  private settle(key: string, run: (waiting: Waiting) => void): void {
    const waiting = this.waiting.get(key);
    if (!waiting) return;
    this.waiting.delete(key);
    clearTimeout(waiting.timer);
    run(waiting);
  }
}
