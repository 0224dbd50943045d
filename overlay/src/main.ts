/**
 * The overlay's entry: injected into every console page the studio's `dev` serves, it starts only when the page is
 * framed by a studio page of the same origin, and then takes messages only from that parent window and origin.
 */
import { OVERLAY_SCRIPT_PATH } from '@contracts/frame-protocol.js';
import { createChannel } from './channel.js';
import { canvasIdFromPath, isFramedByStudio, parseFrameQuery, type ParentFacts } from './frame-context.js';
import { applyFrameLayout } from './frame-layout.js';
import { keepFrameQuery } from './frame-query-keeper.js';
import { listenToParent } from './listen-to-parent.js';
import { createOverlayStore } from './overlay-store.js';
import { startOverlay } from './overlay-runtime.js';
import { pageMessageLog } from './page-messages.js';

function parentFacts(): ParentFacts {
  const framed = window.parent !== window;
  if (!framed) return { framed, parentOrigin: null, parentPathname: null };
  try {
    // Throws for a parent of another origin: such a parent is not the studio.
    return { framed, parentOrigin: window.parent.location.origin, parentPathname: window.parent.location.pathname };
  } catch {
    return { framed, parentOrigin: null, parentPathname: null };
  }
}

function main(): void {
  const facts = parentFacts();
  if (!isFramedByStudio(location.origin, facts)) return;
  const marker = window as unknown as { __plantationStudioOverlay?: boolean };
  if (marker.__plantationStudioOverlay) return;
  marker.__plantationStudioOverlay = true;
  // First: what the page logs while the overlay starts is the agent's to read too.
  pageMessageLog.listen(window);

  const parentWindow = window.parent;
  const parentOrigin = facts.parentOrigin!;
  const query = parseFrameQuery(location.search);
  const channel = createChannel(parentWindow, parentOrigin, query.debugLog);
  const store = createOverlayStore(query, canvasIdFromPath(facts.parentPathname ?? '') ?? canvasIdFromPath(location.pathname));
  applyFrameLayout(query);
  keepFrameQuery(window);
  const runtime = startOverlay(store, channel);

  listenToParent(window, { window: parentWindow, origin: parentOrigin }, runtime, channel);

  channel.post('OVERLAY_READY', { href: location.href, storyboardId: store.storyboardId });
  channel.debug(`started from ${OVERLAY_SCRIPT_PATH}`);
}

main();
