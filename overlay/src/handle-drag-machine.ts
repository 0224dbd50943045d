/**
 * The selection's handles (docs/editor.md#handles), as a small explicit machine: a press on a handle starts a drag
 * from the element's values at that moment; each move (or a modifier pressed or let go) works out the new values,
 * snapped to the project's spacing scale, which the frame shows at once; the release writes them when they differ
 * from where the drag began, else puts the element back; Escape (CANCEL) puts it back and writes nothing.
 *
 * Modifiers, as in Webflow and Figma: Shift drags the four sides of a padding or margin together (and keeps the
 * ratio on the corner), Alt the two sides of its axis; ⌘/Ctrl (`free`) leaves the scale for whole pixels.
 */
import type { HandleScale } from '@contracts/frame-protocol.js';
import { unreachable } from './unreachable.js';

export type Side = 'top' | 'right' | 'bottom' | 'left';
export type HandleId = 'width' | 'height' | 'size' | `padding-${Side}` | `margin-${Side}` | 'gap';
/** The CSS properties a handle changes. */
export type HandleProperty = 'width' | 'height' | `padding-${Side}` | `margin-${Side}` | 'gap';

export const SIDES: readonly Side[] = ['top', 'right', 'bottom', 'left'];

export interface Point {
  x: number;
  y: number;
}

export interface HandleModifiers {
  shift: boolean;
  alt: boolean;
  /** ⌘/Ctrl held: whole pixels, off the scale. */
  free: boolean;
}

/** What a drag starts from: the handle, the pointer, the element's values in CSS pixels, and the scale to snap to. */
export interface HandleStart {
  handle: HandleId;
  point: Point;
  values: Partial<Record<HandleProperty, number>>;
  /** The axis a gap handle drags along: the container's main axis. */
  gapAxis?: 'x' | 'y';
  scale: HandleScale;
}

/** A value as written: its pixels, and the token it is (null: off the scale, written as pixels). */
export interface HandleValue {
  px: number;
  token: string | null;
  /** The CSS value written: the token's value, else `<px>px`. */
  css: string;
}

export type HandleState =
  | { kind: 'idle' }
  | { kind: 'dragging'; start: HandleStart; point: Point; modifiers: HandleModifiers; values: Partial<Record<HandleProperty, HandleValue>> };

export type HandleEvent =
  | { type: 'PRESS'; start: HandleStart; modifiers: HandleModifiers }
  | { type: 'MOVE'; point: Point; modifiers: HandleModifiers }
  | { type: 'MODIFIERS'; modifiers: HandleModifiers }
  | { type: 'RELEASE' }
  | { type: 'CANCEL' };

/** `preview`: show the state's values; `write`: write them (the release); `revert`: put the element back. */
export type HandleEffect = 'preview' | 'write' | 'revert';

export interface HandleStep {
  state: HandleState;
  effects: HandleEffect[];
}

export const initialHandleState: HandleState = { kind: 'idle' };

/** A width or height snaps to a token only this close to it (CSS pixels): the scale is sparse at large sizes. */
export const SIZE_SNAP_PX = 8;

const opposite: Record<Side, Side> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };

/** The axis a side's handle moves along, and whether moving toward larger coordinates grows the value. */
function sideDrag(kind: 'padding' | 'margin', side: Side): { axis: 'x' | 'y'; sign: 1 | -1 } {
  const axis = side === 'top' || side === 'bottom' ? 'y' : 'x';
  // A padding handle sits inside its side: dragged inward it grows. A margin handle sits outside: dragged outward.
  const inward: 1 | -1 = side === 'top' || side === 'left' ? 1 : -1;
  return { axis, sign: kind === 'padding' ? inward : ((-inward) as 1 | -1) };
}

/** The value a handle's pixels write: the nearest token of the scale (for sizes only when close), else whole pixels. */
export function snapToScale(px: number, scale: HandleScale, size: boolean, free: boolean): HandleValue {
  const whole = Math.max(0, Math.round(px));
  if (!free && scale.spacing.length) {
    let nearest = scale.spacing[0]!;
    for (const token of scale.spacing) if (Math.abs(token.px - px) < Math.abs(nearest.px - px)) nearest = token;
    if (!size || Math.abs(nearest.px - px) <= SIZE_SNAP_PX) return { px: nearest.px, token: nearest.name, css: nearest.value };
  }
  const token = scale.spacing.find((candidate) => candidate.px === whole);
  return token ? { px: whole, token: token.name, css: token.value } : { px: whole, token: null, css: `${whole}px` };
}

/** The properties a drag of this handle sets with these modifiers, the dragged one first. */
export function propertiesOf(handle: HandleId, modifiers: Pick<HandleModifiers, 'shift' | 'alt'>): HandleProperty[] {
  if (handle === 'size') return ['width', 'height'];
  if (handle === 'width' || handle === 'height' || handle === 'gap') return [handle];
  const [kind, side] = handle.split('-') as ['padding' | 'margin', Side];
  if (modifiers.shift) return [handle, ...SIDES.filter((other) => other !== side).map((other) => `${kind}-${other}` as HandleProperty)];
  if (modifiers.alt) return [handle, `${kind}-${opposite[side]}`];
  return [handle];
}

/** The values the pointer at `point` gives, from where the drag started. */
export function handleValues(start: HandleStart, point: Point, modifiers: HandleModifiers): Partial<Record<HandleProperty, HandleValue>> {
  const delta = { x: point.x - start.point.x, y: point.y - start.point.y };
  const from = (property: HandleProperty) => start.values[property] ?? 0;
  const snap = (px: number, size: boolean) => snapToScale(px, start.scale, size, modifiers.free);
  const { handle } = start;
  if (handle === 'width') return { width: snap(from('width') + delta.x, true) };
  if (handle === 'height') return { height: snap(from('height') + delta.y, true) };
  if (handle === 'size') {
    const width = snap(from('width') + delta.x, true);
    // Shift keeps the element's proportions, the width leading.
    const height = modifiers.shift && from('width') > 0 ? snap((width.px * from('height')) / from('width'), true) : snap(from('height') + delta.y, true);
    return { width, height };
  }
  if (handle === 'gap') return { gap: snap(from('gap') + (start.gapAxis === 'y' ? delta.y : delta.x), false) };
  const [kind, side] = handle.split('-') as ['padding' | 'margin', Side];
  const { axis, sign } = sideDrag(kind, side);
  const value = snap(from(handle) + sign * delta[axis], false);
  return Object.fromEntries(propertiesOf(handle, modifiers).map((property) => [property, value]));
}

/** Whether the values differ from the element's own at the start (what a release would change). */
export function valuesChanged(start: HandleStart, values: Partial<Record<HandleProperty, HandleValue>>): boolean {
  return Object.entries(values).some(([property, value]) => value && Math.abs(value.px - (start.values[property as HandleProperty] ?? 0)) > 0.01);
}

export function handleTransition(state: HandleState, event: HandleEvent): HandleStep {
  switch (event.type) {
    case 'PRESS':
      if (state.kind === 'dragging') return { state, effects: [] };
      return { state: { kind: 'dragging', start: event.start, point: event.start.point, modifiers: event.modifiers, values: {} }, effects: [] };
    case 'MOVE':
    case 'MODIFIERS': {
      if (state.kind === 'idle') return { state, effects: [] };
      const point = event.type === 'MOVE' ? event.point : state.point;
      const values = handleValues(state.start, point, event.modifiers);
      return { state: { ...state, point, modifiers: event.modifiers, values }, effects: ['preview'] };
    }
    case 'RELEASE':
      if (state.kind === 'idle') return { state, effects: [] };
      return { state: initialHandleState, effects: [valuesChanged(state.start, state.values) ? 'write' : 'revert'] };
    case 'CANCEL':
      return state.kind === 'idle' ? { state, effects: [] } : { state: initialHandleState, effects: ['revert'] };
    default:
      return unreachable(event, 'handle event');
  }
}

/** The Tailwind utility a property's class starts with (the server collapses sides set alike, as `p-4`). */
const UTILITIES: Record<HandleProperty, string> = {
  width: 'w',
  height: 'h',
  gap: 'gap',
  'padding-top': 'pt',
  'padding-right': 'pr',
  'padding-bottom': 'pb',
  'padding-left': 'pl',
  'margin-top': 'mt',
  'margin-right': 'mr',
  'margin-bottom': 'mb',
  'margin-left': 'ml',
};

/** The shorthand a set of sides is written as: all four `p`, an axis `py`/`px`, one side its own. */
function utilityOf(properties: readonly HandleProperty[]): string {
  const first = properties[0]!;
  if (properties.length === 4) return UTILITIES[first][0]!;
  if (properties.length === 2 && first !== 'width') return `${UTILITIES[first][0]}${first.endsWith('top') || first.endsWith('bottom') ? 'y' : 'x'}`;
  return UTILITIES[first];
}

/**
 * What the label beside the pointer says while dragging: the class written (`pt-4 · 16px`, `w-[420px]`) in a
 * Tailwind canvas, else the property and its value (`padding-top: 1rem · 16px`).
 */
export function handleLabel(state: HandleState): string | null {
  if (state.kind === 'idle') return null;
  const properties = Object.keys(state.values) as HandleProperty[];
  if (!properties.length) return null;
  const groups = state.start.handle === 'size' ? properties.map((property) => [property]) : [properties];
  return groups
    .map((group) => {
      const value = state.values[group[0]!]!;
      const pixels = `${value.px}px`;
      if (state.start.scale.tailwind) return value.token !== null ? `${utilityOf(group)}-${value.token} · ${pixels}` : `${utilityOf(group)}-[${pixels}]`;
      return value.token !== null ? `${group[0]}: ${value.css} · ${pixels}` : `${group[0]}: ${pixels}`;
    })
    .join('  ');
}
