/**
 * The key commands' actions that live above the keyboard's layer (the palette's placement, the canvas's zoom) and
 * the element clipboard, made once for the page: the editor's own keys and the keys a frame forwards use the same.
 */
import { fitCanvas, fitSelection, zoomCanvasStep, zoomCanvasTo } from './canvas/canvas-actions';
import { ElementClipboard } from './keyboard/element-clipboard';
import { StyleClipboard } from './keyboard/style-clipboard';
import type { KeyActions } from './keyboard/key-actions';
import { placementInFrame } from './palette/add-from-palette';

export const appKeyActions: KeyActions = {
  placementInFrame,
  zoomStep: zoomCanvasStep,
  zoomTo: (zoomPerc) => zoomCanvasTo(zoomPerc),
  fitAll: fitCanvas,
  fitSelection,
  clipboard: new ElementClipboard(),
  styleClipboard: new StyleClipboard(),
};
