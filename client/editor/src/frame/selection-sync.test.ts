import { describe, expect, it } from 'vitest';
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import { emptyMirror, hoverCallFor, neighbourAfterRemoval, nodeForKey, selectionAfterReport, selectionCallFor, selectionInTree, selectionKeys, twinKeysIn } from './selection-sync';

const a1 = 'tempo-a|f1|0-0';
const b1 = 'tempo-b|f1|0-1';
const c2 = 'tempo-c|f2|0-0';

describe('selection keys', () => {
  it('lists the primary key first', () => {
    expect(selectionKeys(b1, [a1, b1])).toEqual([b1, a1]);
    expect(selectionKeys(a1, [])).toEqual([a1]);
    expect(selectionKeys(null, [])).toEqual([]);
  });
});

describe('telling frames the selection', () => {
  it('tells the frame of the selected key, and clears a frame that still shows one', () => {
    expect(selectionCallFor('f1', [a1], emptyMirror())).toEqual({ name: 'setSelectedElement', elementKey: a1 });
    expect(selectionCallFor('f2', [a1], { selection: [c2], hover: null, twins: [] })).toEqual({ name: 'setSelectedElement', elementKey: null });
  });
  it('says nothing when the frame already shows it (no echo)', () => {
    expect(selectionCallFor('f1', [a1], { selection: [a1], hover: null, twins: [] })).toBeNull();
    expect(selectionCallFor('f2', [a1], emptyMirror())).toBeNull();
  });
  it('sends a multi-selection as one list', () => {
    expect(selectionCallFor('f1', [a1, b1], { selection: [a1], hover: null, twins: [] })).toEqual({ name: 'setMultiselectedElementKeys', elementKeys: [a1, b1] });
  });
});

describe('telling frames the hover', () => {
  it('sets it in its own frame and clears it elsewhere, once', () => {
    expect(hoverCallFor('f1', a1, emptyMirror())).toBe(a1);
    expect(hoverCallFor('f1', a1, { selection: [], hover: a1, twins: [] })).toBeUndefined();
    expect(hoverCallFor('f2', a1, { selection: [], hover: c2, twins: [] })).toBeNull();
    expect(hoverCallFor('f2', a1, emptyMirror())).toBeUndefined();
  });
});

describe('a frame reporting its selection', () => {
  it('becomes the editor\'s selection', () => {
    expect(selectionAfterReport('f1', { primary: a1, keys: [a1] }, { selectedKey: c2, multiSelectedKeys: [] })).toEqual({ selectedKey: a1, multiSelectedKeys: [] });
    expect(selectionAfterReport('f1', { primary: a1, keys: [a1, b1] }, { selectedKey: null, multiSelectedKeys: [] })).toEqual({ selectedKey: a1, multiSelectedKeys: [a1, b1] });
  });
  it('clears the editor\'s selection only when it was in that frame', () => {
    expect(selectionAfterReport('f1', { primary: null, keys: [] }, { selectedKey: a1, multiSelectedKeys: [] })).toEqual({ selectedKey: null, multiSelectedKeys: [] });
    expect(selectionAfterReport('f1', { primary: null, keys: [] }, { selectedKey: c2, multiSelectedKeys: [] })).toBeNull();
    expect(selectionAfterReport('f1', { primary: null, keys: [] }, { selectedKey: null, multiSelectedKeys: [] })).toBeNull();
  });
});

describe('the node a key names', () => {
  const node = (codebaseId: string, uniquePath: string, children: NavTreeNode[] = []) =>
    ({ key: `${codebaseId}|f1|${uniquePath}`, tempoElement: { codebaseId, storyboardId: 'f1', uniquePath }, children }) as unknown as NavTreeNode;
  // A list of three cards (one element in the source, rendered by a .map), each with a title.
  const tree = node('root', '0', [node('tempo-list', '0-0', [0, 1, 2].map((n) => node('tempo-card', `0-0-${n}`, [node('tempo-title', `0-0-${n}-0`)])))]);

  it('is the node with that key when the tree has it', () => {
    expect(nodeForKey(tree, 'tempo-card|f1|0-0-1')?.tempoElement.uniquePath).toBe('0-0-1');
  });
  it('is, for a key a step behind the tree, the node with its id nearest its place: the copy acted on, not the first', () => {
    // The second card's title was wrapped: its key still names its old place.
    const wrapped = node('root', '0', [node('tempo-list', '0-0', [0, 1, 2].map((n) => node('tempo-card', `0-0-${n}`, [node('tempo-wrapper', `0-0-${n}-0`, [node('tempo-title', `0-0-${n}-0-0`)])])))]);
    expect(nodeForKey(wrapped, 'tempo-title|f1|0-0-1-0')?.tempoElement.uniquePath).toBe('0-0-1-0-0');
    expect(nodeForKey(wrapped, 'tempo-title|f1|0-0-2-0')?.tempoElement.uniquePath).toBe('0-0-2-0-0');
  });
  it('is nothing for an id the tree does not show', () => {
    expect(nodeForKey(tree, 'tempo-gone|f1|0-0-1')).toBeNull();
    expect(nodeForKey(null, 'tempo-card|f1|0-0-1')).toBeNull();
  });
});

describe('the selection through structural edits and across frames', () => {
  const node = (codebaseId: string, frame: string, uniquePath: string, children: NavTreeNode[] = []) => {
    const key = `${codebaseId}|${frame}|${uniquePath}`;
    return { key, tempoElement: { codebaseId, storyboardId: frame, uniquePath }, children: children.map((child) => ({ ...child, parent: key })), parent: null } as unknown as NavTreeNode;
  };
  const list = (frame: string) =>
    node('tempo-root', frame, '0', [node('tempo-list', frame, '0-0', [0, 1, 2].map((n) => node('tempo-card', frame, `0-0-${n}`, [node('tempo-title', frame, `0-0-${n}-0`), node('tempo-text', frame, `0-0-${n}-1`)])))]);

  it('takes on the places a new tree gives the selected elements, and says nothing when they are where they were', () => {
    expect(selectionInTree('f1', list('f1'), { selectedKey: 'tempo-title|f1|0-0-2-0', multiSelectedKeys: [] })).toBeNull();
    // The third card's title was wrapped: its key still names its old place, the tree has it one deeper.
    const wrapped = node('tempo-root', 'f1', '0', [node('tempo-card', 'f1', '0-2', [node('tempo-wrapper', 'f1', '0-2-0', [node('tempo-title', 'f1', '0-2-0-0')])])]);
    expect(selectionInTree('f1', wrapped, { selectedKey: 'tempo-title|f1|0-2-0', multiSelectedKeys: [] })).toEqual({ selectedKey: 'tempo-title|f1|0-2-0-0', multiSelectedKeys: [] });
    // Keys of another frame are that frame's business.
    expect(selectionInTree('f2', wrapped, { selectedKey: 'tempo-title|f1|0-9', multiSelectedKeys: [] })).toBeNull();
  });

  it('finds the twins of a selection in the other frames, never in its own', () => {
    expect(twinKeysIn('f2', list('f2'), ['tempo-title|f1|0-0-2-0'])).toEqual(['tempo-title|f2|0-0-2-0']);
    expect(twinKeysIn('f1', list('f1'), ['tempo-title|f1|0-0-2-0'])).toEqual([]);
    expect(twinKeysIn('f2', list('f2'), ['tempo-gone|f1|0-0'])).toEqual([]);
  });

  it('leaves deleted elements for the next sibling, else the previous one, else the parent', () => {
    const tree = list('f1');
    expect(neighbourAfterRemoval(tree, ['tempo-title|f1|0-0-2-0'])).toBe('tempo-text|f1|0-0-2-1');
    expect(neighbourAfterRemoval(tree, ['tempo-text|f1|0-0-2-1'])).toBe('tempo-title|f1|0-0-2-0');
    expect(neighbourAfterRemoval(tree, ['tempo-title|f1|0-0-2-0', 'tempo-text|f1|0-0-2-1'])).toBe('tempo-card|f1|0-0-2');
    expect(neighbourAfterRemoval(tree, ['tempo-gone|f1|0-0'])).toBeNull();
  });
});
