import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import { useEditorStore } from '../state/editor-store';
import { anchorOf, keyOfAnchor, RESTORE_SELECTION_WITHIN_MS, restoreSelectionAfterReload } from './restore-selection';

/** A node whose key is built as the overlay builds it: codebase id, frame, place in the document. */
function node(codebaseId: string, uniquePath: string, children: NavTreeNode[] = []): NavTreeNode {
  return { key: `${codebaseId}|f1|${uniquePath}`, tempoElement: { codebaseId, storyboardId: 'f1', uniquePath }, children } as NavTreeNode;
}

describe('restoring the selection after a reload', () => {
  const before = node('tempo-root', '0', [node('tempo-row', '0-0'), node('tempo-row', '0-1', [node('tempo-cell', '0-1-0')]), node('tempo-row', '0-2')]);

  it('finds the same copy of an element again, though its place in the document moved', () => {
    const anchor = anchorOf('tempo-row|f1|0-1', before)!;
    expect(anchor).toEqual({ frameId: 'f1', codebaseId: 'tempo-row', copyIndex: 1 });
    const after = node('tempo-root', '0', [node('tempo-banner', '0-0'), node('tempo-row', '0-1'), node('tempo-row', '0-2'), node('tempo-row', '0-3')]);
    expect(keyOfAnchor(anchor, after)).toBe('tempo-row|f1|0-2');
    expect(keyOfAnchor(anchorOf('tempo-cell|f1|0-1-0', before)!, after)).toBeNull();
  });

  it('a copy that is gone is not replaced by another', () => {
    const anchor = anchorOf('tempo-row|f1|0-2', before)!;
    expect(keyOfAnchor(anchor, node('tempo-root', '0', [node('tempo-row', '0-0')]))).toBeNull();
    expect(anchorOf('not a key', before)).toBeNull();
  });
});

describe('restoreSelectionAfterReload', () => {
  const tree = (...rows: string[]) => node('tempo-root', '0', rows.map((codebaseId, index) => node(codebaseId, `0-${index}`)));
  const showTree = (navTree: NavTreeNode) => useEditorStore.getState().setFrameRuntime('f1', { ready: true, navTree });
  const select = (key: string | null) => {
    useEditorStore.getState().setMultiSelected(key ? [key] : []);
    useEditorStore.getState().select(key);
  };
  afterEach(() => {
    vi.useRealTimers();
    useEditorStore.setState({ frames: {}, selectedKey: null, multiSelectedKeys: [] });
  });

  it('waits past a tree that does not hold the element yet (the console still starting), then selects it again', () => {
    showTree(tree('tempo-a', 'tempo-row', 'tempo-row'));
    select('tempo-row|f1|0-2');
    const stop = restoreSelectionAfterReload();
    showTree(node('tempo-root', '0'));
    expect(useEditorStore.getState().selectedKey).toBe('tempo-row|f1|0-2');
    showTree(tree('tempo-banner', 'tempo-a', 'tempo-row', 'tempo-row'));
    expect(useEditorStore.getState()).toMatchObject({ selectedKey: 'tempo-row|f1|0-3', multiSelectedKeys: ['tempo-row|f1|0-3'] });
    stop();
  });

  it('drops an element that is gone once the time is up, and leaves a selection the person made meanwhile alone', () => {
    vi.useFakeTimers();
    showTree(tree('tempo-a', 'tempo-row'));
    select('tempo-row|f1|0-1');
    restoreSelectionAfterReload();
    showTree(tree('tempo-a'));
    vi.advanceTimersByTime(RESTORE_SELECTION_WITHIN_MS);
    expect(useEditorStore.getState().selectedKey).toBeNull();

    select('tempo-row|f1|0-1');
    restoreSelectionAfterReload();
    select('tempo-a|f1|0-0');
    showTree(tree('tempo-b', 'tempo-row'));
    vi.advanceTimersByTime(RESTORE_SELECTION_WITHIN_MS);
    expect(useEditorStore.getState().selectedKey).toBe('tempo-a|f1|0-0');
  });
});
