/**
 * Runs the move-by-drag machine against the frames: works out the drop target under each pointer move the frame
 * reports, from the frame's layout at that move (asked together with the element under the pointer, so both come
 * from the same layout, the drag's temporary move included), shows it there (the frame moves the element for the
 * time of the drag and puts it back at the end), and writes the move as a MOVE_JSX change when the drag ends
 * somewhere new.
 */
import type { ChangeFieldsByType } from '@contracts/change-items.js';
import type { ChangeType } from '@contracts/change-kinds.js';
import { parseElementKey, type FrameFunctionMap, type FrameToParentPayloads, type NavTreeNode } from '@contracts/frame-protocol.js';
import { readProjectFile } from '../api/project-file';
import { useEditorStore } from '../state/editor-store';
import { followDrop, indexNavTree, isCurrentPosition, type DropTarget } from './drop-position';
import type { FrameEventMessage } from './frame-connection';
import type { FrameRegistry } from './frame-registry';
import { dropFollowState, initialMoveDragState, moveDragTransition, type MoveDragEffect, type MoveDragEvent, type MoveDragState } from './move-drag-machine';

/** How the frame layer has a change written: the change engine's, handed down by the app. */
export type SubmitChange = <T extends ChangeType>(type: T, changeFields: ChangeFieldsByType[T]) => Promise<unknown>;

/** The messages of a frame's drag. */
export type FrameDragMessage = Extract<FrameEventMessage, { type: 'DRAG_START' | 'MOUSE_MOVE' | 'DRAG_END' | 'DRAG_CANCEL' }>;

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

/** The one move by drag of the page (there is one pointer): the machine's state and the pointer moves' order. */
export class MoveDrag {
  private state: MoveDragState = initialMoveDragState;
  /** Numbers the pointer moves, so the answer to an older one never overrides a newer one's. */
  private moveSequence = 0;
  private readonly treeIndexes = new WeakMap<NavTreeNode, Map<string, NavTreeNode>>();

  constructor(
    private readonly frames: FrameRegistry,
    private readonly submitChange: SubmitChange,
    /** A project file's text, for a copy's source (the studio's API; a test gives its own). */
    private readonly readFile: (file: string) => Promise<string> = readProjectFile,
  ) {}

  /** Takes a frame's drag messages. */
  onFrameMessage(frameId: string, message: FrameDragMessage): void {
    switch (message.type) {
      case 'DRAG_START':
        this.run({ type: 'DRAG_START', frameId, elementKey: message.payload.elementKey });
        return;
      case 'MOUSE_MOVE':
        void this.followPointer(frameId, message.payload);
        return;
      case 'DRAG_END':
        this.moveSequence++;
        this.run({ type: 'DRAG_END', frameId, copy: message.payload.copy === true });
        return;
      case 'DRAG_CANCEL':
        this.moveSequence++;
        this.run({ type: 'FRAME_CANCEL', frameId });
        return;
    }
  }

  /** Escape during a drag: cancels it (in the frame too). Answers whether there was one. */
  cancel(): boolean {
    if (this.state.kind !== 'dragging') return false;
    this.moveSequence++;
    this.run({ type: 'CANCEL' });
    return true;
  }

  /** Writes moving `elementKey` of frame `frameId` to `target` as a MOVE_JSX change (also the Layers panel's drop). */
  async submitMove(frameId: string, elementKey: string, target: DropTarget): Promise<void> {
    const nodes = this.nodesOf(frameId);
    const codebaseIdToMove = codebaseIdOf(elementKey);
    const codebaseIdToMoveTo = codebaseIdOf(target.parentKey);
    if (!nodes || !codebaseIdToMove || !codebaseIdToMoveTo) return;
    const expectedParent = expectedParentOf(nodes, elementKey);
    await this.submitChange('MOVE_JSX', {
      codebaseIdToMove,
      codebaseIdToMoveTo,
      ...(target.beforeKey ? { beforeCodebaseId: codebaseIdOf(target.beforeKey)! } : {}),
      ...(target.afterKey ? { afterCodebaseId: codebaseIdOf(target.afterKey)! } : {}),
      ...(expectedParent ? { expectedCurrentParentCodebaseId: expectedParent } : {}),
    });
  }

  /**
   * Writes a copy of `elementKey` at `target` (an ADD_JSX of the element from its file's text, as a paste), or right
   * after itself (a DUPLICATE) when it was dropped where it is; the element itself stays.
   */
  private async submitCopy(elementKey: string, target: DropTarget | null): Promise<void> {
    const codebaseId = codebaseIdOf(elementKey);
    const info = codebaseId ? useEditorStore.getState().elementInfo[codebaseId] : undefined;
    if (!codebaseId) return;
    if (!target) {
      await this.submitChange('DUPLICATE', { codebaseIdsToDuplicate: [codebaseId] });
      return;
    }
    const parentId = codebaseIdOf(target.parentKey);
    if (!info || !parentId) return;
    await this.submitChange('ADD_JSX', {
      codebaseIdToAddTo: parentId,
      ...(target.beforeKey ? { beforeCodebaseId: codebaseIdOf(target.beforeKey)! } : {}),
      ...(target.afterKey ? { afterCodebaseId: codebaseIdOf(target.afterKey)! } : {}),
      addCodebaseId: codebaseId,
      fileContentsToSourceFrom: await this.readFile(info.file),
      fileContentsSourceFilename: info.file,
    });
  }

  private nodesOf(frameId: string): Map<string, NavTreeNode> | null {
    const tree = useEditorStore.getState().frames[frameId]?.navTree;
    if (!tree) return null;
    let nodes = this.treeIndexes.get(tree);
    if (!nodes) {
      nodes = indexNavTree(tree);
      this.treeIndexes.set(tree, nodes);
    }
    return nodes;
  }

  private run(event: MoveDragEvent): void {
    const step = moveDragTransition(this.state, event);
    this.state = step.state;
    for (const effect of step.effects) void this.runEffect(effect);
  }

  private async runEffect(effect: MoveDragEffect): Promise<void> {
    const channel = this.frames.channel(effect.frameId);
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
          await this.submitMove(effect.frameId, effect.elementKey, effect.target);
          return;
        case 'submitCopy':
          await this.submitCopy(effect.elementKey, effect.target);
          return;
      }
    } catch (error) {
      // A temporary move the frame could not show only loses the preview of the place; the drop still works.
      console.warn(`Move by drag: ${effect.type} failed`, error);
    }
  }

  private async followPointer(frameId: string, pointer: FrameToParentPayloads['MOUSE_MOVE']): Promise<void> {
    if (this.state.kind !== 'dragging' || this.state.frameId !== frameId) return;
    const sequence = ++this.moveSequence;
    const draggedKey = this.state.elementKey;
    const channel = this.frames.channel(frameId);
    const nodes = this.nodesOf(frameId);
    if (!channel || !nodes) return;
    let answer: FrameFunctionMap['syntheticMouseOver']['answer'];
    try {
      answer = await channel.call('syntheticMouseOver', { clientX: pointer.clientX, clientY: pointer.clientY, dropLayoutFor: draggedKey });
    } catch {
      return;
    }
    const previous = dropFollowState(this.state, frameId);
    if (sequence !== this.moveSequence || !previous || !answer.dropLayout) return;
    const { elementInfo } = useEditorStore.getState();
    const target = followDrop(
      { nodes, draggedKey, canContain: (node) => !node.isComponent && elementInfo[node.tempoElement.codebaseId] !== undefined },
      previous,
      answer.elementKey,
      answer.dropLayout,
    );
    const point = { pageX: answer.dropLayout.pageX, pageY: answer.dropLayout.pageY };
    this.run({ type: 'TARGET', frameId, target, isCurrent: target ? isCurrentPosition(nodes, draggedKey, target) : false, point });
  }
}
