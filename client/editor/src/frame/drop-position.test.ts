import { describe, expect, it } from 'vitest';
import { STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import { dropTargetAt, indexNavTree, isCurrentPosition, layoutAxis, placeAmong, type DropContext } from './drop-position';

let counter = 0;
function node(id: string, tagName: string, box: [number, number, number, number], children: NavTreeNode[] = [], extra: Partial<NavTreeNode> = {}): NavTreeNode {
  const codebaseId = id === 'root' ? STORYBOARD_CODEBASE_ID : `tempo-${id}`;
  const key = `${codebaseId}|f1|0-${counter++}`;
  const built: NavTreeNode = {
    parent: null,
    children,
    classList: [],
    directlySetClassList: [],
    name: id,
    tagName,
    isComponent: false,
    props: {},
    literalChildren: [],
    scope: null,
    pageBoundingBox: { pageX: box[0], pageY: box[1], width: box[2], height: box[3] },
    level: 0,
    tempoElement: { codebaseId, storyboardId: 'f1', uniquePath: '0' },
    key,
    ...extra,
  };
  for (const child of children) child.parent = key;
  return built;
}

// A page: a column `main` with a heading, a row `toolbar` of three buttons, an empty `section`, and a component.
const b1 = node('b1', 'button', [0, 100, 100, 40]);
const b2 = node('b2', 'button', [110, 100, 100, 40]);
const b3 = node('b3', 'button', [220, 100, 100, 40]);
const heading = node('heading', 'h1', [0, 0, 800, 60]);
const toolbar = node('toolbar', 'div', [0, 100, 800, 40], [b1, b2, b3]);
const empty = node('empty', 'section', [0, 200, 800, 100]);
const card = node('card', 'Card', [0, 320, 800, 100], [node('card-inner', 'div', [0, 320, 800, 100])], { isComponent: true });
const lib = node('lib', 'div', [0, 440, 800, 100]);
const main = node('main', 'main', [0, 0, 800, 600], [heading, toolbar, empty, card, lib]);
const root = node('root', 'div', [0, 0, 800, 600], [main]);
const nodes = indexNavTree(root);
const context = (draggedKey: string): DropContext => ({ nodes, draggedKey, canContain: (candidate) => candidate !== lib && candidate !== root });

describe('layout axis', () => {
  it('is a row when the first two children sit side by side, else a column', () => {
    expect(layoutAxis(toolbar.children.map((child) => child.pageBoundingBox))).toBe('row');
    expect(layoutAxis(main.children.map((child) => child.pageBoundingBox))).toBe('column');
    expect(layoutAxis([b1.pageBoundingBox])).toBe('column');
  });
});

describe('place among siblings', () => {
  it('goes before the first sibling whose centre is past the pointer along the axis', () => {
    expect(placeAmong(toolbar.key, [b1, b2, b3], { pageX: 150, pageY: 500 })).toEqual({ parentKey: toolbar.key, beforeKey: b2.key, afterKey: null });
    expect(placeAmong(main.key, [heading, toolbar, empty], { pageX: 700, pageY: 110 })).toEqual({ parentKey: main.key, beforeKey: toolbar.key, afterKey: null });
  });
  it('goes after the last sibling past every centre, and alone into an empty parent', () => {
    expect(placeAmong(toolbar.key, [b1, b2, b3], { pageX: 700, pageY: 0 })).toEqual({ parentKey: toolbar.key, beforeKey: null, afterKey: b3.key });
    expect(placeAmong(empty.key, [], { pageX: 0, pageY: 0 })).toEqual({ parentKey: empty.key, beforeKey: null, afterKey: null });
  });
});

describe('drop target under the pointer', () => {
  it('over a button of a row: next to it in the row, the dragged one left out', () => {
    expect(dropTargetAt(context(b1.key), b3.key, { pageX: 300, pageY: 120 })).toEqual({ parentKey: toolbar.key, beforeKey: null, afterKey: b3.key });
    expect(dropTargetAt(context(b3.key), b1.key, { pageX: 10, pageY: 120 })).toEqual({ parentKey: toolbar.key, beforeKey: b1.key, afterKey: null });
  });

  it('into an empty container', () => {
    expect(dropTargetAt(context(b1.key), empty.key, { pageX: 50, pageY: 250 })).toEqual({ parentKey: empty.key, beforeKey: null, afterKey: null });
  });

  it('next to a component, never into it', () => {
    expect(dropTargetAt(context(heading.key), card.key, { pageX: 50, pageY: 330 })).toEqual({ parentKey: main.key, beforeKey: card.key, afterKey: null });
    // The component's own markup is not a place either: the nearest writable ancestor is.
    const inner = card.children[0]!;
    expect(dropTargetAt({ ...context(heading.key), canContain: (candidate) => candidate !== inner && candidate !== root }, inner.key, { pageX: 50, pageY: 330 })?.parentKey).toBe(main.key);
  });

  it('not into an element without source: its nearest writable ancestor instead', () => {
    expect(dropTargetAt(context(b1.key), lib.key, { pageX: 50, pageY: 450 })).toEqual({ parentKey: main.key, beforeKey: lib.key, afterKey: null });
  });

  it('never into the dragged element or inside it', () => {
    expect(dropTargetAt(context(toolbar.key), b2.key, { pageX: 150, pageY: 130 })).toEqual({ parentKey: main.key, beforeKey: empty.key, afterKey: null });
  });

  it('nowhere when nothing is under the pointer or only the storyboard is', () => {
    expect(dropTargetAt(context(b1.key), null, { pageX: 0, pageY: 0 })).toBeNull();
    expect(dropTargetAt(context(main.key), root.key, { pageX: 0, pageY: 0 })).toBeNull();
  });
});

describe('current position', () => {
  it('is recognised before the next sibling or after the previous one', () => {
    expect(isCurrentPosition(nodes, b2.key, { parentKey: toolbar.key, beforeKey: b3.key, afterKey: null })).toBe(true);
    expect(isCurrentPosition(nodes, b2.key, { parentKey: toolbar.key, beforeKey: null, afterKey: b1.key })).toBe(true);
    expect(isCurrentPosition(nodes, b3.key, { parentKey: toolbar.key, beforeKey: null, afterKey: b2.key })).toBe(true);
  });
  it('is not another place or another parent', () => {
    expect(isCurrentPosition(nodes, b2.key, { parentKey: toolbar.key, beforeKey: b1.key, afterKey: null })).toBe(false);
    expect(isCurrentPosition(nodes, b2.key, { parentKey: empty.key, beforeKey: null, afterKey: null })).toBe(false);
  });
});
