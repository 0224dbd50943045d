import { describe, expect, it } from 'vitest';
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import { fixtureNode } from './nav-tree-fixture';
import { indexNavTree } from '../frame/drop-position';
import { dropZoneAt, layerDropTarget } from './layer-drop';

const node = fixtureNode;

const nodes = indexNavTree(
  node('root', 'div', [node('app', 'main', [node('list', 'ul', [node('a', 'li'), node('b', 'li')]), node('empty', 'section'), node('title', 'h2'), node('lib', 'div'), node('Card', 'Card', [], true)])]),
);
const hasSource = (candidate: NavTreeNode) => candidate.key !== 'lib';

describe('drop zones of a row', () => {
  it('is before on the top quarter, after on the bottom quarter, inside between', () => {
    expect(dropZoneAt(2, 24, true)).toBe('before');
    expect(dropZoneAt(12, 24, true)).toBe('inside');
    expect(dropZoneAt(22, 24, true)).toBe('after');
  });
  it('splits in halves a row that cannot hold elements', () => {
    expect(dropZoneAt(10, 24, false)).toBe('before');
    expect(dropZoneAt(14, 24, false)).toBe('after');
  });
});

describe('layer drop targets', () => {
  it('puts the element before or after a sibling row', () => {
    expect(layerDropTarget(nodes, 'b', 'a', 'before', hasSource)).toEqual({ parentKey: 'list', beforeKey: 'a', afterKey: null });
    expect(layerDropTarget(nodes, 'title', 'list', 'after', hasSource)).toEqual({ parentKey: 'app', beforeKey: null, afterKey: 'list' });
  });
  it('puts it at the end of a row it is dropped into', () => {
    expect(layerDropTarget(nodes, 'a', 'list', 'inside', hasSource)).toEqual({ parentKey: 'list', beforeKey: null, afterKey: 'b' });
    expect(layerDropTarget(nodes, 'title', 'empty', 'inside', hasSource)).toEqual({ parentKey: 'empty', beforeKey: null, afterKey: null });
  });
  it('refuses itself, its own inside, components, text tags, elements without source and the storyboard', () => {
    expect(layerDropTarget(nodes, 'list', 'a', 'before', hasSource)).toBeNull();
    expect(layerDropTarget(nodes, 'list', 'list', 'inside', hasSource)).toBeNull();
    expect(layerDropTarget(nodes, 'a', 'Card', 'inside', hasSource)).toBeNull();
    expect(layerDropTarget(nodes, 'a', 'title', 'inside', hasSource)).toBeNull();
    expect(layerDropTarget(nodes, 'a', 'lib', 'inside', hasSource)).toBeNull();
    expect(layerDropTarget(nodes, 'a', 'app', 'before', hasSource)).toBeNull();
  });
  it('refuses what the HTML content model refuses: a heading into a list or between its items, an item out of its list', () => {
    expect(layerDropTarget(nodes, 'title', 'list', 'inside', hasSource)).toBeNull();
    expect(layerDropTarget(nodes, 'title', 'a', 'before', hasSource)).toBeNull();
    expect(layerDropTarget(nodes, 'a', 'empty', 'inside', hasSource)).toBeNull();
    expect(layerDropTarget(nodes, 'a', 'title', 'after', hasSource)).toBeNull();
  });
});
