/**
 * What the outlines show at a moment: the hover (unless it is selected), each selected element (a component's in
 * its own colour; one alone with its size and its children dashed), the elements that show a selection made in
 * another frame, the dragged element, the 'Edit Dynamic Text' button, with Alt the distances from the selection to
 * the element under the pointer, and the one selected element's handles with a dragged handle's value, read from the
 * interactions' owners and the last nav tree.
 */
import { distanceGuides } from './distance-guides.js';
import { flowOf, insertionLine, lineAfter, type Box } from './drop-line.js';
import type { NavTreeKeeper } from './nav-tree-keeper.js';
import { childOutlines, type OutlineRequest, type OutlineScene } from './outlines.js';
import { storyboardRoot } from './element-identity.js';
import { handleBoxes, readHandleMetrics } from './style-handles.js';
import type { OverlayStore } from './overlay-store.js';

export interface SceneSources {
  hoverKey: string | null;
  /** The element under the pointer while Alt is held: the one selected element is measured against it. */
  measuredKey?: string | null;
  selectedKeys: readonly string[];
  /** This page's elements that show a selection made in another frame. */
  twinKeys?: readonly string[];
  draggedKey: string | null;
  /** Where an element dragged from the editor would land. */
  dropAt?: { parentKey: string; afterKey: string | null } | null;
  dynamicTextKey: string | null;
  /** Whether the one selected element may show its handles now (no text edited), and a dragged handle's label. */
  handles?: { allowed: boolean; label: { text: string; at: { x: number; y: number } } | null };
  tree: Pick<NavTreeKeeper, 'elementFor' | 'nodeFor' | 'nameOf'>;
  store: Pick<OverlayStore, 'zoomPerc' | 'aiContext' | 'driveMode'>;
}

/** The line before the dragged element where the drag shows it (its landing place), across its parent's flow. */
function insertionLineOf(element: Element | null, zoom: number): Box | null {
  const parent = element?.parentElement;
  if (!element || !parent) return null;
  let previous = element.previousElementSibling;
  // Siblings not laid out (hidden by an instant update, scripts) are not where the line goes.
  while (previous && previous.getClientRects().length === 0) previous = previous.previousElementSibling;
  return insertionLine(flowOf(getComputedStyle(parent)), element.getBoundingClientRect(), previous?.getBoundingClientRect() ?? null, zoom);
}

/** The line where an element dropped into `parent` lands: after `after`, or after its last laid-out child. */
function lineAtDrop(parent: Element | null, after: Element | null, zoom: number): Box | null {
  if (!parent) return null;
  const laidOut = (element: Element | null) => element !== null && element.getClientRects().length > 0;
  let previous = after ?? parent.lastElementChild;
  while (previous && !laidOut(previous)) previous = previous.previousElementSibling;
  let next = previous?.nextElementSibling ?? null;
  while (next && !laidOut(next)) next = next.nextElementSibling;
  return lineAfter(flowOf(getComputedStyle(parent)), parent.getBoundingClientRect(), previous?.getBoundingClientRect() ?? null, next?.getBoundingClientRect() ?? null, zoom);
}

export function outlineScene({ hoverKey, measuredKey = null, selectedKeys, twinKeys = [], draggedKey, dropAt = null, dynamicTextKey, handles, tree, store }: SceneSources): OutlineScene {
  const outlines: OutlineRequest[] = [];
  const elementFor = (key: string) => tree.elementFor(key);
  if (hoverKey && !selectedKeys.includes(hoverKey)) {
    const element = elementFor(hoverKey);
    if (element) outlines.push({ key: hoverKey, element, layer: 'secondary', name: tree.nameOf(hoverKey) });
  }
  const alone = selectedKeys.length === 1;
  for (const key of selectedKeys) {
    const element = elementFor(key);
    if (!element) continue;
    const node = tree.nodeFor(key);
    outlines.push({ key, element, layer: node?.isComponent ? 'component' : 'primary', name: tree.nameOf(key), withSize: alone });
    if (alone) outlines.push(...childOutlines(node, elementFor));
  }
  for (const key of twinKeys) {
    const element = selectedKeys.includes(key) ? null : elementFor(key);
    if (element) outlines.push({ key, element, layer: tree.nodeFor(key)?.isComponent ? 'component' : 'primary', name: tree.nameOf(key) });
  }
  if (draggedKey) {
    const element = elementFor(draggedKey);
    if (element) outlines.push({ key: draggedKey, element, layer: 'move', name: tree.nameOf(draggedKey) });
  }
  const dropLine = draggedKey ? insertionLineOf(elementFor(draggedKey), store.zoomPerc) : dropAt ? lineAtDrop(elementFor(dropAt.parentKey), dropAt.afterKey ? elementFor(dropAt.afterKey) : null, store.zoomPerc) : null;
  const dynamicElement = dynamicTextKey ? elementFor(dynamicTextKey) : null;
  const measured = alone && measuredKey && measuredKey !== selectedKeys[0] ? elementFor(measuredKey) : null;
  const selected = measured ? elementFor(selectedKeys[0]!) : null;
  const handled = alone && handles?.allowed && !draggedKey && !store.aiContext && !store.driveMode ? elementFor(selectedKeys[0]!) : null;
  return {
    outlines,
    guides: measured && selected ? distanceGuides(selected.getBoundingClientRect(), measured.getBoundingClientRect()) : [],
    dynamicText: dynamicTextKey && dynamicElement ? { key: dynamicTextKey, element: dynamicElement } : null,
    dropLine,
    // The storyboard is the page itself, not an element of the source: no handles.
    handles: handled?.isConnected && handled !== storyboardRoot() ? { key: selectedKeys[0]!, boxes: handleBoxes(readHandleMetrics(handled), store.zoomPerc), label: handles?.label ?? null } : null,
    zoomPerc: store.zoomPerc,
    aiMode: store.aiContext,
    driveMode: store.driveMode,
  };
}
