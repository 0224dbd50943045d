/**
 * The frames of the canvas that have an overlay to talk to, by frame (storyboard) id. The frame bridge registers
 * a channel when a frame's overlay says it is ready and drops it when the frame goes; the change engine, the
 * panels and the toolbar reach a frame only through here, so none of them holds a window reference of its own.
 */
import type { ComponentStateAndProps, FrameFunctionMap, FrameFunctionName, InspectElementPayload } from '@contracts/frame-protocol.js';

export interface FrameChannel {
  readonly frameId: string;
  /** Calls a function of the overlay and resolves with its answer; rejects with the frame's error. */
  call<N extends FrameFunctionName>(name: N, args: FrameFunctionMap[N]['args']): Promise<FrameFunctionMap[N]['answer']>;
  /** Asks the frame for a component's props and state (`inspectElement`); rejects with the frame's error text. */
  inspect(payload: InspectElementPayload): Promise<ComponentStateAndProps | null>;
}

export class FrameRegistry {
  private readonly channels = new Map<string, FrameChannel>();

  /** Registers a frame's channel (replacing the one it had); returns its removal, which spares a newer channel. */
  register(channel: FrameChannel): () => void {
    this.channels.set(channel.frameId, channel);
    return () => {
      if (this.channels.get(channel.frameId) === channel) this.channels.delete(channel.frameId);
    };
  }

  channel(frameId: string): FrameChannel | undefined {
    return this.channels.get(frameId);
  }

  all(): FrameChannel[] {
    return [...this.channels.values()];
  }
}
