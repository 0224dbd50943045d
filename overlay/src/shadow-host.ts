/**
 * The one element the overlay adds to the page: a host attached to `<html>` (outside the body, which is the
 * storyboard) with a closed-to-the-page Shadow DOM, so the console's CSS cannot reach the outlines and the nav
 * tree, the hot-reload watcher and capture can leave it out by identity.
 */
import { OVERLAY_HOST_ID } from '@contracts/dom.js';

export { OVERLAY_HOST_ID };

export interface ShadowHost {
  host: HTMLElement;
  root: ShadowRoot;
  layer: HTMLElement;
  contains(node: Node): boolean;
}

const SHADOW_CSS = `
:host { all: initial; }
.layer { position: absolute; top: 0; left: 0; width: 0; height: 0; pointer-events: none; }
.outline { position: absolute; box-sizing: border-box; pointer-events: none; }
.label { position: absolute; font: 11px/16px system-ui, sans-serif; color: #fff; padding: 0 4px; border-radius: 2px;
  white-space: nowrap; pointer-events: none; }
.edit-dynamic-text { position: absolute; height: 22px; font: 12px/20px system-ui, sans-serif; color: #fff;
  border: 1px solid rgba(255,255,255,.4); border-radius: 4px; padding: 0 6px; cursor: pointer; pointer-events: auto; }
.style-handle { position: absolute; box-sizing: border-box; pointer-events: auto; touch-action: none; }
`;

export function createShadowHost(): ShadowHost {
  document.getElementById(OVERLAY_HOST_ID)?.remove();
  const host = document.createElement('div');
  host.id = OVERLAY_HOST_ID;
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText = 'position:absolute;top:0;left:0;width:0;height:0;overflow:visible;z-index:2147483647;pointer-events:none;';
  // Open mode: the studio's own tests and tools inspect it; the page's stylesheets still cannot style inside it.
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = SHADOW_CSS;
  const layer = document.createElement('div');
  layer.className = 'layer';
  root.append(style, layer);
  document.documentElement.appendChild(host);
  return { host, root, layer, contains: (node) => node === host || host.contains(node) || node.getRootNode() === root };
}
