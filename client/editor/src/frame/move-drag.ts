/**
 * Runs the move-by-drag machine against the frames: works out the drop target under each pointer move the frame
 * reports, from the frame's layout at that move (asked together with the element under the pointer, so both come
 * from the same layout, the drag's temporary move included), shows it there (the frame moves the element for the
 * time of the drag and puts it back at the end), and writes the move as a MOVE_JSX change when the drag ends
 * somewhere new.
 */
import { parseElementKey, type FrameFunctionMap, type FrameToParentPayloads, type NavTreeNode } from '@contracts/frame-protocol.js';
import { submitChange } from '../changes/change-engine';
import { useEditorStore } from '../state/editor-store';
import { followDrop, indexNavTree, isCurrentPosition, type DropTarget } from './drop-position';
import { frameChannel } from './frame-registry';
import { dropFollowState, initialMoveDragState, moveDragTransition, type MoveDragEffect, type MoveDragEvent, type MoveDragState } from './move-drag-machine';

let state: MoveDragState = initialMoveDragState;
/** Numbers the pointer moves, so the answer to an older one never overrides a newer one's. */
let moveSequence = 0;
const treeIndexes = new WeakMap<NavTreeNode, Map<string, NavTreeNode>>();

function nodesOf(frameId: string): Map<string, NavTreeNode> | null {
  const tree = useEditorStore.getState().frames[frameId]?.navTree;
  if (!tree) return null;
  let nodes = treeIndexes.get(tree);
  if (!nodes) {
    nodes = indexNavTree(tree);
    treeIndexes.set(tree, nodes);
  }
  return nodes;
}

const codebaseIdOf = (key: string | null) => (key ? (parseElementKey(key)?.codebaseId ?? null) : null);

/** The parent the source is expected to have the element in: its parent in the tree, when both are in one file. */
function expectedParentOf(nodes: Map<string, NavTreeNode>, elementKey: string): string | undefined {
  const info = useEditorStore.getState().elementInfo;
  const parentId = codebaseIdOf(nodes.get(elementKey)?.parent ?? null);
  const ownId = codebaseIdOf(elementKey);
  if (!parentId || !ownId) return undefined;
  const [parent, own] = [info[parentId], info[ownId]];
  // Across files the tree's parent is a component's markup, not the element the source writes it in.
  return parent && own && parent.file === own.file && !parent.isComponent ? parentId : undefined;
}

function run(event: MoveDragEvent): void {
  const step = moveDragTransition(state, event);
  state = step.state;
  for (const effect of step.effects) void runEffect(effect);
}

async function runEffect(effect: MoveDragEffect): Promise<void> {
  const channel = frameChannel(effect.frameId);
  try {
    switch (effect.type) {
      case 'showTarget': {
        const { target, elementKey } = effect;
        if (target.beforeKey || target.afterKey) await channel?.call('tempMoveElement', { elementKey, beforeElementKey: target.beforeKey, afterElementKey: target.afterKey });
        else await channel?.call('tempMoveToNewParent', { elementKey, newParentElementKey: target.parentKey });
        return;
      }
      case 'cancelInFrame':
        await channel?.call('triggerDragCancel', {});
        return;
      case 'submitMove':
        await submitMove(effect.frameId, effect.elementKey, effect.target);
        return;
    }
  } catch (error) {
    // A temporary move the frame could not show only loses the preview of the place; the drop still works.
    console.warn(`Move by drag: ${effect.type} failed`, error);
  }
}

/** Writes moving `elementKey` of frame `frameId` to `target` as a MOVE_JSX change (also the Layers panel's drop). */
export async function submitMove(frameId: string, elementKey: string, target: DropTarget): Promise<void> {
  const nodes = nodesOf(frameId);
  const codebaseIdToMove = codebaseIdOf(elementKey);
  const codebaseIdToMoveTo = codebaseIdOf(target.parentKey);
  if (!nodes || !codebaseIdToMove || !codebaseIdToMoveTo) return;
  await submitChange('MOVE_JSX', {
    codebaseIdToMove,
    codebaseIdToMoveTo,
    ...(target.beforeKey ? { beforeCodebaseId: codebaseIdOf(target.beforeKey)! } : {}),
    ...(target.afterKey ? { afterCodebaseId: codebaseIdOf(target.afterKey)! } : {}),
    ...(expectedParentOf(nodes, elementKey) ? { expectedCurrentParentCodebaseId: expectedParentOf(nodes, elementKey)! } : {}),
  });
}

async function followPointer(frameId: string, pointer: FrameToParentPayloads['MOUSE_MOVE']): Promise<void> {
  if (state.kind !== 'dragging' || state.frameId !== frameId) return;
  const sequence = ++moveSequence;
  const draggedKey = state.elementKey;
  const channel = frameChannel(frameId);
  const nodes = nodesOf(frameId);
  if (!channel || !nodes) return;
  let answer: FrameFunctionMap['syntheticMouseOver']['answer'];
  try {
    answer = await channel.call('syntheticMouseOver', { clientX: pointer.clientX, clientY: pointer.clientY, dropLayoutFor: draggedKey });
  } catch {
    return;
  }
  const previous = dropFollowState(state, frameId);
  if (sequence !== moveSequence || !previous || !answer.dropLayout) return;
  const { elementInfo } = useEditorStore.getState();
  const target = followDrop(
    { nodes, draggedKey, canContain: (node) => !node.isComponent && elementInfo[node.tempoElement.codebaseId] !== undefined },
    previous,
    answer.elementKey,
    answer.dropLayout,
  );
  const point = { pageX: answer.dropLayout.pageX, pageY: answer.dropLayout.pageY };
  run({ type: 'TARGET', frameId, target, isCurrent: target ? isCurrentPosition(nodes, draggedKey, target) : false, point });
}

/** Takes a frame's drag messages. */
export function onFrameDragMessage(frameId: string, type: 'DRAG_START' | 'MOUSE_MOVE' | 'DRAG_END' | 'DRAG_CANCEL', payload: unknown): void {
  switch (type) {
    case 'DRAG_START':
      run({ type: 'DRAG_START', frameId, elementKey: (payload as FrameToParentPayloads['DRAG_START']).elementKey });
      return;
    case 'MOUSE_MOVE':
      void followPointer(frameId, payload as FrameToParentPayloads['MOUSE_MOVE']);
      return;
    case 'DRAG_END':
      moveSequence++;
      run({ type: 'DRAG_END', frameId });
      return;
    case 'DRAG_CANCEL':
      moveSequence++;
      run({ type: 'FRAME_CANCEL', frameId });
      return;
  }
}

/** Escape during a drag: cancels it (in the frame too). Answers whether there was one. */
export function cancelMoveDrag(): boolean {
  if (state.kind !== 'dragging') return false;
  moveSequence++;
  run({ type: 'CANCEL' });
  return true;
}

export function isMoveDragging(): boolean {
  return state.kind === 'dragging';
}
