/**
 * The editor's side of the frames the page started before the editor's code ran (`contracts/studio-page-frames.ts`):
 * a frame takes its early `<iframe>` instead of making one, and the messages its overlay posted meanwhile.
 */
import { EARLY_FRAMES_GLOBAL, EARLY_FRAME_ATTRIBUTE } from '@contracts/studio-page-frames.js';

/** What the page's script leaves in `window[EARLY_FRAMES_GLOBAL]`. */
interface EarlyFrames {
  /** Each early `<iframe>` by frame id, until a frame takes it. */
  frames: Record<string, HTMLIFrameElement>;
  /** The messages posted to the page since it started; null once it stopped keeping them. */
  messages: MessageEvent[] | null;
  /** Stops keeping messages (the editor listens itself by then). */
  stop(): void;
}

function earlyFrames(): EarlyFrames | undefined {
  return (window as unknown as Record<string, EarlyFrames | undefined>)[EARLY_FRAMES_GLOBAL];
}

/**
 * The early `<iframe>` of `frameId` when it shows `src` (the address the frame would give it), out of the page's
 * holder; else null, and an early one showing anything else is removed (the canvas changed since the page was made).
 */
export function takeEarlyFrame(frameId: string, src: string): HTMLIFrameElement | null {
  const early = earlyFrames();
  const iframe = early?.frames[frameId];
  if (!early || !iframe) return null;
  delete early.frames[frameId];
  iframe.removeAttribute(EARLY_FRAME_ATTRIBUTE);
  if (iframe.getAttribute('src') === src) return iframe;
  iframe.remove();
  return null;
}

/**
 * The messages the page received from `source` before the editor listened, in order, handed over once: the overlay
 * says it is ready (and sends its first tree) as soon as it starts, which in an early frame is before the editor.
 */
export function takeEarlyMessages(source: Window | null): MessageEvent[] {
  const early = earlyFrames();
  if (!early?.messages || !source) return [];
  const mine = early.messages.filter((event) => event.source === source);
  early.messages = early.messages.filter((event) => event.source !== source);
  return mine;
}

/**
 * Once the canvas's frames have taken theirs (its first render with frames): the early `<iframe>`s no frame took are
 * removed, and the page stops keeping messages for the editor.
 */
export function settleEarlyFrames(): void {
  const early = earlyFrames();
  if (!early) return;
  for (const iframe of Object.values(early.frames)) iframe.remove();
  early.frames = {};
  early.stop();
}

/** Puts `iframe` into `holder`, keeping its document when it is already loading (an early frame). */
export function placeFrame(holder: HTMLElement, iframe: HTMLIFrameElement): void {
  const moving = holder as HTMLElement & { moveBefore?: (node: Node, child: Node | null) => void };
  if (iframe.isConnected && typeof moving.moveBefore === 'function') moving.moveBefore(iframe, null);
  else holder.appendChild(iframe);
}

/** How long the editor waits at most for the early frames' documents: a frame that never loads does not hold it back. */
const PARSED_WAIT_LIMIT_MS = 1500;

/** Whether an early frame's document has been parsed (its scripts are loading), or will never be seen by this page. */
function parsed(iframe: HTMLIFrameElement): boolean {
  try {
    const document = iframe.contentDocument;
    return !document || (document.URL !== 'about:blank' && document.readyState !== 'loading');
  } catch {
    return true;
  }
}

/** Resolves once every early frame's document is parsed (or after `PARSED_WAIT_LIMIT_MS`); at once without any. */
export function whenEarlyFramesParsed(): Promise<void> {
  const iframes = Object.values(earlyFrames()?.frames ?? {});
  const until = performance.now() + PARSED_WAIT_LIMIT_MS;
  return new Promise((resolve) => {
    const check = () => {
      if (iframes.every(parsed) || performance.now() >= until) resolve();
      else setTimeout(check, 8);
    };
    check();
  });
}
