/**
 * A preview of an element as a JPEG (the toolbar's Capture): started at once, reported later with
 * `COMPONENT_PREVIEW_CAPTURED` or `COMPONENT_PREVIEW_ERROR`. The frame's viewport as a PNG (an agent's screenshot):
 * answered directly, as the call's result, once the page has rendered (`pageRendered`, asked first).
 */
import { CODEBASE_ID_ATTRIBUTE } from '@contracts/dom.js';
import { parseElementKey, type FrameFunctionHandlers } from '@contracts/frame-protocol.js';
import { captureElement } from '../capture.js';
import type { OverlayParts } from '../overlay-parts.js';
import { pageRendered } from '../page-rendered.js';
import { captureViewportInSlices, warmViewportCapture } from '../viewport-capture.js';

type CaptureHandlers = Pick<FrameFunctionHandlers, 'captureComponentPreview' | 'captureFrame' | 'pageRendered'>;

export function captureHandlers({ store, channel, tree, selection }: OverlayParts): CaptureHandlers {
  // The first agent screenshot costs most: what it would pay once is paid while the page is idle.
  warmViewportCapture();
  async function capture(args: { elementKey?: string; codebaseId?: string; componentKey?: string }): Promise<void> {
    const key = args.elementKey ?? selection.primary;
    const element = (key ? tree.elementFor(key) : null) ?? (args.codebaseId ? document.querySelector(`[${CODEBASE_ID_ATTRIBUTE}="${CSS.escape(args.codebaseId)}"]`) : null);
    const ids = {
      componentKey: args.componentKey ?? key ?? '',
      codebaseId: args.codebaseId ?? (key ? (parseElementKey(key)?.codebaseId ?? '') : ''),
      storyboardId: store.storyboardId,
      canvasId: store.canvasId,
    };
    try {
      if (!(element instanceof HTMLElement)) throw new Error('Could not find element to capture');
      const imageDataUrl = await captureElement(element, (node) => tree.isOverlayNode(node), (message) => console.warn(message));
      channel.post('COMPONENT_PREVIEW_CAPTURED', { imageDataUrl, ...ids });
    } catch (error) {
      channel.post('COMPONENT_PREVIEW_ERROR', { error: error instanceof Error ? error.message : String(error), ...ids });
    }
  }

  return {
    captureComponentPreview(args) {
      void capture(args);
      return { started: true };
    },
    captureFrame() {
      return captureViewportInSlices();
    },
    async pageRendered({ timeoutMs }) {
      return { rendered: await pageRendered(timeoutMs) };
    },
  };
}
