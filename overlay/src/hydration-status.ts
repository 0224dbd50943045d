/**
 * Hydration and error status from Vite's error overlay: a description containing "Hydration failed" is
 * a hydration error, any other overlay is another error, no overlay is no error.
 * See docs/editor.md#hydration-and-page-errors.
 */
import type { HydrationStatus } from '@contracts/frame-protocol.js';

export interface ErrorOverlayText {
  message: string;
  file: string;
  stack: string;
}

export function hydrationStatusOf(overlay: ErrorOverlayText | null): HydrationStatus {
  if (!overlay) return { status: 'no_error' };
  const details = { errorDescr: overlay.message, errorLabel: overlay.file, errorBody: overlay.stack };
  return overlay.message.includes('Hydration failed') ? { status: 'error', ...details } : { status: 'other_error', ...details };
}
