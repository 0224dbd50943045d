/**
 * What the key commands do above the keyboard's layer, handed down by the app (the layers' rule: a lower layer is
 * given callbacks, it does not import upward or sideways): where a pasted element goes (the palette's rule), and the
 * canvas's zoom.
 */
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import type { ElementClipboard } from './element-clipboard';

/** Where an addition goes: into the element at its end, or after it in its parent. */
export type PastePlacement =
  | { ok: true; placement: { codebaseIdToAddTo: string; beforeCodebaseId?: string; afterCodebaseId?: string }; destinationKey: string }
  | { ok: false; error: string };

export interface KeyActions {
  /** What ⌘/Ctrl+C, X and V copy and paste. */
  clipboard: ElementClipboard;
  /** Where an element added to this node of the frame goes. */
  placementInFrame(frameId: string, node: NavTreeNode): PastePlacement;
  /** One zoom step in or out, about the selection when it is on screen. */
  zoomStep(direction: 1 | -1): void;
  zoomTo(zoomPerc: number): void;
  fitAll(): void;
  /** Answers false when nothing selected is drawn. */
  fitSelection(): boolean;
}
