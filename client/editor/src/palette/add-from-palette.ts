/**
 * Adding a palette item to an element of a frame: where it goes, the ADD_JSX change, and selecting the new element
 * once the server has written it and the frame's tree holds it (its key, with its place in the page, is not known
 * before).
 */
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import type { ChangeEngine } from '../changes/change-engine';
import type { FrameBridge } from '../frame/frame-bridge';
import { findNode, findNodeByCodebaseId, frameIdOfKey, useEditorStore } from '../state/editor-store';
import { addJsxFieldsFor, placementFor, type PaletteItem, type PlacedElement, type PlacementResult } from './palette-items';

/** What a palette item puts in the page, as the content model judges it. */
export function placedItem(item: PaletteItem): PlacedElement {
  return { tagName: item.kind === 'native' ? item.tag : item.component.name };
}
import type { DropTarget } from './palette-drag-machine';

/** How long the editor waits for the frame's tree to show an added element before it gives up selecting it. */
const SELECT_ADDED_TIMEOUT_MS = 15_000;

/** Selects the element with this codebase id in the frame as soon as the frame's tree holds it. */
export function selectWhenInTree(frameId: string, codebaseId: string): void {
  const trySelect = () => {
    const node = findNodeByCodebaseId(useEditorStore.getState().frames[frameId]?.navTree ?? null, codebaseId);
    if (node) useEditorStore.getState().select(node.key);
    return node !== null;
  };
  if (trySelect()) return;
  const stop = useEditorStore.subscribe((state, previous) => {
    if (state.frames[frameId]?.navTree !== previous.frames[frameId]?.navTree && trySelect()) done();
  });
  const timer = setTimeout(() => done(), SELECT_ADDED_TIMEOUT_MS);
  function done() {
    stop();
    clearTimeout(timer);
  }
}

/** Where an item goes for a target node of a frame, refusing elements that are not in the project's source. */
export function placementInFrame(frameId: string, node: NavTreeNode, placed: PlacedElement): PlacementResult {
  const state = useEditorStore.getState();
  const tree = state.frames[frameId]?.navTree ?? null;
  const result = placementFor(node, (key) => findNode(tree, key), placed);
  if (result.ok && state.withoutSource[result.placement.codebaseIdToAddTo]) {
    return { ok: false, error: 'That element is not written in the project\u2019s source (it comes from a library): nothing can be added to it' };
  }
  return result;
}

/** Adds the item at a placement, then selects what was added. Problems are shown as notices. */
export async function addItem(changes: Pick<ChangeEngine, 'submit'>, item: PaletteItem, frameId: string, placement: PlacementResult): Promise<void> {
  const editor = useEditorStore.getState();
  if (!placement.ok) {
    editor.notify('error', placement.error);
    return;
  }
  const destinationFile = editor.elementInfo[placement.placement.codebaseIdToAddTo]?.file ?? null;
  const fields = addJsxFieldsFor(item, placement.placement, destinationFile);
  if (!fields.ok) {
    editor.notify('error', fields.error);
    return;
  }
  const change = await changes.submit('ADD_JSX', fields.fields);
  const added = change.addedIds[0];
  if (change.state === 'succeeded' && added) selectWhenInTree(frameId, added);
}

/** Adds the item into the selected element (at its end), or after it when it cannot hold children. */
export function addIntoSelection(changes: Pick<ChangeEngine, 'submit'>, item: PaletteItem): Promise<void> {
  const state = useEditorStore.getState();
  const key = state.selectedKey;
  const frameId = key ? frameIdOfKey(key) : null;
  const node = key && frameId ? findNode(state.frames[frameId]?.navTree ?? null, key) : null;
  if (!key || !frameId || !node) {
    state.notify('info', `Select an element to add ${item.label} into, or drag ${item.label} onto a frame`);
    return Promise.resolve();
  }
  return addItem(changes, item, frameId, placementInFrame(frameId, node, placedItem(item)));
}

/**
 * The drop target under a frame point: the element the frame finds there (`syntheticMouseOver`), and where the
 * item would go; the destination is outlined in the frame while dragging.
 */
export async function dropTargetAt(frames: Pick<FrameBridge, 'channel'>, frameId: string, x: number, y: number, placed: PlacedElement): Promise<{ target: DropTarget | null; problem: string | null }> {
  const channel = frames.channel(frameId);
  if (!channel) return { target: null, problem: 'This frame is not ready yet' };
  const { elementKey } = await channel.call('syntheticMouseOver', { clientX: x, clientY: y });
  const node = elementKey ? findNode(useEditorStore.getState().frames[frameId]?.navTree ?? null, elementKey) : null;
  if (!elementKey || !node) return { target: null, problem: 'No element of the source under the pointer' };
  const placement = placementInFrame(frameId, node, placed);
  if (!placement.ok) return { target: null, problem: placement.error };
  await channel.call('setHoveredElement', { elementKey: placement.destinationKey });
  // The insertion line where it lands: after the element under the pointer, or at the end of it.
  await channel.call('showDropLine', { parentKey: placement.destinationKey, afterKey: placement.placement.afterCodebaseId ? node.key : null });
  const description = placement.placement.afterCodebaseId ? `After ${node.name}` : `Into ${node.name}`;
  return { target: { frameId, elementKey, destinationKey: placement.destinationKey, description }, problem: null };
}
