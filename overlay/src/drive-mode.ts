/**
 * Drive mode: per storyboard, kept in session storage so a reload of the frame keeps it. Enabled: the
 * page behaves as itself (cursor reset). Disabled: the cursor is forced to the default arrow over the page.
 * See docs/editor.md#drive-mode.
 */
import { STUDIO_ELEMENT_ID_PREFIX } from '@contracts/dom.js';

const STORAGE_PREFIX = 'plantation-studio:drive-mode:';
const CURSOR_STYLE_ID = `${STUDIO_ELEMENT_ID_PREFIX}cursor`;

export function readDriveMode(storyboardId: string): boolean {
  try {
    return sessionStorage.getItem(STORAGE_PREFIX + storyboardId) === 'true';
  } catch {
    return false;
  }
}

export function writeDriveMode(storyboardId: string, enabled: boolean): void {
  try {
    if (enabled) sessionStorage.setItem(STORAGE_PREFIX + storyboardId, 'true');
    else sessionStorage.removeItem(STORAGE_PREFIX + storyboardId);
  } catch {
    // storage refused (privacy mode): drive mode still holds for this page
  }
}

export function applyDriveModeCursor(enabled: boolean): void {
  let style = document.getElementById(CURSOR_STYLE_ID);
  if (enabled) {
    style?.remove();
    return;
  }
  if (!style) {
    style = document.createElement('style');
    style.id = CURSOR_STYLE_ID;
    style.textContent = 'html, body, body * { cursor: default !important; }';
    document.head.appendChild(style);
  }
}
