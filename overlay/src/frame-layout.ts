/**
 * The frame query's layout options: `storyboard=true` gives the root the full viewport; `type=STORY` or
 * `COMPONENT` makes root, body and html transparent, full-size and non-scrolling. See docs/editor.md#frame-address.
 */
import { STUDIO_ELEMENT_ID_PREFIX } from '@contracts/dom.js';
import type { FrameQuery } from './frame-context.js';

export function applyFrameLayout(query: FrameQuery): void {
  const css: string[] = [];
  if (query.storyboard) css.push('#root { width: 100vw; min-height: 100vh; }');
  if (query.type === 'STORY' || query.type === 'COMPONENT') {
    css.push('html, body, #root { background: transparent !important; width: 100%; height: 100%; overflow: hidden !important; }');
  }
  if (!css.length) return;
  const style = document.createElement('style');
  style.id = `${STUDIO_ELEMENT_ID_PREFIX}frame-layout`;
  style.textContent = css.join('\n');
  document.head.appendChild(style);
}
