import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import type { LiveDropLayout, NavTreeNode, PageBoundingBox } from '@contracts/frame-protocol.js';
import { navTreeNodeFixture } from '@contracts/nav-tree-test-support.js';
import {
  dropParentAt,
  followDrop,
  indexNavTree,
  isCurrentPosition,
  layoutAxis,
  liveSiblings,
  placeAmong,
  type DropContext,
  type DropFollowState,
  type DropTarget,
  type LiveSibling,
} from './drop-position';

type Box = [number, number, number, number];
const pageBox = ([pageX, pageY, width, height]: Box): PageBoundingBox => ({ pageX, pageY, width, height });

let counter = 0;
function node(id: string, tagName: string, box: Box, children: NavTreeNode[] = [], extra: Partial<NavTreeNode> = {}): NavTreeNode {
  const codebaseId = id === 'root' ? STORYBOARD_CODEBASE_ID : `tempo-${id}`;
  const key = `${codebaseId}|f1|0-${counter++}`;
  const built = navTreeNodeFixture(key, {
    children,
    name: id,
    tagName,
    pageBoundingBox: pageBox(box),
    tempoElement: { codebaseId, storyboardId: 'f1', uniquePath: '0' },
    ...extra,
  });
  for (const child of children) child.parent = key;
  return built;
}

const live = (key: string, box: Box): LiveSibling => ({ key, box: pageBox(box) });
const layoutOf = (point: [number, number], boxes: Record<string, Box>): LiveDropLayout => ({
  pageX: point[0],
  pageY: point[1],
  boxes: Object.fromEntries(Object.entries(boxes).map(([key, box]) => [key, pageBox(box)])),
});
const before = (parentKey: string, key: string): DropTarget => ({ parentKey, beforeKey: key, afterKey: null });
const after = (parentKey: string, key: string): DropTarget => ({ parentKey, beforeKey: null, afterKey: key });
const fresh: DropFollowState = { target: null, point: null };

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
  it('is a row when two neighbours sit side by side, else a column', () => {
    expect(layoutAxis([b1, b2, b3].map((child) => child.pageBoundingBox))).toBe('row');
    expect(layoutAxis(main.children.map((child) => child.pageBoundingBox))).toBe('column');
    expect(layoutAxis([b1.pageBoundingBox])).toBe('column');
  });
  it('is a row for a wrapping row whose first two (the dragged one left out) are on two lines', () => {
    expect(layoutAxis([pageBox([0, 0, 100, 40]), pageBox([0, 40, 100, 40]), pageBox([100, 40, 100, 40])])).toBe('row');
  });
});

describe('place among the live siblings', () => {
  it('in a column: before the first whose vertical midpoint is below the pointer, else after the last', () => {
    const column = [live('a', [0, 0, 800, 60]), live('b', [0, 100, 800, 40]), live('c', [0, 200, 800, 100])];
    expect(placeAmong('p', column, { pageX: 700, pageY: 110 })).toEqual(before('p', 'b'));
    expect(placeAmong('p', column, { pageX: 0, pageY: 251 })).toEqual(after('p', 'c'));
  });
  it('in a one-line row: by the horizontal midpoints alone, wherever the pointer is vertically', () => {
    const row = [live('b1', [0, 100, 100, 40]), live('b2', [110, 90, 100, 60]), live('b3', [220, 110, 100, 20])];
    expect(placeAmong('t', row, { pageX: 150, pageY: 500 })).toEqual(before('t', 'b2'));
    expect(placeAmong('t', row, { pageX: 250, pageY: 95 })).toEqual(before('t', 'b3'));
    expect(placeAmong('t', row, { pageX: 700, pageY: 0 })).toEqual(after('t', 'b3'));
  });
  it('in a wrapping row or a grid: lines above the pointer are passed, on its line the horizontal midpoints decide', () => {
    const grid = [live('a', [0, 0, 100, 40]), live('b', [100, 0, 100, 40]), live('c', [0, 40, 100, 40]), live('d', [100, 40, 100, 40])];
    expect(placeAmong('g', grid, { pageX: 150, pageY: 20 })).toEqual(before('g', 'b'));
    expect(placeAmong('g', grid, { pageX: 190, pageY: 20 })).toEqual(before('g', 'c'));
    expect(placeAmong('g', grid, { pageX: 10, pageY: 60 })).toEqual(before('g', 'c'));
    expect(placeAmong('g', grid, { pageX: 160, pageY: 60 })).toEqual(after('g', 'd'));
  });
  it('alone into an empty parent', () => {
    expect(placeAmong('e', [], { pageX: 0, pageY: 0 })).toEqual({ parentKey: 'e', beforeKey: null, afterKey: null });
  });
});

describe('the parent under the pointer', () => {
  it('over a button of a row: the row', () => {
    expect(dropParentAt(context(b1.key), b3.key)).toBe(toolbar.key);
  });
  it('an empty container itself', () => {
    expect(dropParentAt(context(b1.key), empty.key)).toBe(empty.key);
  });
  it('next to a component, never into it, nor into its own markup', () => {
    expect(dropParentAt(context(heading.key), card.key)).toBe(main.key);
    const inner = card.children[0]!;
    expect(dropParentAt({ ...context(heading.key), canContain: (candidate) => candidate !== inner && candidate !== root }, inner.key)).toBe(main.key);
  });
  it('not into an element without source: its nearest writable ancestor', () => {
    expect(dropParentAt(context(b1.key), lib.key)).toBe(main.key);
  });
  it('never into the dragged element: over it or inside it there is no new parent', () => {
    expect(dropParentAt(context(toolbar.key), b2.key)).toBeNull();
    expect(dropParentAt(context(toolbar.key), toolbar.key)).toBeNull();
  });
  it('never where the HTML content model refuses it: past a paragraph for a block, past a link for a button', () => {
    const strong = node('strong', 'strong', [0, 0, 50, 20]);
    const paragraph = node('para', 'p', [0, 0, 400, 20], [strong]);
    const inner = node('inner', 'span', [0, 30, 100, 20]);
    const link = node('link', 'a', [0, 30, 400, 20], [inner]);
    const moved = node('moved', 'p', [0, 60, 400, 20]);
    const button = node('btn', 'button', [0, 90, 100, 20]);
    const word = node('word', 'em', [0, 120, 100, 20]);
    const body = node('body', 'section', [0, 0, 800, 200], [paragraph, link, moved, button, word]);
    const page = indexNavTree(node('root', 'div', [0, 0, 800, 200], [body]));
    const inPage = (draggedKey: string): DropContext => ({ nodes: page, draggedKey, canContain: (candidate) => candidate.key !== page.keys().next().value });
    // A paragraph that holds elements takes an inline one, not a paragraph: that goes to the section around it.
    expect(dropParentAt(inPage(word.key), paragraph.key)).toBe(paragraph.key);
    expect(dropParentAt(inPage(moved.key), strong.key)).toBe(body.key);
    expect(dropParentAt(inPage(moved.key), paragraph.key)).toBe(body.key);
    // A link holds no button, however deep.
    expect(dropParentAt(inPage(button.key), inner.key)).toBe(body.key);
    expect(dropParentAt(inPage(word.key), inner.key)).toBe(link.key);
  });
  it('in a grid whose cells are components: beside the cell under the pointer, never inside its markup, before the first too', () => {
    // Each cell is a use of Tile whose markup (an article holding a heading) is in Tile's own file, in source.
    const tile = (id: string, x: number) =>
      node(id, 'Tile', [x, 0, 100, 100], [node(`${id}-article`, 'article', [x, 0, 100, 100], [node(`${id}-title`, 'h3', [x, 10, 100, 20])])], { isComponent: true, name: 'Tile' });
    const cells = [tile('t1', 0), tile('t2', 110), tile('t3', 220)];
    const grid = node('grid', 'div', [0, 0, 330, 100], cells);
    const other = node('other', 'section', [0, 200, 330, 100], [tile('t4', 0)]);
    const page = indexNavTree(node('root', 'div', [0, 0, 800, 400], [node('page', 'main', [0, 0, 800, 400], [grid, other])]));
    const inGrid = (draggedKey: string): DropContext => ({ nodes: page, draggedKey, canContain: (candidate) => !candidate.isComponent && candidate.tagName !== 'div' || candidate === grid });
    const [t1, t2, t3] = cells as [NavTreeNode, NavTreeNode, NavTreeNode];
    const titleOf = (cell: NavTreeNode) => cell.children[0]!.children[0]!.key;
    expect(dropParentAt(inGrid(t3.key), titleOf(t1))).toBe(grid.key);
    expect(dropParentAt(inGrid(t3.key), t1.children[0]!.key)).toBe(grid.key);
    // Another use of the same component elsewhere is a cell too: beside it, in its own parent.
    expect(dropParentAt(inGrid(t3.key), titleOf(other.children[0]!))).toBe(other.key);
    const layout = layoutOf([20, 50], { [t1.key]: [0, 0, 100, 100], [t2.key]: [110, 0, 100, 100] });
    expect(followDrop({ ...inGrid(t3.key) }, fresh, titleOf(t1), layout)).toEqual(before(grid.key, t1.key));
    expect(followDrop({ ...inGrid(t3.key) }, fresh, titleOf(t2), { ...layout, pageX: 200 })).toEqual(after(grid.key, t2.key));
    // A plain element dragged over a component elsewhere still goes into that markup when it can.
    const loose = node('loose', 'p', [0, 350, 100, 20]);
    const withLoose = indexNavTree(node('root', 'div', [0, 0, 800, 400], [node('page', 'main', [0, 0, 800, 400], [node('box', 'div', [0, 0, 330, 100], [tile('t5', 0)]), loose])]));
    const t5 = [...withLoose.values()].find((candidate) => candidate.name === 't5-article')!;
    expect(dropParentAt({ nodes: withLoose, draggedKey: loose.key, canContain: (candidate) => !candidate.isComponent }, t5.children[0]!.key)).toBe(t5.key);
  });
  it('none over nothing, an unknown element, or only the storyboard', () => {
    expect(dropParentAt(context(b1.key), null)).toBeNull();
    expect(dropParentAt(context(b1.key), 'tempo-x|f1|0-9')).toBeNull();
    expect(dropParentAt(context(main.key), root.key)).toBeNull();
  });
});

describe('live siblings', () => {
  it('are the tree children with a live box, the dragged one left out', () => {
    const layout = layoutOf([0, 0], { [b1.key]: [0, 0, 1, 1], [b2.key]: [5, 5, 1, 1] });
    expect(liveSiblings(context(b1.key), toolbar.key, layout)).toEqual([live(b2.key, [5, 5, 1, 1])]);
  });
});

/**
 * A parent laid out as a flow, like the frame does it: items left to right, onto a new line when the next one
 * does not fit in `width` (items as wide as the parent make a column). The dragged item is shown where the drop
 * target puts it, as the frame's temporary move does.
 */
interface Flow {
  parent: NavTreeNode;
  items: NavTreeNode[];
  context: DropContext;
  size: Map<string, [number, number]>;
  width: number;
  gap: number;
}

function flowOf(tags: [string, number, number][], width: number, gap = 0, draggedIndex = 0): Flow {
  const items = tags.map(([tag], index) => node(`item${index}`, tag, [0, 0, 0, 0]));
  const parent = node('parent', 'div', [0, 0, width, 1000], items);
  const top = node('root', 'div', [0, 0, width, 1000], [parent]);
  const index = indexNavTree(top);
  return {
    parent,
    items,
    context: { nodes: index, draggedKey: items[draggedIndex]!.key, canContain: (candidate) => candidate !== top },
    size: new Map(items.map((item, i) => [item.key, [tags[i]![1], tags[i]![2]]])),
    width,
    gap,
  };
}

/** The order the frame shows: the tree's order, with the dragged item moved to the target. */
function shownOrder(flow: Flow, target: DropTarget | null): string[] {
  const dragged = flow.context.draggedKey;
  const order = flow.items.map((item) => item.key);
  if (!target) return order;
  const rest = order.filter((key) => key !== dragged);
  const at = target.beforeKey ? rest.indexOf(target.beforeKey) : target.afterKey ? rest.indexOf(target.afterKey) + 1 : rest.length;
  rest.splice(at, 0, dragged);
  return rest;
}

function laidOut(flow: Flow, order: string[]): Map<string, Box> {
  const boxes = new Map<string, Box>();
  let [x, y, lineHeight] = [0, 0, 0];
  for (const key of order) {
    const [w, h] = flow.size.get(key)!;
    if (x > 0 && x + w > flow.width) [x, y, lineHeight] = [0, y + lineHeight + flow.gap, 0];
    boxes.set(key, [x, y, w, h]);
    x += w + flow.gap;
    lineHeight = Math.max(lineHeight, h);
  }
  return boxes;
}

const contains = ([x, y, w, h]: Box, [px, py]: [number, number]) => px >= x && px < x + w && py >= y && py < y + h;

/** What the frame answers for a pointer at `point` with `target` shown: the element under it and the live boxes. */
function frameAt(flow: Flow, target: DropTarget | null, point: [number, number]): { hoveredKey: string; layout: LiveDropLayout } {
  const boxes = laidOut(flow, shownOrder(flow, target));
  const hoveredKey = [...boxes].find(([, box]) => contains(box, point))?.[0] ?? flow.parent.key;
  boxes.delete(flow.context.draggedKey);
  return { hoveredKey, layout: layoutOf(point, Object.fromEntries(boxes)) };
}

/** Follows a pointer path as the editor does: each move judged in the layout the last shown place made. */
function drag(flow: Flow, path: [number, number][]): DropTarget[] {
  let state: DropFollowState = fresh;
  const shown: DropTarget[] = [];
  for (const point of path) {
    const { hoveredKey, layout } = frameAt(flow, state.target, point);
    const target = followDrop(flow.context, state, hoveredKey, layout);
    if (target && (shown.length === 0 || JSON.stringify(shown.at(-1)) !== JSON.stringify(target))) shown.push(target);
    state = { target: target ?? state.target, point: { pageX: point[0], pageY: point[1] } };
  }
  return shown;
}

describe('following the pointer in a layout the temporary move shifts', () => {
  it('takes the place from the live layout, not from the boxes the nav tree was built with', () => {
    // The sign-in card: brand line (dragged), heading, form, footer. The tree's boxes are stale (built while the card
    // was laid out elsewhere): by them the pointer is past every sibling, which dropped the line at the card's end.
    const brand = node('brand', 'p', [0, 0, 400, 1]);
    const title = node('title', 'h2', [0, 1, 400, 1]);
    const form = node('form', 'form', [0, 2, 400, 1], [node('field', 'input', [0, 2, 400, 1])]);
    const footer = node('footer', 'p', [0, 3, 400, 1]);
    const cardNode = node('card', 'div', [0, 0, 400, 4], [brand, title, form, footer]);
    const page = indexNavTree(node('root', 'div', [0, 0, 400, 4], [cardNode]));
    const ctx: DropContext = { nodes: page, draggedKey: brand.key, canContain: (candidate) => candidate.key !== 'root' };
    // Live, with the brand line already shown after the heading: heading 0–32, brand 36–56, form 80–300, footer 320–340.
    const boxes = { [title.key]: [0, 0, 400, 32], [form.key]: [0, 80, 400, 220], [footer.key]: [0, 320, 400, 20] } satisfies Record<string, Box>;
    const shownAfterTitle = before(cardNode.key, form.key);
    // The pointer on the heading's lower part, in the gap and on the brand line itself: it stays before the form.
    expect(followDrop(ctx, fresh, title.key, layoutOf([200, 27], boxes))).toEqual(before(cardNode.key, form.key));
    expect(followDrop(ctx, { target: shownAfterTitle, point: { pageX: 200, pageY: 27 } }, cardNode.key, layoutOf([200, 70], boxes))).toEqual(shownAfterTitle);
    expect(followDrop(ctx, { target: shownAfterTitle, point: { pageX: 200, pageY: 27 } }, brand.key, layoutOf([200, 45], boxes))).toEqual(shownAfterTitle);
    // Up over the heading's upper half: before it.
    expect(followDrop(ctx, { target: shownAfterTitle, point: { pageX: 200, pageY: 27 } }, title.key, layoutOf([200, 10], boxes))).toEqual(before(cardNode.key, title.key));
  });

  it('drags down a column of unequal items to the place under the pointer, never back and forth', () => {
    const flow = flowOf([['p', 400, 20], ['h2', 400, 32], ['img', 400, 200], ['p', 400, 20]], 400, 16);
    const path = Array.from({ length: 30 }, (_, i) => [200 + i, 5 + i * 10] as [number, number]);
    const shown = drag(flow, path);
    const [title, image, footer] = flow.items.slice(1).map((item) => item.key);
    // Before the heading (where it is), after it, after the image at last.
    expect(shown).toEqual([before(flow.parent.key, title!), before(flow.parent.key, image!), before(flow.parent.key, footer!)]);
  });

  it('does not swing between two places in a wrapping row when the move reflows it under a still or barely moving pointer', () => {
    // Row 300 px wide: A, B, C 100 px each and the dragged D 150 px. With D after C, A B C fill the first line and
    // D wraps below; with D before C, C wraps below. A pointer at (220, 50) is past C's midpoint in one layout and
    // before it in the other: judged afresh each time, the place would flip at every move.
    const flow = flowOf([['img', 150, 40], ['img', 100, 40], ['img', 100, 40], ['img', 100, 40]], 300, 0, 0);
    const [, , b, c] = flow.items.map((item) => item.key) as [string, string, string, string];
    const beforeC = before(flow.parent.key, c);
    const afterC = after(flow.parent.key, c);
    const naive = (target: DropTarget | null) => {
      const { hoveredKey, layout } = frameAt(flow, target, [220, 50]);
      return followDrop(flow.context, fresh, hoveredKey, layout);
    };
    expect(naive(beforeC)).toEqual(afterC);
    expect(naive(afterC)).toEqual(beforeC);

    let state: DropFollowState = { target: beforeC, point: { pageX: 218, pageY: 50 } };
    const shown: (DropTarget | null)[] = [];
    for (const point of [[220, 50], [220, 50], [221, 50], [220, 51], [221, 51]] as [number, number][]) {
      const { hoveredKey, layout } = frameAt(flow, state.target, point);
      const target = followDrop(flow.context, state, hoveredKey, layout);
      shown.push(target);
      state = { target, point: { pageX: point[0], pageY: point[1] } };
    }
    expect(new Set(shown.map((target) => JSON.stringify(target))).size).toBe(1);
    // Crossing a midpoint of the live layout does move it: back over B's left half.
    const { hoveredKey, layout } = frameAt(flow, state.target, [130, 20]);
    expect(followDrop(flow.context, state, hoveredKey, layout)).toEqual(before(flow.parent.key, b));
  });

  it('keeps the place under a still pointer, even where another parent would be judged', () => {
    const target = before(toolbar.key, b2.key);
    expect(followDrop(context(b1.key), { target, point: { pageX: 5, pageY: 5 } }, empty.key, layoutOf([5, 5], {}))).toBe(target);
  });

  it('moves into another parent when the pointer does', () => {
    const target = before(toolbar.key, b2.key);
    expect(followDrop(context(b1.key), { target, point: { pageX: 150, pageY: 120 } }, empty.key, layoutOf([50, 250], {}))).toEqual({
      parentKey: empty.key,
      beforeKey: null,
      afterKey: null,
    });
  });

  it('keeps the place over nothing droppable and over the dragged element', () => {
    const target = before(toolbar.key, b2.key);
    const state = { target, point: { pageX: 150, pageY: 120 } };
    expect(followDrop(context(b1.key), state, null, layoutOf([0, 700], {}))).toBe(target);
    expect(followDrop(context(b1.key), state, b1.key, layoutOf([160, 120], {}))).toBe(target);
    expect(followDrop(context(b1.key), fresh, b1.key, layoutOf([160, 120], {}))).toBeNull();
  });

  it('never shows a place it left again while the pointer only goes one way down a column (any sizes, any steps)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('p', 'img', 'h2'), fc.integer({ min: 8, max: 240 })), { minLength: 2, maxLength: 7 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 24 }),
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 5, maxLength: 60 }),
        (items, draggedAt, gap, steps) => {
          const flow = flowOf(
            items.map(([tag, height]) => [tag, 400, height]),
            400,
            gap,
            draggedAt % items.length,
          );
          let y = 0;
          const path = steps.map((step) => [200, (y += step)] as [number, number]);
          const shown = drag(flow, path).map((target) => JSON.stringify(target));
          expect(new Set(shown).size).toBe(shown.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('current position', () => {
  it('is recognised before the next sibling or after the previous one', () => {
    expect(isCurrentPosition(nodes, b2.key, before(toolbar.key, b3.key))).toBe(true);
    expect(isCurrentPosition(nodes, b2.key, after(toolbar.key, b1.key))).toBe(true);
    expect(isCurrentPosition(nodes, b3.key, after(toolbar.key, b2.key))).toBe(true);
  });
  it('is not another place or another parent', () => {
    expect(isCurrentPosition(nodes, b2.key, before(toolbar.key, b1.key))).toBe(false);
    expect(isCurrentPosition(nodes, b2.key, { parentKey: empty.key, beforeKey: null, afterKey: null })).toBe(false);
  });
});
