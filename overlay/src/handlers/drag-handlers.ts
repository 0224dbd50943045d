/**
 * Drags the editor drives: pointer events it forwards from over the frame (a palette item, a layer row), the drag
 * of the selection it starts or cancels, and the temporary moves that show the dragged element where it would land
 * (taken back when the drag ends).
 */
import type { FrameFunctionHandlers } from '@contracts/frame-protocol.js';
import { checkedKey } from '../checked-ids.js';
import { liveDropLayout } from '../drop-layout.js';
import { nearestIdentified } from '../element-identity.js';
import { MOVING_ELEMENT_ATTRIBUTE } from '../hot-reload-filter.js';
import type { OverlayParts } from '../overlay-parts.js';

type DragHandlers = Pick<
  FrameFunctionHandlers,
  | 'syntheticMouseOver'
  | 'syntheticMouseMove'
  | 'syntheticMouseUp'
  | 'triggerDragStart'
  | 'triggerDragCancel'
  | 'tempMoveElement'
  | 'tempAddDiv'
  | 'tempMoveToNewParent'
  | 'showDropLine'
>;

export function dragHandlers({ store, tree, hover, selection, drag, redraw }: OverlayParts): DragHandlers {
  /** Moves `element` for the drag's time; the drag's end puts it back where it was. */
  function moveForDrag(element: Element, place: () => void): void {
    const [parent, next] = [element.parentElement, element.nextSibling];
    tree.quiet(() => {
      element.setAttribute(MOVING_ELEMENT_ATTRIBUTE, '');
      place();
    });
    drag.addTempMove(() => {
      parent?.insertBefore(element, next);
      element.removeAttribute(MOVING_ELEMENT_ATTRIBUTE);
    });
    redraw();
  }

  return {
    syntheticMouseOver({ clientX, clientY, dropLayoutFor }) {
      const target = document.elementFromPoint(clientX, clientY);
      const key = target && !tree.isOverlayNode(target) ? tree.keyOf(nearestIdentified(target)) : null;
      hover.send({ type: 'POINTER_OVER', key });
      if (typeof dropLayoutFor !== 'string') return { elementKey: key };
      const sources = { nodeFor: (k: string) => tree.nodeFor(k), elementFor: (k: string | null) => tree.elementFor(k), scroll: { x: window.scrollX, y: window.scrollY } };
      return { elementKey: key, dropLayout: liveDropLayout(key, dropLayoutFor, { clientX, clientY }, sources) };
    },
    syntheticMouseMove({ clientX, clientY }) {
      drag.send({ type: 'POINTER_MOVE', point: { x: clientX, y: clientY }, buttons: 1, zoom: store.zoomPerc, aiContext: store.aiContext });
      return { dragging: drag.isDragging };
    },
    syntheticMouseUp({ clientX, clientY }) {
      const wasDragging = drag.isDragging;
      drag.send({ type: 'POINTER_UP', point: { x: clientX, y: clientY } });
      return { dragEnded: wasDragging };
    },
    triggerDragStart({ elementKey, clientX, clientY }) {
      const key = elementKey ?? selection.primary;
      if (key && !store.aiContext && !store.driveMode) drag.send({ type: 'START', key, point: { x: clientX ?? 0, y: clientY ?? 0 } });
      return { dragging: drag.isDragging };
    },
    triggerDragCancel() {
      const wasDragging = drag.current.kind !== 'idle';
      drag.send({ type: 'CANCEL' });
      return { cancelled: wasDragging };
    },
    tempMoveElement({ elementKey, beforeElementKey, afterElementKey }) {
      const element = tree.elementFor(elementKey);
      const before = tree.elementFor(beforeElementKey ?? null);
      const after = tree.elementFor(afterElementKey ?? null);
      const anchor = before ?? after;
      if (!element || !anchor || !anchor.parentElement) return { moved: false };
      moveForDrag(element, () => (before ? before.before(element) : after!.after(element)));
      return { moved: true };
    },
    tempAddDiv({ parentElementKey, index, width, height }) {
      const parent = tree.elementFor(parentElementKey);
      if (!parent) return { added: false };
      const div = document.createElement('div');
      div.setAttribute(MOVING_ELEMENT_ATTRIBUTE, '');
      div.style.cssText = `width:${width ?? 40}px;height:${height ?? 20}px;outline:1px dashed #4597F7;`;
      tree.quiet(() => parent.insertBefore(div, parent.children[index ?? parent.children.length] ?? null));
      drag.addTempMove(() => div.remove());
      return { added: true };
    },
    showDropLine({ parentKey, afterKey }) {
      if (parentKey) checkedKey(parentKey);
      if (afterKey) checkedKey(afterKey);
      drag.showDropAt(parentKey ? { parentKey, afterKey: afterKey ?? null } : null);
      return { shown: parentKey !== null && tree.elementFor(parentKey) !== null };
    },
    tempMoveToNewParent({ elementKey, newParentElementKey, index }) {
      const element = tree.elementFor(elementKey);
      const parent = tree.elementFor(newParentElementKey);
      if (!element || !parent || element.contains(parent)) return { moved: false };
      moveForDrag(element, () => parent.insertBefore(element, parent.children[index ?? parent.children.length] ?? null));
      return { moved: true };
    },
  };
}
