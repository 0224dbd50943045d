/**
 * When the palette asks for the console's components: once the first frame is editable, not at the studio's open.
 * Why: that call makes the server load its source engine (ts-morph and an index of the project), a second or two
 * of the server's one thread, which at the open is busy serving the frame's modules; the frame's own element
 * lookup needs the engine anyway, so the palette's call comes when that lookup has been answered, and costs nothing
 * then. A frame that never becomes editable (a page that fails, a canvas without frames) holds it back no longer
 * than `FIRST_FRAME_WAIT_MS`.
 */
import type { EditorFacts } from '../state/editor-store';

export const FIRST_FRAME_WAIT_MS = 8_000;

type Facts = Pick<EditorFacts, 'canvas' | 'elementInfo' | 'withoutSource'>;

/** Whether the studio's first open is past: a frame's elements have been looked up, or there is no frame to wait for. */
export function firstFrameEditable(facts: Facts): boolean {
  if (facts.canvas && facts.canvas.frames.length === 0) return true;
  for (const _ in facts.elementInfo) return true;
  for (const _ in facts.withoutSource) return true;
  return false;
}

export interface FirstFrameSource {
  getState(): Facts;
  subscribe(listener: (state: Facts) => void): () => void;
}

/**
 * Runs `then` once, when `firstFrameEditable` holds (at once if it does now) or after `waitMs`, whichever comes
 * first. Answers a cancel that stops it from running.
 */
export function afterFirstFrame(source: FirstFrameSource, then: () => void, waitMs = FIRST_FRAME_WAIT_MS): () => void {
  let done = false;
  let unsubscribe = () => {};
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    unsubscribe();
    then();
  };
  const timer = setTimeout(run, waitMs);
  unsubscribe = source.subscribe((state) => {
    if (firstFrameEditable(state)) run();
  });
  if (firstFrameEditable(source.getState())) run();
  return () => {
    done = true;
    clearTimeout(timer);
    unsubscribe();
  };
}
