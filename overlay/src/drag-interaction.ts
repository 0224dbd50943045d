/**
 * The drag's owner: the drag's state (the rules are `drag-machine.ts`), the temporary moves that show the dragged
 * element where it would land, and the effects of each step: the pointer lock, the selection and hover, the
 * editor's `DRAG_*` messages, and the nav tree held back while the page shows a temporary move.
 */
import type { MouseDragContext } from '@contracts/frame-protocol.js';
import type { Channel } from './channel.js';
import { dragTransition, initialDragState, type DragEffect, type DragEvent, type DragState, type Point } from './drag-machine.js';
import { nearestIdentified } from './element-identity.js';
import type { HoverInteraction } from './hover-interaction.js';
import type { NavTreeKeeper } from './nav-tree-keeper.js';
import type { SelectionInteraction } from './selection-interaction.js';
import { unreachable } from './unreachable.js';

export interface DragDeps {
  channel: Channel;
  tree: Pick<NavTreeKeeper, 'keyOf' | 'elementFor' | 'quiet' | 'hold' | 'release'>;
  selection: SelectionInteraction;
  hover: HoverInteraction;
  redraw(): void;
}

const NO_POINT: Point = { x: 0, y: 0 };

export class DragInteraction {
  private state: DragState = initialDragState;
  private readonly tempMoves: (() => void)[] = [];
  /** Where an element dragged from the editor (a palette item) would land, for its insertion line. */
  private dropPlace: { parentKey: string; afterKey: string | null } | null = null;

  constructor(private readonly deps: DragDeps) {}

  get current(): DragState {
    return this.state;
  }

  get isDragging(): boolean {
    return this.state.kind === 'dragging';
  }

  /** The key of the element being dragged (not merely armed), or null. */
  get draggedKey(): string | null {
    return this.state.kind === 'dragging' ? this.state.key : null;
  }

  get dropAt(): { parentKey: string; afterKey: string | null } | null {
    return this.dropPlace;
  }

  /** The editor's drop place (after an element, or at the end of a parent); null: none. */
  showDropAt(place: { parentKey: string; afterKey: string | null } | null): void {
    this.dropPlace = place;
    this.deps.redraw();
  }

  /** Remembers how to take back a temporary DOM move, done when the drag ends. */
  addTempMove(revert: () => void): void {
    this.tempMoves.push(revert);
  }

  send(event: DragEvent): DragEffect[] {
    const before = this.state;
    const step = dragTransition(this.state, event);
    this.state = step.state;
    const point = 'point' in event ? event.point : NO_POINT;
    const copy = event.type === 'POINTER_UP' && event.copy === true;
    for (const effect of step.effects) this.run(effect, before, point, copy);
    if (step.effects.length) this.deps.redraw();
    return step.effects;
  }

  private run(effect: DragEffect, before: DragState, point: Point, copy: boolean): void {
    const { channel, selection, hover } = this.deps;
    const beforeKey = before.kind === 'idle' ? null : before.key;
    switch (effect) {
      case 'requestPointerLock':
        // Requested then released at once: ends any text selection the drag began, without keeping the lock.
        try {
          void Promise.resolve(document.body.requestPointerLock()).catch(() => undefined);
        } catch {
          // not allowed without a user gesture: nothing to release
        }
        break;
      case 'releasePointerLock':
        if (document.pointerLockElement) document.exitPointerLock();
        else document.addEventListener('pointerlockchange', () => document.pointerLockElement && document.exitPointerLock(), { once: true });
        break;
      case 'dragStart':
        if (this.state.kind === 'dragging') {
          this.deps.tree.hold();
          // Dragging an element that is not selected moves that element: it becomes the selection.
          if (!selection.keys.includes(this.state.key)) selection.send({ type: 'SET', key: this.state.key });
          hover.send({ type: 'SUPPRESS', reason: 'drag' });
          channel.post('DRAG_START', { ...this.context(this.state.key, point, this.state.offset, true), elementKey: this.state.key });
        }
        break;
      case 'dragEnd':
        hover.send({ type: 'RELEASE', reason: 'drag' });
        channel.post('DRAG_END', { ...this.context(beforeKey, point, before.kind === 'idle' ? NO_POINT : before.offset, false), elementKey: beforeKey, copy });
        this.revertTempMoves();
        break;
      case 'dragCancel':
        hover.send({ type: 'RELEASE', reason: 'drag' });
        channel.post('DRAG_CANCEL', { elementKey: beforeKey });
        this.revertTempMoves();
        break;
      default:
        unreachable(effect, 'drag effect');
    }
  }

  private context(key: string | null, point: Point, offset: Point, dragging: boolean): MouseDragContext {
    const { tree } = this.deps;
    const parent = tree.elementFor(key)?.parentElement ?? null;
    const parentStyle = parent ? getComputedStyle(parent) : null;
    return {
      pageX: point.x + window.scrollX,
      pageY: point.y + window.scrollY,
      offsetX: offset.x,
      offsetY: offset.y,
      parentSelectedElementKey: parent ? tree.keyOf(nearestIdentified(parent)) : null,
      selectedParentDisplay: parentStyle?.display ?? null,
      selectedParentFlexDirection: parentStyle?.flexDirection ?? null,
      dragging,
    };
  }

  private revertTempMoves(): void {
    while (this.tempMoves.length) this.deps.tree.quiet(this.tempMoves.pop()!);
    this.deps.tree.release();
  }
}
