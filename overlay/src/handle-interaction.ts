/**
 * The handles' owner: the scale the editor gave, the drag's state (the rules are `handle-drag-machine.ts`), and
 * the effects of each step: the element shown at once with the dragged values (inline, `!important`, the page's
 * own inline values kept aside), the editor told on release (`STYLE_HANDLE_RELEASED`), which writes one STYLING
 * change. The values stay shown until that change's instant update shows them in this frame (or a few seconds
 * pass, when the editor refused it), so the element never jumps back in between.
 */
import type { FrameChangeItem, HandleScale } from '@contracts/frame-protocol.js';
import { parseElementKey } from '@contracts/frame-protocol.js';
import type { Channel } from './channel.js';
import { handleLabel, handleTransition, initialHandleState, type HandleEvent, type HandleId, type HandleModifiers, type HandleProperty, type HandleState, type Point } from './handle-drag-machine.js';
import type { HoverInteraction } from './hover-interaction.js';
import type { NavTreeKeeper } from './nav-tree-keeper.js';
import { readHandleMetrics, startValuesOf } from './style-handles.js';

export interface HandleDeps {
  channel: Channel;
  tree: Pick<NavTreeKeeper, 'elementFor' | 'quiet'>;
  hover: HoverInteraction;
  redraw(): void;
}

/** How long released values stay shown without the change's instant update (the editor refused it). */
const HELD_AT_MOST_MS = 3000;

/** The element's own inline values of the properties a drag shows, to put back. */
type Kept = Map<HandleProperty, { value: string; priority: string }>;

export class HandleInteraction {
  private state: HandleState = initialHandleState;
  /** The editor's scale; null until given, and no handles are shown before it (a drag would snap to nothing). */
  private scaleGiven: HandleScale | null = null;
  /** The element dragged, and its own inline values. */
  private dragged: { key: string; element: HTMLElement; kept: Kept } | null = null;
  /** Released values still shown, by codebase id, until the change's instant update shows them. */
  private readonly held = new Map<string, { element: HTMLElement; kept: Kept; timer: ReturnType<typeof setTimeout> }>();

  constructor(private readonly deps: HandleDeps) {}

  get scale(): HandleScale {
    return this.scaleGiven ?? { spacing: [], tailwind: false };
  }

  /** Whether the editor has given the scale, so handles may show. */
  get ready(): boolean {
    return this.scaleGiven !== null;
  }

  setScale(scale: HandleScale): void {
    const first = this.scaleGiven === null;
    this.scaleGiven = scale;
    // The selection's handles appear now.
    if (first) this.deps.redraw();
  }

  get isDragging(): boolean {
    return this.state.kind === 'dragging';
  }

  /** What the label beside the pointer says, and where (client coordinates); null while no handle is dragged. */
  get label(): { text: string; at: Point } | null {
    const text = handleLabel(this.state);
    return text && this.state.kind === 'dragging' ? { text, at: this.state.point } : null;
  }

  /** A press on a handle of the element `key`; false when there is no such element. */
  press(key: string, handle: HandleId, point: Point, modifiers: HandleModifiers): boolean {
    const element = this.deps.tree.elementFor(key);
    if (!(element instanceof HTMLElement) || !this.scaleGiven || this.state.kind === 'dragging') return false;
    const metrics = readHandleMetrics(element);
    this.dragged = { key, element, kept: new Map() };
    this.deps.hover.send({ type: 'SUPPRESS', reason: 'drag' });
    this.send({ type: 'PRESS', start: { handle, point, values: startValuesOf(element, metrics), gapAxis: metrics.gap?.axis, scale: this.scaleGiven }, modifiers });
    return true;
  }

  send(event: HandleEvent): void {
    const before = this.state;
    const step = handleTransition(this.state, event);
    this.state = step.state;
    for (const effect of step.effects) {
      if (effect === 'preview') this.preview();
      else if (effect === 'write' && before.kind === 'dragging') this.write(before);
      else this.revert();
    }
    if (step.state.kind === 'idle' && before.kind === 'dragging') this.deps.hover.send({ type: 'RELEASE', reason: 'drag' });
    if (step.effects.length) this.deps.redraw();
  }

  /** A change's instant update has been applied in this frame: released values it shows need showing no longer. */
  settle(change: FrameChangeItem): void {
    if (change.type !== 'STYLING') return;
    const held = this.held.get(change.changeFields.codebaseId);
    if (!held) return;
    clearTimeout(held.timer);
    this.held.delete(change.changeFields.codebaseId);
    this.putBack(held.element, held.kept);
  }

  private preview(): void {
    if (this.state.kind !== 'dragging' || !this.dragged) return;
    const { element, kept } = this.dragged;
    const values = this.state.values;
    this.deps.tree.quiet(() => {
      for (const [property, value] of Object.entries(values) as [HandleProperty, { css: string }][]) {
        if (!kept.has(property)) kept.set(property, { value: element.style.getPropertyValue(property), priority: element.style.getPropertyPriority(property) });
        element.style.setProperty(property, value.css, 'important');
      }
      // Sides a modifier took in and let go again show their own value.
      for (const [property, own] of kept) if (!(property in values)) element.style.setProperty(property, own.value, own.priority);
    });
  }

  private write(dragging: Extract<HandleState, { kind: 'dragging' }>): void {
    const dragged = this.dragged;
    this.dragged = null;
    const codebaseId = dragged ? parseElementKey(dragged.key)?.codebaseId : undefined;
    if (!dragged || !codebaseId) return;
    const styling = Object.fromEntries(Object.entries(dragging.values).map(([property, value]) => [property, value.css]));
    const previous = this.held.get(codebaseId);
    if (previous) clearTimeout(previous.timer);
    const timer = setTimeout(() => {
      this.held.delete(codebaseId);
      this.putBack(dragged.element, dragged.kept);
    }, HELD_AT_MOST_MS);
    this.held.set(codebaseId, { element: dragged.element, kept: dragged.kept, timer });
    this.deps.channel.post('STYLE_HANDLE_RELEASED', { elementKey: dragged.key, codebaseId, styling });
  }

  private revert(): void {
    const dragged = this.dragged;
    this.dragged = null;
    if (dragged) this.putBack(dragged.element, dragged.kept);
  }

  private putBack(element: HTMLElement, kept: Kept): void {
    this.deps.tree.quiet(() => {
      for (const [property, own] of kept) {
        if (own.value) element.style.setProperty(property, own.value, own.priority);
        else element.style.removeProperty(property);
      }
      if (element.getAttribute('style') === '') element.removeAttribute('style');
    });
    this.deps.redraw();
  }
}
