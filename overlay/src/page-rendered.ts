/**
 * Whether the page has rendered what it shows (`pageRendered`), waited for before an agent's screenshot: a frame just
 * opened at a route first shows a blank page, then its layout, then what its data brings (issue 28: the picture of a
 * frame opened for the call came back white). The page counts as rendered once it has loaded, one of its source's
 * elements has a box in the viewport, no spinner or skeleton says it is still loading, its fonts are ready, its
 * document has not changed for a moment and the browser has had a frame to paint it in. A page whose document keeps
 * changing (a ticking clock) counts once the rest holds at the limit; one that shows nothing of its own (or only its
 * loading screen) by then does not.
 */
import { CODEBASE_ID_ATTRIBUTE } from '@contracts/dom.js';
import { OVERLAY_HOST_ID } from './shadow-host.js';

/** How long the document must stay as it is (outside the overlay) to count as done rendering. */
const QUIET_MS = 300;
/** How often the conditions are looked at again. */
const POLL_MS = 50;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether an element of the page's source meets the viewport with a box of its own. */
function showsSourceElement(): boolean {
  for (const element of document.querySelectorAll(`[${CODEBASE_ID_ATTRIBUTE}]`)) {
    const box = element.getBoundingClientRect();
    if (box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth) return true;
  }
  return false;
}

const BUSY = '[role="status"], [role="progressbar"], [aria-busy="true"]';

/**
 * Whether the page shows that it is still loading: a spinner or skeleton (an endless animation) in a status,
 * progress bar or busy region in view, as a router's pending screen or a query's placeholder shows it.
 */
function showsBusyIndicator(): boolean {
  for (const animation of document.getAnimations()) {
    const target = (animation.effect as KeyframeEffect | null)?.target;
    if (animation.playState !== 'running' || !target?.closest(BUSY) || animation.effect?.getTiming().iterations !== Infinity) continue;
    if (inView(target)) return true;
  }
  // A busy region out of view (a list further down still loading) does not keep the screen from being pictured.
  return [...document.querySelectorAll('[aria-busy="true"]')].some(inView);
}

function inView(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
}

/** The next frame the browser paints, or a short time when it paints none (a frame out of the studio's view). */
function nextPaint(): Promise<void> {
  return Promise.race([new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))), sleep(100)]);
}

/** Resolves true once the page has rendered (see above), false when it has shown nothing of its own by `timeoutMs`. */
export async function pageRendered(timeoutMs: number): Promise<boolean> {
  const until = performance.now() + timeoutMs;
  let changedAt = performance.now();
  const overlayHost = () => document.getElementById(OVERLAY_HOST_ID);
  const observer = new MutationObserver((records) => {
    const host = overlayHost();
    if (records.some((record) => !host || !host.contains(record.target))) changedAt = performance.now();
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  try {
    for (;;) {
      const now = performance.now();
      const shows = document.readyState === 'complete' && showsSourceElement() && !showsBusyIndicator();
      if (shows && (now - changedAt >= QUIET_MS || now >= until)) break;
      if (now >= until) return false;
      await sleep(POLL_MS);
    }
  } finally {
    observer.disconnect();
  }
  await Promise.race([document.fonts.ready, sleep(Math.max(0, until - performance.now()))]);
  await nextPaint();
  return true;
}
