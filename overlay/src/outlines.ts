/**
 * Drawing the outlines (docs/editor.md#outlines): hover, selection and multi-selection boxes, component
 * outlines, dashed child and move outlines, the 'width x height' size label, the element-name label, a drag's
 * insertion line, the distance guides Alt shows, the selection's handles with a dragged handle's value, and the
 * 'Edit Dynamic Text' button. Nothing is drawn in drive mode.
 */
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import { DISTANCE_GUIDE_COLOR, HANDLE_COLORS, EDIT_DYNAMIC_TEXT_BUTTON_PX, EDIT_DYNAMIC_TEXT_LABEL, MOVE_OVERLAY_Z_INDEX, outlineStyle, sizeLabel, type OutlineLayer } from './outline-style.js';
import type { Guide } from './distance-guides.js';
import type { Box } from './drop-line.js';
import type { ShadowHost } from './shadow-host.js';
import type { HandleBox } from './style-handles.js';

export interface OutlineRequest {
  key: string;
  element: Element;
  layer: OutlineLayer;
  name?: string;
  withSize?: boolean;
}

export interface OutlineScene {
  outlines: OutlineRequest[];
  dynamicText: { key: string; element: Element } | null;
  /** Where a dragged element will land: the insertion line, in the page's client coordinates. */
  dropLine?: Box | null;
  /** With Alt: the distances from the selection to the element under the pointer, in client coordinates. */
  guides?: readonly Guide[];
  /** The one selected element's handles (`key`), and what a dragged one writes, beside the pointer. */
  handles?: { key: string; boxes: readonly HandleBox[]; label: { text: string; at: { x: number; y: number } } | null } | null;
  zoomPerc: number;
  aiMode: boolean;
  driveMode: boolean;
}

export function drawOutlines(shadow: ShadowHost, scene: OutlineScene, onEditDynamicText: (key: string) => void): number {
  shadow.layer.replaceChildren();
  if (scene.driveMode) return 0;
  const zoom = scene.zoomPerc > 0 ? scene.zoomPerc : 1;
  let drawn = 0;
  for (const request of scene.outlines) {
    if (!request.element.isConnected) continue;
    const rect = request.element.getBoundingClientRect();
    const style = outlineStyle(request.layer, scene.zoomPerc, scene.aiMode);
    const box = document.createElement('div');
    box.className = `outline outline-${request.layer}`;
    box.dataset.key = request.key;
    box.style.cssText = `left:${rect.left + window.scrollX}px;top:${rect.top + window.scrollY}px;width:${rect.width}px;height:${rect.height}px;` +
      `border:${style.width}px ${style.dashed ? 'dashed' : 'solid'} ${style.color};z-index:${style.zIndex};`;
    shadow.layer.appendChild(box);
    drawn++;
    if (request.name) {
      const label = document.createElement('div');
      label.className = 'label name-label';
      label.textContent = request.name;
      label.style.cssText = `left:${rect.left + window.scrollX}px;top:${rect.top + window.scrollY - 16 / zoom}px;background:${style.color};` +
        `z-index:${request.layer === 'move' ? MOVE_OVERLAY_Z_INDEX : style.zIndex};transform:scale(${1 / zoom});transform-origin:0 0;`;
      shadow.layer.appendChild(label);
    }
    if (request.withSize) {
      const label = document.createElement('div');
      label.className = 'label size-label';
      label.textContent = sizeLabel(rect.width, rect.height);
      label.style.cssText = `left:${rect.left + window.scrollX}px;top:${rect.bottom + window.scrollY + 2 / zoom}px;background:${style.color};` +
        `z-index:${style.zIndex};transform:scale(${1 / zoom});transform-origin:0 0;`;
      shadow.layer.appendChild(label);
    }
  }
  if (scene.dropLine) {
    const line = document.createElement('div');
    line.className = 'drop-line';
    const { left, top, width, height } = scene.dropLine;
    line.style.cssText = `position:absolute;left:${left + window.scrollX}px;top:${top + window.scrollY}px;width:${width}px;height:${height}px;` +
      `background:${outlineStyle('move', scene.zoomPerc, scene.aiMode).color};z-index:${MOVE_OVERLAY_Z_INDEX};`;
    shadow.layer.appendChild(line);
  }
  for (const guide of scene.guides ?? []) drawGuide(shadow, guide, zoom);
  if (scene.handles) drawHandles(shadow, scene.handles, zoom, outlineStyle('primary', scene.zoomPerc, scene.aiMode).color);
  if (scene.dynamicText?.element.isConnected) {
    const { key, element } = scene.dynamicText;
    const rect = element.getBoundingClientRect();
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'edit-dynamic-text';
    button.textContent = EDIT_DYNAMIC_TEXT_LABEL;
    const color = outlineStyle('primary', scene.zoomPerc, scene.aiMode).color;
    button.style.cssText = `left:${rect.right + window.scrollX + 4 / zoom}px;top:${rect.top + window.scrollY}px;height:${EDIT_DYNAMIC_TEXT_BUTTON_PX}px;` +
      `background:${color};z-index:${MOVE_OVERLAY_Z_INDEX};transform:scale(${1 / zoom});transform-origin:0 0;`;
    button.addEventListener('pointerdown', (event) => event.stopPropagation(), true);
    button.addEventListener('click', (event) => {
      event.stopPropagation();
      event.preventDefault();
      onEditDynamicText(key);
    });
    shadow.layer.appendChild(button);
  }
  return drawn;
}

/** One distance: a thin line over the gap, and its length in a label at the line's middle, both the same size at any zoom. */
function drawGuide(shadow: ShadowHost, guide: Guide, zoom: number): void {
  const thickness = 1 / zoom;
  const [x, y] = [window.scrollX, window.scrollY];
  const line = document.createElement('div');
  line.className = `distance-guide distance-guide-${guide.axis}`;
  const box =
    guide.axis === 'x'
      ? { left: guide.from + x, top: guide.at + y - thickness / 2, width: guide.to - guide.from, height: thickness }
      : { left: guide.at + x - thickness / 2, top: guide.from + y, width: thickness, height: guide.to - guide.from };
  line.style.cssText = `position:absolute;left:${box.left}px;top:${box.top}px;width:${box.width}px;height:${box.height}px;background:${DISTANCE_GUIDE_COLOR};z-index:${MOVE_OVERLAY_Z_INDEX};`;
  shadow.layer.appendChild(line);
  const label = document.createElement('div');
  label.className = 'label distance-label';
  label.textContent = guide.label;
  const mid = guide.axis === 'x' ? { left: (guide.from + guide.to) / 2 + x, top: guide.at + y + 2 / zoom } : { left: guide.at + x + 3 / zoom, top: (guide.from + guide.to) / 2 + y };
  label.style.cssText = `left:${mid.left}px;top:${mid.top}px;background:${DISTANCE_GUIDE_COLOR};z-index:${MOVE_OVERLAY_Z_INDEX};transform:scale(${1 / zoom});transform-origin:0 0;`;
  shadow.layer.appendChild(label);
}

/** The handles (each takes the pointer: `page-events.ts` starts its drag), and the dragged one's value by the pointer. */
function drawHandles(shadow: ShadowHost, handles: NonNullable<OutlineScene['handles']>, zoom: number, outlineColor: string): void {
  const [x, y] = [window.scrollX, window.scrollY];
  for (const box of handles.boxes) {
    const handle = document.createElement('div');
    handle.className = `style-handle style-handle-${box.kind}`;
    handle.dataset.handle = box.id;
    handle.dataset.key = handles.key;
    handle.title = box.id;
    const fill = HANDLE_COLORS[box.kind];
    handle.style.cssText = `left:${box.x - box.width / 2 + x}px;top:${box.y - box.height / 2 + y}px;width:${box.width}px;height:${box.height}px;` +
      `background:${fill};border:${1 / zoom}px solid ${box.kind === 'size' ? outlineColor : '#fff'};border-radius:${2 / zoom}px;cursor:${box.cursor};z-index:${MOVE_OVERLAY_Z_INDEX};`;
    shadow.layer.appendChild(handle);
  }
  if (handles.label) {
    const label = document.createElement('div');
    label.className = 'label handle-label';
    label.textContent = handles.label.text;
    label.style.cssText = `left:${handles.label.at.x + x + 12 / zoom}px;top:${handles.label.at.y + y + 12 / zoom}px;background:${outlineColor};` +
      `z-index:${MOVE_OVERLAY_Z_INDEX};transform:scale(${1 / zoom});transform-origin:0 0;`;
    shadow.layer.appendChild(label);
  }
}

/** The direct children of a selected node, outlined dashed so the structure under a selection shows. */
export function childOutlines(node: NavTreeNode | undefined, elementFor: (key: string) => Element | null): OutlineRequest[] {
  if (!node) return [];
  const requests: OutlineRequest[] = [];
  for (const child of node.children) {
    const element = elementFor(child.key);
    if (element) requests.push({ key: child.key, element, layer: 'child' });
  }
  return requests;
}
