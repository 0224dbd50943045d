/**
 * What the key commands do above the keyboard's layer, handed down by the app (the layers' rule: a lower layer is
 * given callbacks, it does not import upward or sideways): where a pasted element goes (the palette's rule), and the
 * canvas's zoom.
 */
import type { ElementClipboard, PlacementInFrame } from './element-clipboard';
import type { StyleClipboard } from './style-clipboard';

export interface KeyActions {
  /** What ⌘/Ctrl+C, X and V copy and paste. */
  clipboard: ElementClipboard;
  /** What ⌘/Ctrl+Alt+C and V copy and paste: an element's classes. */
  styleClipboard: StyleClipboard;
  /** Where an element added to this node of the frame goes. */
  placementInFrame: PlacementInFrame;
  /** One zoom step in or out, about the selection when it is on screen. */
  zoomStep(direction: 1 | -1): void;
  zoomTo(zoomPerc: number): void;
  fitAll(): void;
  /** Answers false when nothing selected is drawn. */
  fitSelection(): boolean;
}
