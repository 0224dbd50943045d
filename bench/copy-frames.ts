/**
 * What the editor bench makes of the copies of an element it sampled at every animation frame around a duplicate or
 * an add: how many frames showed the wrong number of copies (two at once, or none once one had shown), and when
 * the one final element (the hot-reloaded one, no stand-in left) was first there.
 */

/** One animation frame of the console page: the matching elements shown, and whether one of them is the stand-in. */
export interface CopySample {
  at: number;
  count: number;
  standIn: boolean;
}

/**
 * Frames that showed anything but `before` copies until `after` first showed, and anything but `after` from then
 * on: the frames a designer saw two copies where there is one, or none where there is one. A run that never showed
 * `after` counts every frame, so a change that never appears cannot pass.
 */
export function wrongCopyFrames(counts: readonly number[], before: number, after: number): number {
  const first = counts.indexOf(after);
  if (first < 0) return counts.length;
  return counts.filter((count, index) => (index < first ? count !== before : count !== after)).length;
}

/** When the final element was first shown: `after` copies, none of them the stand-in; undefined if never. */
export function finalShownAt(samples: readonly CopySample[], after: number): number | undefined {
  return samples.find((sample) => sample.count === after && !sample.standIn)?.at;
}
