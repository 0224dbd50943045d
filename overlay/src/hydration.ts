/**
 * Error status from Vite's error overlay: read the `<vite-error-overlay>` element,
 * and open that overlay for uncaught errors and rejections so they are reported the same way.
 * See docs/editor.md#hydration-and-page-errors.
 */
import { VITE_FRAMEWORK } from '@contracts/frame-query.js';
import type { HydrationStatus } from '@contracts/frame-protocol.js';
import { hydrationStatusOf, type ErrorOverlayText } from './hydration-status.js';

const OVERLAY_TAG = 'vite-error-overlay';

function readOverlay(): ErrorOverlayText | null {
  const overlay = document.querySelector(OVERLAY_TAG);
  if (!overlay) return null;
  const root = overlay.shadowRoot;
  const text = (selector: string) => root?.querySelector(selector)?.textContent?.trim() ?? '';
  return { message: text('.message') || overlay.textContent?.trim() || 'Error', file: text('.file'), stack: text('.stack') };
}

export function checkHydrationStatus(framework: string | null): HydrationStatus {
  if (framework !== VITE_FRAMEWORK) return { status: 'no_error' };
  return hydrationStatusOf(readOverlay());
}

/** Shows an uncaught error in Vite's overlay, as Vite itself does for build errors. */
export function openErrorOverlay(error: unknown): void {
  const Overlay = customElements.get(OVERLAY_TAG) as (new (err: { message: string; stack: string }) => HTMLElement) | undefined;
  if (!Overlay || document.querySelector(OVERLAY_TAG)) return;
  const err = error instanceof Error ? error : new Error(String(error));
  document.body.appendChild(new Overlay({ message: err.message, stack: err.stack ?? '' }));
}
