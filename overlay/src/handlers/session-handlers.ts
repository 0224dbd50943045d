/**
 * The editor's session with the frame: connecting (`initProject`), and what the editor shows the frame in (drive
 * mode, zoom, AI context), with a redraw of the outlines on request.
 */
import type { FrameFunctionHandlers, HandleScale } from '@contracts/frame-protocol.js';
import { VITE_FRAMEWORK } from '@contracts/frame-query.js';
import { checkedStoryboardId } from '../checked-ids.js';
import { applyDriveModeCursor, readDriveMode, writeDriveMode } from '../drive-mode.js';
import type { OverlayParts } from '../overlay-parts.js';

type SessionHandlers = Pick<FrameFunctionHandlers, 'initProject' | 'enableDriveMode' | 'disableDriveMode' | 'setZoomPerc' | 'setAiContext' | 'updateOutlines' | 'setHandleScale'>;

/** The tokens of a scale the editor sent that can be snapped to: a name, a CSS value and finite pixels, smallest first. */
function checkedSpacing(spacing: unknown): HandleScale['spacing'] {
  if (!Array.isArray(spacing)) return [];
  return spacing
    .filter((token): token is HandleScale['spacing'][number] => typeof token?.name === 'string' && typeof token.value === 'string' && Number.isFinite(token.px) && token.px >= 0)
    .map(({ name, value, px }) => ({ name, value, px }))
    .sort((a, b) => a.px - b.px);
}

export function sessionHandlers({ store, tree, page, hover, drag, handles, redraw }: OverlayParts): SessionHandlers {
  return {
    initProject(args) {
      if (args.storyboardId !== undefined) store.storyboardId = checkedStoryboardId(args.storyboardId);
      if (args.canvasId !== undefined) store.canvasId = checkedStoryboardId(args.canvasId);
      if (typeof args.zoomPerc === 'number' && args.zoomPerc > 0) store.zoomPerc = args.zoomPerc;
      if (typeof args.aiContext === 'boolean') store.aiContext = args.aiContext;
      store.driveMode = readDriveMode(store.storyboardId);
      applyDriveModeCursor(store.driveMode);
      void tree.rebuildNow();
      page.reportAddress();
      // An error overlay already up when the editor connects (a build error at load) is reported at once.
      if (store.query.framework === VITE_FRAMEWORK) page.reportHydration();
      return { storyboardId: store.storyboardId, canvasId: store.canvasId };
    },
    enableDriveMode() {
      store.driveMode = true;
      writeDriveMode(store.storyboardId, true);
      applyDriveModeCursor(true);
      hover.send({ type: 'SUPPRESS', reason: 'drive' });
      hover.send({ type: 'CLEAR' });
      drag.send({ type: 'CANCEL' });
      redraw();
      return { driveMode: true };
    },
    disableDriveMode() {
      store.driveMode = false;
      writeDriveMode(store.storyboardId, false);
      applyDriveModeCursor(false);
      hover.send({ type: 'RELEASE', reason: 'drive' });
      redraw();
      return { driveMode: false };
    },
    setZoomPerc({ zoomPerc }) {
      if (typeof zoomPerc === 'number' && zoomPerc > 0) store.zoomPerc = zoomPerc;
      redraw();
      return { zoomPerc: store.zoomPerc };
    },
    setAiContext({ aiContext }) {
      store.aiContext = aiContext === true;
      redraw();
      return { aiContext: store.aiContext };
    },
    updateOutlines() {
      return { outlines: redraw() };
    },
    setHandleScale({ spacing, tailwind }) {
      handles.setScale({ spacing: checkedSpacing(spacing), tailwind: tailwind === true });
      return { tokens: handles.scale.spacing.length };
    },
  };
}
