import { describe, expect, it } from 'vitest';
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import { navTreeNodeFixture } from '@contracts/nav-tree-test-support.js';
import { liveDropLayout, livePageBox, type DropLayoutSources } from './drop-layout.js';

// The boxes the tree was built with are never what the drop layout answers.
const node = (key: string, parent: string | null, children: NavTreeNode[] = []) =>
  navTreeNodeFixture(key, { parent, children, pageBoundingBox: { pageX: -1, pageY: -1, width: 1, height: 1 } });

// root > card > [brand (dragged), title, form > [name, password], hidden]; root > aside
const name = node('name', 'form');
const password = node('password', 'form');
const form = node('form', 'card', [name, password]);
const card = node('card', 'root', [node('brand', 'card'), node('title', 'card'), form, node('hidden', 'card')]);
const root = node('root', null, [card, node('aside', 'root')]);
const nodes = new Map([root, card, ...card.children, name, password, root.children[1]!].map((entry) => [entry.key, entry]));

/** Live client rects: each element's top moved by where the drag's temporary move put things. */
const rects: Record<string, [number, number, number, number]> = {
  card: [10, 0, 400, 400],
  brand: [10, 40, 400, 20],
  title: [10, 0, 400, 32],
  form: [10, 80, 400, 200],
  name: [10, 80, 400, 40],
  password: [10, 140, 400, 40],
  hidden: [0, 0, 0, 0],
  aside: [420, 0, 200, 400],
};

const sources = (scroll = { x: 0, y: 0 }): DropLayoutSources => ({
  nodeFor: (key) => nodes.get(key),
  elementFor: (key) => {
    const rect = rects[key];
    return rect ? { getBoundingClientRect: () => ({ left: rect[0], top: rect[1], width: rect[2], height: rect[3] }) } : null;
  },
  scroll,
});

describe('live drop layout', () => {
  it('has the live boxes of the children of the hovered element and of each ancestor, in page pixels, the dragged one left out', () => {
    const layout = liveDropLayout('name', 'brand', { clientX: 50, clientY: 100 }, sources({ x: 0, y: 300 }));
    expect(layout.pageX).toBe(50);
    expect(layout.pageY).toBe(400);
    expect(Object.keys(layout.boxes).sort()).toEqual(['aside', 'card', 'form', 'name', 'password', 'title']);
    expect(layout.boxes.title).toEqual({ pageX: 10, pageY: 300, width: 400, height: 32 });
    expect(layout.boxes.password).toEqual({ pageX: 10, pageY: 440, width: 400, height: 40 });
  });

  it('leaves out elements that are not laid out or not found', () => {
    expect(liveDropLayout('title', 'brand', { clientX: 0, clientY: 0 }, sources()).boxes).not.toHaveProperty('hidden');
    expect(livePageBox(null, { x: 0, y: 0 })).toBeNull();
  });

  it('is only the pointer when nothing is hovered or the element is not in the tree', () => {
    expect(liveDropLayout(null, 'brand', { clientX: 3, clientY: 4 }, sources())).toEqual({ pageX: 3, pageY: 4, boxes: {} });
    expect(liveDropLayout('gone', 'brand', { clientX: 3, clientY: 4 }, sources()).boxes).toEqual({});
  });
});
