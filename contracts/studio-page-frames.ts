/**
 * The frames the studio page starts before its editor's code has run (issue 29: "start the frames with the studio's
 * first render, load the editor's own code in parallel with the frame"). The server writes a small script at the end
 * of the page it serves (`earlyFramesScriptOf`): it makes the canvas's `<iframe>`s at once, in a holder out of sight,
 * so the console in them loads while the editor's bundle downloads and starts, and it keeps the messages their
 * overlays post meanwhile. Each frame of the editor then takes its `<iframe>` (moved with `moveBefore`, which keeps
 * the document loading) and the messages of its window (`client/editor/src/frame/early-frames.ts`).
 *
 * Only where `Element.prototype.moveBefore` exists: moving an `<iframe>` any other way reloads it, and the editor
 * then makes its frames itself, as before.
 */
import { frameSrc } from './frame-query.js';

/** The global the script leaves for the editor: its early `<iframe>`s by frame id, the messages kept, and how to stop keeping them. */
export const EARLY_FRAMES_GLOBAL = '__plantationStudioEarlyFrames';
/** The attribute naming the frame an early `<iframe>` is for (not the editor's own frame attribute until it is taken). */
export const EARLY_FRAME_ATTRIBUTE = 'data-studio-early-frame';

/** The part of a canvas frame the early `<iframe>` needs. */
interface FrameStart {
  id: string;
  route: string;
  viewport: { width: number; height: number };
}

/** Why each `<` is escaped: the JSON holds routes a person typed, and `</script>` in one would end the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The `<script>` starting `frames` of the page's canvas. Each address is `frameSrc`'s, a path of this origin
 * whatever the route says; the editor discards an early `<iframe>` whose address is not the one it would give.
 */
export function earlyFramesScriptOf(frames: readonly FrameStart[]): string {
  const starts = frames.map((frame) => ({ id: frame.id, src: frameSrc(frame.route, frame.id), width: frame.viewport.width, height: frame.viewport.height }));
  return `<script>(function () {
  var early = { frames: {}, messages: [], stop: function () { removeEventListener('message', keep); early.messages = null; } };
  function keep(event) { if (early.messages) early.messages.push(event); }
  window[${JSON.stringify(EARLY_FRAMES_GLOBAL)}] = early;
  if (!('moveBefore' in Element.prototype)) { early.messages = null; return; }
  addEventListener('message', keep);
  var holder = document.createElement('div');
  holder.setAttribute('aria-hidden', 'true');
  holder.style.cssText = 'position:fixed;left:0;top:0;width:0;height:0;overflow:hidden;pointer-events:none';
  ${scriptJson(starts)}.forEach(function (start) {
    var iframe = document.createElement('iframe');
    iframe.setAttribute(${JSON.stringify(EARLY_FRAME_ATTRIBUTE)}, start.id);
    iframe.setAttribute('tabindex', '-1');
    iframe.style.cssText = 'border:0;width:' + start.width + 'px;height:' + start.height + 'px';
    iframe.src = start.src;
    holder.appendChild(iframe);
    early.frames[start.id] = iframe;
  });
  // In the head the body is not there yet: the holder goes into the page's root element, outside the body.
  (document.body || document.documentElement).appendChild(holder);
})();</script>`;
}
