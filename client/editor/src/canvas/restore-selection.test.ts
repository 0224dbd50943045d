import { describe, expect, it } from 'vitest';
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import { anchorOf, keyOfAnchor } from './restore-selection';

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
