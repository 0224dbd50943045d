/**
 * The marks instant updates leave on the page (docs/editor.md#instant-updates): what an update added or hid, which
 * undo takes back and which go once hot reload has brought the real result; and the shapes every update shares.
 */
import { CODEBASE_ID_ATTRIBUTE, STUDIO_ELEMENT_ID_PREFIX } from '@contracts/dom.js';
import type { InstantUpdateData } from '@contracts/frame-protocol.js';

/** An element an instant update added; removed again by undo, or after the refresh that follows a flush. */
export const ADDED_ATTRIBUTE = 'data-studio-added';
/** An element an instant update hid (removed, moved, wrapped, re-tagged); shown again by undo. */
export const HIDDEN_ATTRIBUTE = 'data-studio-hidden';
/** Set on the markers above when a flush starts: the next hot reload brings the real result, so they go. */
export const DELETE_AFTER_REFRESH_ATTRIBUTE = 'data-studio-delete-after-refresh';
/** The style element instant updates add their rules to: the matched-rules report leaves it out of the page's sheets. */
export const STYLE_ELEMENT_ID = `${STUDIO_ELEMENT_ID_PREFIX}instant-styles`;

export interface InstantUpdateContext {
  storyboardId: string;
  log: (message: string, error?: unknown) => void;
}

/** Each id or class of a list once, in its first order; an absent list is empty. */
export const unique = (list: readonly string[] | undefined): string[] => [...new Set(list ?? [])];

export type Outcome = { success: boolean; sendNewNavTree: boolean; data: InstantUpdateData };
export const fail = (data: InstantUpdateData = {}): Outcome => ({ success: false, sendNewNavTree: false, data });

export function hide(element: Element): void {
  if (!(element instanceof HTMLElement || element instanceof SVGElement)) return;
  const previous = element.getAttribute('style') ?? '';
  element.setAttribute(HIDDEN_ATTRIBUTE, previous);
  // Why the attribute is written rather than `element.style`: Chromium writes a CSSOM change back to the attribute
  // lazily, and an attribute removed before that write (by `unhide`) comes back as `style=""`.
  const own = previous.trim() ? `${previous.trim().replace(/;$/, '')}; ` : '';
  element.setAttribute('style', `${own}display: none !important;`);
}

export function unhide(element: Element): void {
  const previous = element.getAttribute(HIDDEN_ATTRIBUTE);
  if (previous === null) return;
  if (previous) element.setAttribute('style', previous);
  else element.removeAttribute('style');
  element.removeAttribute(HIDDEN_ATTRIBUTE);
  element.removeAttribute(DELETE_AFTER_REFRESH_ATTRIBUTE);
}

export function markAdded(element: Element, id: string): void {
  element.setAttribute(ADDED_ATTRIBUTE, '');
  element.setAttribute(CODEBASE_ID_ATTRIBUTE, id);
}

/** Whether an element is an instant update's own (a stand-in, or inside one): the page never renders it. */
export function shownByStudio(element: Element): boolean {
  return element.closest(`[${ADDED_ATTRIBUTE}]`) !== null;
}

/** When a flush starts, every instant marker is due to go at the next hot reload. */
export function prepareDeleteAfterRefresh(): number {
  const marked = document.querySelectorAll(`[${ADDED_ATTRIBUTE}], [${HIDDEN_ATTRIBUTE}]`);
  // The time it was marked: a stand-in may wait a moment for its element (`standInWaits`).
  for (const element of marked) element.setAttribute(DELETE_AFTER_REFRESH_ATTRIBUTE, String(Date.now()));
  return marked.length;
}

/**
 * After hot reload: added elements due for deletion go, hidden ones due are shown (React has re-rendered them); an
 * added one `keep` says waits for its element stays. Answers how many were cleared and how many were kept.
 */
export function clearInstantMarkers(keep: (added: Element) => boolean = () => false): { cleared: number; kept: number } {
  let cleared = 0;
  let kept = 0;
  for (const element of document.querySelectorAll(`[${DELETE_AFTER_REFRESH_ATTRIBUTE}]`)) {
    if (element.hasAttribute(ADDED_ATTRIBUTE)) {
      if (keep(element)) {
        kept++;
        continue;
      }
      element.remove();
    } else unhide(element);
    cleared++;
  }
  return { cleared, kept };
}
