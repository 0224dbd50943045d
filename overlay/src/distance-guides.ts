/**
 * The distances a designer reads while holding Alt over another element, as Figma shows them: from the selected
 * element to the one under the pointer, in the page's CSS pixels. Apart, each gap between them along an axis where
 * they do not overlap; one inside the other, the four distances from the inner element's edges to the outer's. Each
 * guide is a line with its length, drawn at the middle of what the two share (or of the inner element).
 */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Guide {
  /** Horizontal guides measure along x (a gap left or right); vertical ones along y. */
  axis: 'x' | 'y';
  /** Where the line starts and ends along its axis, and where it crosses the other axis. */
  from: number;
  to: number;
  at: number;
  /** Its length, as the label shows it (whole pixels, or one decimal for a fraction). */
  label: string;
}

const label = (length: number) => String(Math.round(length * 10) / 10);
const contains = (outer: Rect, inner: Rect) => outer.left <= inner.left && outer.top <= inner.top && outer.right >= inner.right && outer.bottom >= inner.bottom;
const middle = (a: number, b: number) => (a + b) / 2;

/** The middle of the range two spans share, or of the space between them when they share none. */
function sharedMiddle(aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  const start = Math.max(aStart, bStart);
  const end = Math.min(aEnd, bEnd);
  return start <= end ? middle(start, end) : middle(Math.min(aEnd, bEnd), Math.max(aStart, bStart));
}

function guide(axis: 'x' | 'y', from: number, to: number, at: number): Guide | null {
  return to - from > 0.05 ? { axis, from, to, at, label: label(to - from) } : null;
}

/** The guides between the selected element `selected` and the element `other`; none when they are the same box. */
export function distanceGuides(selected: Rect, other: Rect): Guide[] {
  const [inner, outer] = contains(other, selected) ? [selected, other] : contains(selected, other) ? [other, selected] : [null, null];
  if (inner && outer) {
    const x = middle(inner.left, inner.right);
    const y = middle(inner.top, inner.bottom);
    return [guide('y', outer.top, inner.top, x), guide('y', inner.bottom, outer.bottom, x), guide('x', outer.left, inner.left, y), guide('x', inner.right, outer.right, y)].filter(
      (found): found is Guide => found !== null,
    );
  }
  const guides: (Guide | null)[] = [];
  const y = sharedMiddle(selected.top, selected.bottom, other.top, other.bottom);
  if (other.left >= selected.right) guides.push(guide('x', selected.right, other.left, y));
  else if (selected.left >= other.right) guides.push(guide('x', other.right, selected.left, y));
  const x = sharedMiddle(selected.left, selected.right, other.left, other.right);
  if (other.top >= selected.bottom) guides.push(guide('y', selected.bottom, other.top, x));
  else if (selected.top >= other.bottom) guides.push(guide('y', other.bottom, selected.top, x));
  return guides.filter((found): found is Guide => found !== null);
}
