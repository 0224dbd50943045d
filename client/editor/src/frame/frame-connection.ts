/**
 * The message connection to one frame's overlay (docs/editor.md#delivery-and-checks): only messages from that frame's
 * window, of this very origin and marked as the overlay's are taken; everything goes to this origin only, never
 * `*` (dispatched into the same-origin frame, see `deliver-to-frame.ts`). It holds what lasts between messages: the
 * calls waiting for their answer and the nav tree being received.
 */
import {
  FRAME_MESSAGE_SOURCE,
  type ComponentStateAndProps,
  type FrameFunctionMap,
  type FrameFunctionName,
  type FrameToParentMessage,
  type InspectElementPayload,
  type NavTreeNode,
  type ParentToFrameMessage,
} from '@contracts/frame-protocol.js';
import { receiveNavTreeMessage, type NavTreeAssembly } from '@contracts/nav-tree-parts.js';
import { deliverToFrame, type FrameWindowLike } from './deliver-to-frame';
import type { FrameChannel } from './frame-registry';

/**
 * How long any call to a frame waits for its answer before it is rejected: the connection's own bound, for every
 * caller (the change engine waits less for the calls of a change, see `CHANGE_WAITS_FOR_FRAME_MS`).
 */
export const FRAME_CALL_ANSWER_TIMEOUT_MS = 10_000;

/** What the connection needs of the page: a window to post to and the origin both sides share. */
export interface FrameEndpoint {
  /** The frame's window now (the same proxy across the frame's navigations), or null when it is gone. */
  contentWindow(): FrameWindowLike | null;
  origin: string;
}

/** Every frame message other than answers and nav tree parts, which the connection takes itself. */
export type FrameEventMessage = Exclude<FrameToParentMessage, { type: 'FUNCTION_RESULT' | 'FUNCTION_ERROR' | 'INSPECT_ELEMENT_RESULT' | 'NAV_TREE_PART' | 'NAV_TREE' }>;

export interface FrameConnectionEvents {
  onMessage(message: FrameEventMessage): void;
  onNavTree(navTree: NavTreeNode): void;
  /** A nav tree message that did not fit (logged; the next build starts over). */
  onNavTreeError?(error: string): void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export class FrameCallError extends Error {
  constructor(
    message: string,
    readonly functionName: string,
  ) {
    super(message);
    this.name = 'FrameCallError';
  }
}

export class FrameConnection implements FrameChannel {
  private nextId = 1;
  private readonly pending = new Map<string, Pending>();
  private assembly: NavTreeAssembly | null = null;

  constructor(
    readonly frameId: string,
    private readonly endpoint: FrameEndpoint,
    private readonly events: FrameConnectionEvents,
    private readonly timeoutMs = FRAME_CALL_ANSWER_TIMEOUT_MS,
  ) {}

  /** Takes a window message if it is this frame's overlay's; answers whether it was. */
  receive(event: { origin: string; source: unknown; data: unknown }): boolean {
    const window = this.endpoint.contentWindow();
    if (!window || event.source !== window || event.origin !== this.endpoint.origin) return false;
    const data = event.data as { source?: unknown; type?: unknown; payload?: unknown } | null;
    if (!data || typeof data !== 'object' || data.source !== FRAME_MESSAGE_SOURCE || typeof data.type !== 'string') return false;
    if (!data.payload || typeof data.payload !== 'object') return false;
    const message = { type: data.type, payload: data.payload } as FrameToParentMessage;
    switch (message.type) {
      case 'FUNCTION_RESULT':
        this.settle(message.payload.requestId, (pending) => pending.resolve(message.payload.result));
        return true;
      case 'FUNCTION_ERROR':
        this.settle(message.payload.requestId, (pending) => pending.reject(new FrameCallError(message.payload.error, message.payload.functionName)));
        return true;
      case 'INSPECT_ELEMENT_RESULT':
        this.settle(message.payload.requestId, (pending) =>
          message.payload.error ? pending.reject(new FrameCallError(message.payload.error, 'inspectElement')) : pending.resolve(message.payload.result),
        );
        return true;
      case 'NAV_TREE_PART':
      case 'NAV_TREE': {
        const step = receiveNavTreeMessage(this.assembly, message);
        this.assembly = step.assembly;
        if (step.error) this.events.onNavTreeError?.(step.error);
        if (step.tree) this.events.onNavTree(step.tree.navTree);
        return true;
      }
      case 'OVERLAY_READY':
        // A new document in the frame: what the old one was asked will never be answered.
        this.rejectAll(`The frame ${this.frameId} reloaded before it answered`);
        this.assembly = null;
        this.events.onMessage(message);
        return true;
      default:
        this.events.onMessage(message);
        return true;
    }
  }

  call<N extends FrameFunctionName>(name: N, args: FrameFunctionMap[N]['args']): Promise<FrameFunctionMap[N]['answer']> {
    return this.request<FrameFunctionMap[N]['answer']>(name, (id) => ({ type: 'executeFunction', id, payload: { functionName: name, args } }));
  }

  inspect(payload: InspectElementPayload): Promise<ComponentStateAndProps | null> {
    return this.request<ComponentStateAndProps | null>('inspectElement', (id) => ({ type: 'inspectElement', id, payload }));
  }

  /** Rejects every waiting call: the frame's document is going away (`reason` says how). */
  close(reason = 'was closed'): void {
    this.rejectAll(`The frame ${this.frameId} ${reason}`);
    this.assembly = null;
  }

  private request<T>(name: string, message: (id: string) => ParentToFrameMessage): Promise<T> {
    const window = this.endpoint.contentWindow();
    if (!window) return Promise.reject(new FrameCallError(`The frame ${this.frameId} is not loaded`, name));
    const id = `${this.frameId}-${this.nextId++}`;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new FrameCallError(`The frame ${this.frameId} did not answer ${name} within ${this.timeoutMs / 1000} s`, name));
      }, this.timeoutMs);
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      try {
        deliverToFrame(window, message(id), this.endpoint.origin);
      } catch (error) {
        this.settle(id, (pending) => pending.reject(new FrameCallError(`Could not send ${name} to the frame: ${(error as Error).message}`, name)));
      }
    });
  }

  private settle(id: string, run: (pending: Pending) => void): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    run(pending);
  }

  private rejectAll(message: string): void {
    for (const [id, pending] of [...this.pending]) {
      this.pending.delete(id);
      clearTimeout(pending.timer);
      pending.reject(new FrameCallError(message, 'call'));
    }
  }
}
