/**
 * The selection outlives the frames' reload after the server came back (docs/editor.md#connection): each selected
 * element is remembered by its codebase id and its index among the copies of that id in its frame (a row of a
 * `.map` is one of many), and selected again in the reloaded frame where that copy still exists.
 */
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import { parseElementKey } from '@contracts/frame-protocol.js';
import { useEditorStore } from '../state/editor-store';

export interface SelectionAnchor {
  frameId: string;
  codebaseId: string;
  /** Which copy of the element, in document order (0: the first, or the only one). */
  copyIndex: number;
}

/** The nodes of a tree in document order (depth first). */
function inOrder(tree: NavTreeNode): NavTreeNode[] {
  const nodes: NavTreeNode[] = [];
  const stack: NavTreeNode[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    nodes.push(node);
    for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!);
  }
  return nodes;
}

/** Where an element key is, to find it again after a reload (null: not an element key). */
export function anchorOf(key: string, tree: NavTreeNode | null): SelectionAnchor | null {
  const parts = parseElementKey(key);
  if (!parts) return null;
  const copies = tree ? inOrder(tree).filter((node) => node.tempoElement.codebaseId === parts.codebaseId) : [];
  const copyIndex = Math.max(0, copies.findIndex((node) => node.key === key));
  return { frameId: parts.storyboardId, codebaseId: parts.codebaseId, copyIndex };
}

/** The key of the anchored element in a (reloaded) tree of its frame, or null when that copy is gone. */
export function keyOfAnchor(anchor: SelectionAnchor, tree: NavTreeNode): string | null {
  const copies = inOrder(tree).filter((node) => node.tempoElement.codebaseId === anchor.codebaseId);
  return copies[anchor.copyIndex]?.key ?? null;
}

/** How long the restore waits for the frames' new trees before it gives up on the elements not found. */
export const RESTORE_SELECTION_WITHIN_MS = 60_000;

/**
 * Remembers the selection now and, as the frames' next nav trees arrive, selects again what is found in them: a
 * tree may come before the page has drawn everything (an empty one while the console starts), so an element not
 * found yet is looked for in each later tree, and only dropped from the selection once the time is up. Stops by
 * itself once everything is found, the person selected something else, or the time is up. Returns the stop.
 */
export function restoreSelectionAfterReload(): () => void {
  const state = useEditorStore.getState();
  const keys = [...new Set([state.selectedKey, ...state.multiSelectedKeys].filter((key): key is string => key !== null))];
  const anchors = new Map(
    keys.flatMap((key) => {
      const frameId = parseElementKey(key)?.storyboardId;
      const anchor = anchorOf(key, frameId ? (state.frames[frameId]?.navTree ?? null) : null);
      return anchor ? [[key, anchor] as const] : [];
    }),
  );
  if (anchors.size === 0) return () => undefined;
  const { selectedKey: primary, multiSelectedKeys: multi } = state;
  const seenTrees = new Map([...anchors.values()].map((anchor) => [anchor.frameId, state.frames[anchor.frameId]?.navTree ?? null]));
  const found = new Map<string, string>();
  let applying = false;
  /** The selection as found so far: found keys replace theirs, the others stay until the time is up (`drop`). */
  const apply = (drop: boolean) => {
    const again = (key: string) => found.get(key) ?? (drop || !anchors.has(key) ? null : key);
    const store = useEditorStore.getState();
    applying = true;
    store.setMultiSelected(multi.map(again).filter((key): key is string => key !== null));
    store.select(primary ? again(primary) : null);
    applying = false;
  };
  const stop = () => {
    clearTimeout(timer);
    unsubscribe();
  };
  const timer = setTimeout(() => {
    stop();
    apply(true);
  }, RESTORE_SELECTION_WITHIN_MS);
  const unsubscribe = useEditorStore.subscribe((next, previous) => {
    if (applying) return;
    // The person chose something else meanwhile: theirs wins.
    if (next.selectedKey !== previous.selectedKey && next.selectedKey !== null && !keys.includes(next.selectedKey) && ![...found.values()].includes(next.selectedKey)) return stop();
    let more = false;
    for (const [key, anchor] of anchors) {
      if (found.has(key)) continue;
      const runtime = next.frames[anchor.frameId];
      const tree = runtime?.navTree;
      if (!runtime?.ready || !tree || tree === seenTrees.get(anchor.frameId)) continue;
      const again = keyOfAnchor(anchor, tree);
      if (again) {
        found.set(key, again);
        more = true;
      }
    }
    for (const anchor of anchors.values()) seenTrees.set(anchor.frameId, next.frames[anchor.frameId]?.navTree ?? null);
    if (!more) return;
    if (found.size === anchors.size) stop();
    apply(false);
  });
  return stop;
}
