/**
 * The live layout a dragged element's drop place is worked out from (`syntheticMouseOver` with `dropLayoutFor`):
 * read at the pointer move itself, after the drag's temporary move, so the boxes and the element under the pointer
 * come from one and the same layout.
 */
import type { LiveDropLayout, NavTreeNode, PageBoundingBox } from '@contracts/frame-protocol.js';

export interface DropLayoutSources {
  /** The node of the current nav tree with this key. */
  nodeFor(key: string): NavTreeNode | undefined;
  elementFor(key: string): { getBoundingClientRect(): { left: number; top: number; width: number; height: number } } | null;
  scroll: { x: number; y: number };
}

/** The element's page box now; none when it is gone or not laid out (hidden, `display: none`). */
export function livePageBox(element: ReturnType<DropLayoutSources['elementFor']>, scroll: DropLayoutSources['scroll']): PageBoundingBox | null {
  if (!element) return null;
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return null;
  return { pageX: rect.left + scroll.x, pageY: rect.top + scroll.y, width: rect.width, height: rect.height };
}

/**
 * The boxes of the children of the hovered element and of each of its ancestors, the dragged element's left out:
 * the drop goes into one of those, whichever the editor's rules pick.
 */
export function liveDropLayout(
  hoveredKey: string | null,
  draggedKey: string,
  pointer: { clientX: number; clientY: number },
  sources: DropLayoutSources,
): LiveDropLayout {
  const boxes: Record<string, PageBoundingBox> = {};
  let node = hoveredKey ? sources.nodeFor(hoveredKey) : undefined;
  while (node) {
    for (const child of node.children) {
      if (child.key === draggedKey) continue;
      const box = livePageBox(sources.elementFor(child.key), sources.scroll);
      if (box) boxes[child.key] = box;
    }
    node = node.parent ? sources.nodeFor(node.parent) : undefined;
  }
  return { pageX: pointer.clientX + sources.scroll.x, pageY: pointer.clientY + sources.scroll.y, boxes };
}
