/**
 * What the editor's keyboard commands do to the selection: all of them go through the change engine or the frames,
 * the same for a key pressed in the editor and one a frame forwards.
 */
import { START_TEXT_EDIT_EVENT, parseElementKey, type KeyboardEventData } from '@contracts/frame-protocol.js';
import { STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import { nodeForKey, selectionKeys } from '../frame/selection-sync';
import type { EditorServices } from '../services/editor-services';
import { frameIdOfKey, useEditorStore } from '../state/editor-store';
import { editorCommandOf, type EditorCommand } from './editor-key-command';
import { selectNeighbourOf, selectWrapperAfter } from './structure-selection';
import { runKeyActionCommand } from './key-action-commands';
import type { KeyActions } from './key-actions';
import { stepSelection } from './selection-walk';
import { siblingMoveTarget, type SiblingDirection } from './sibling-move';

/**
 * What the commands act through: the change engine, the frames (text editing in place, the move by drag), and what
 * the app hands down for the clipboard and the zoom (without it, those keys do nothing).
 */
export type CommandServices = Pick<EditorServices, 'changes' | 'frames'> & { actions?: KeyActions };

/** The codebase ids of the selection (primary first), the storyboard itself left out. */
export function selectedCodebaseIds(): string[] {
  const { selectedKey, multiSelectedKeys } = useEditorStore.getState();
  const ids = selectionKeys(selectedKey, multiSelectedKeys)
    .map((key) => parseElementKey(key)?.codebaseId)
    .filter((id): id is string => !!id && id !== STORYBOARD_CODEBASE_ID);
  return [...new Set(ids)];
}

function parentKeyOf(key: string): string | null {
  const frameId = frameIdOfKey(key);
  const tree = frameId ? useEditorStore.getState().frames[frameId]?.navTree : null;
  // Found by its place or, a step behind a structural edit, by its id near that place: never lost to a stale key.
  const parent = nodeForKey(tree ?? null, key)?.parent ?? null;
  return parent && parseElementKey(parent)?.codebaseId !== STORYBOARD_CODEBASE_ID ? parent : null;
}

/**
 * Enter on the selection: edit its text in place when the source holds it as plain text, else explain where the
 * text comes from; on an element with no text of its own, select its first child.
 */
async function editSelectedText(services: CommandServices): Promise<void> {
  const store = useEditorStore.getState();
  const key = store.selectedKey;
  const codebaseId = key ? parseElementKey(key)?.codebaseId : null;
  if (!key || !codebaseId || codebaseId === STORYBOARD_CODEBASE_ID) return;
  const info = store.elementInfo[codebaseId];
  if (!info) return;
  if (!info.isStaticText) {
    // No text of its own: Enter goes into the element, as in Figma.
    if (info.dynamicText.length > 0) store.setExplainTextOf(key);
    else stepSelection('firstChild');
    return;
  }
  const channel = services.frames.channel(frameIdOfKey(key) ?? '');
  if (!channel) return;
  try {
    await channel.call('dispatchEvent', { eventName: START_TEXT_EDIT_EVENT, detail: { elementKey: key } });
  } catch (error) {
    store.notify('error', `Could not start editing the text: ${(error as Error).message}`);
  }
}

/** How long a press waits for the frame's tree to show the previous press's move before it reads its place. */
const NEXT_TREE_WAIT_MS = 3000;

/** Resolves once the frame's tree is no longer `tree` (the move's hot reload), or after `NEXT_TREE_WAIT_MS`. */
function nextTreeOf(frameId: string, tree: unknown): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stop();
      clearTimeout(timer);
      resolve();
    };
    const stop = useEditorStore.subscribe((state) => state.frames[frameId]?.navTree !== tree && done());
    const timer = setTimeout(done, NEXT_TREE_WAIT_MS);
  });
}

/**
 * Why presses queue: each reads the selection's place from the frame's tree, which shows a move only after its write
 * and hot reload; a press read before that would move from the old place, so quick presses would be lost.
 */
let siblingMoves: Promise<void> = Promise.resolve();

async function moveOnce(direction: SiblingDirection, services: CommandServices): Promise<void> {
  const store = useEditorStore.getState();
  const key = store.selectedKey;
  const frameId = key ? frameIdOfKey(key) : null;
  const tree = frameId ? (store.frames[frameId]?.navTree ?? null) : null;
  const target = key && tree ? siblingMoveTarget(tree, key, direction) : null;
  if (!key || !frameId || !target) return;
  const treeShown = nextTreeOf(frameId, tree);
  await services.frames.moveDrag.submitMove(frameId, key, target);
  await treeShown;
}

/** ↑/← and ↓/→: one selected element moves a place among its siblings; the key is taken whenever one is selected. */
function moveAmongSiblings(direction: SiblingDirection, services: CommandServices): boolean {
  const store = useEditorStore.getState();
  if (!store.selectedKey || selectionKeys(store.selectedKey, store.multiSelectedKeys).length > 1) return false;
  siblingMoves = siblingMoves.then(() => moveOnce(direction, services)).catch((error: unknown) => store.notify('error', `Could not move the element: ${(error as Error).message}`));
  return true;
}

export function runEditorCommand(command: EditorCommand, services: CommandServices): boolean {
  const store = useEditorStore.getState();
  const { changes } = services;
  const ids = selectedCodebaseIds();
  switch (command) {
    case 'undo':
      void changes.undoLast();
      return true;
    case 'redo':
      void changes.redoLast();
      return true;
    case 'delete':
      if (ids.length === 0) return false;
      // The neighbour is found in the tree before the delete takes the elements out of it.
      selectNeighbourOf(selectionKeys(store.selectedKey, store.multiSelectedKeys));
      void changes.submit('REMOVE_JSX', { codebaseIdsToRemove: ids });
      return true;
    case 'duplicate':
      if (ids.length === 0) return false;
      void changes.submit('DUPLICATE', { codebaseIdsToDuplicate: ids });
      return true;
    case 'wrapInDiv':
      if (ids.length === 0) return false;
      void changes.submit('WRAP_DIV', { codebaseIdsToWrap: ids }).then((change) => store.selectedKey && selectWrapperAfter(change, store.selectedKey));
      return true;
    case 'copyStyle':
      if (!services.actions) return false;
      void services.actions.styleClipboard.copy(ids[0]);
      return true;
    case 'pasteStyle':
      if (!services.actions) return false;
      void services.actions.styleClipboard.paste(changes, ids);
      return true;
    case 'moveEarlier':
    case 'moveLater':
      return moveAmongSiblings(command === 'moveEarlier' ? 'earlier' : 'later', services);
    case 'editText':
      if (!store.selectedKey) return false;
      void editSelectedText(services);
      return true;
    case 'copy':
    case 'cut':
    case 'paste':
    case 'selectParent':
    case 'nextSibling':
    case 'previousSibling':
    case 'zoomIn':
    case 'zoomOut':
    case 'zoomReset':
    case 'fitAll':
    case 'fitSelection':
    case 'showKeys':
      return runKeyActionCommand(command, changes, services.actions);
    case 'escape': {
      if (services.frames.moveDrag.cancel()) return true;
      if (store.explainTextOf) store.setExplainTextOf(null);
      const key = store.selectedKey;
      if (!key) return false;
      store.setMultiSelected([]);
      store.select(parentKeyOf(key));
      return true;
    }
  }
}

/**
 * The one key handler of the editor, for its own keys and for the keys a frame forwards (`KEY_DOWN`); answers
 * whether the key was a command (the caller then keeps the browser from acting on it too).
 */
export function handleEditorKey(data: KeyboardEventData, services: CommandServices): boolean {
  const command = editorCommandOf(data);
  return command ? runEditorCommand(command, services) : false;
}
