import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elementKeyOf, type FrameToParentMessage, type NavTreeNode } from './frame-protocol.js';
import {
  assembleNavTree,
  flattenNavTree,
  navTreePartCount,
  navTreePartNodes,
  receiveNavTreeMessage,
  type NavTreeAssembly,
  type NavTreeMessage,
  type NavTreeStep,
} from './nav-tree-parts.js';

function node(path: string, parent: NavTreeNode | null, children: NavTreeNode[] = []): NavTreeNode {
  const tempoElement = { codebaseId: `tempo-${path}`, storyboardId: 'sb', uniquePath: path };
  const classList = ['p-2', `n-${path}`];
  return {
    parent: parent?.key ?? null,
    children,
    classList,
    directlySetClassList: classList,
    name: `n${path}`,
    tagName: 'div',
    isComponent: false,
    props: { title: { value: path, type: 'LITERAL' } },
    literalChildren: [`text ${path}`],
    scope: null,
    pageBoundingBox: { pageX: 1, pageY: 2, width: 3, height: 4 },
    level: path.split('-').length - 1,
    tempoElement,
    key: elementKeyOf(tempoElement),
  };
}

/** A tree whose shape is given as each node's child count, depth first. */
function treeOf(shape: readonly number[]): NavTreeNode {
  let next = 0;
  const grow = (path: string, parent: NavTreeNode | null): NavTreeNode => {
    const made = node(path, parent);
    const count = shape[next++] ?? 0;
    for (let i = 0; i < count && next < shape.length; i++) made.children.push(grow(`${path}-${i}`, made));
    return made;
  };
  return grow('0', null);
}

/** The messages a frame posts for one build: its parts, then the end. */
function messagesOf(tree: NavTreeNode, buildId: number, nodesPerPart: number, documentHtml = '<html></html>'): NavTreeMessage[] {
  const flat = flattenNavTree(tree);
  const partCount = navTreePartCount(flat, nodesPerPart);
  const messages: NavTreeMessage[] = [];
  for (let partIndex = 0; partIndex < partCount; partIndex++) {
    messages.push({ type: 'NAV_TREE_PART', payload: { buildId, partIndex, partCount, nodes: navTreePartNodes(flat, partIndex, nodesPerPart) } });
  }
  messages.push({ type: 'NAV_TREE', payload: { buildId, partCount, nodeCount: flat.nodes.length, documentHtml } });
  return messages;
}

function receiveAll(messages: readonly NavTreeMessage[], start: NavTreeAssembly | null = null): NavTreeStep[] {
  const steps: NavTreeStep[] = [];
  let assembly = start;
  for (const message of messages) {
    const step = receiveNavTreeMessage(assembly, message);
    steps.push(step);
    assembly = step.assembly;
  }
  return steps;
}

const wide = treeOf([3, 2, 0, 1, 0, 0, 4, 0, 0, 0, 0]);

describe('nav tree in parts', () => {
  it('flattens depth first, each parent before its children, with their parent indices', () => {
    const flat = flattenNavTree(wide);
    expect(flat.nodes.map((n) => n.tempoElement.uniquePath)).toEqual(['0', '0-0', '0-0-0', '0-0-1', '0-0-1-0', '0-1', '0-2', '0-2-0', '0-2-1', '0-2-2', '0-2-3']);
    expect(flat.parentIndices).toEqual([-1, 0, 1, 1, 3, 0, 0, 6, 6, 6, 6]);
  });

  it('cuts parts of at most the node budget, none of them carrying children', () => {
    const flat = flattenNavTree(wide);
    expect(navTreePartCount(flat, 4)).toBe(3);
    const parts = [0, 1, 2].map((i) => navTreePartNodes(flat, i, 4));
    expect(parts.map((part) => part.length)).toEqual([4, 4, 3]);
    for (const part of parts) for (const n of part) expect(n).not.toHaveProperty('children');
    expect(() => navTreePartNodes(flat, 3, 4)).toThrow(RangeError);
    expect(() => navTreePartCount(flat, 0)).toThrow(RangeError);
  });

  it('gives back the very tree that was cut, for any shape and any part size', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(5), { minLength: 1, maxLength: 80 }), fc.integer({ min: 1, max: 30 }), (shape, perPart) => {
        const tree = treeOf(shape);
        const steps = receiveAll(messagesOf(tree, 7, perPart, '<html>x</html>'));
        const last = steps.at(-1)!;
        expect(steps.every((step) => step.error === undefined)).toBe(true);
        expect(steps.slice(0, -1).every((step) => step.tree === undefined)).toBe(true);
        expect(last).toEqual({ assembly: null, tree: { buildId: 7, navTree: tree, documentHtml: '<html>x</html>' } });
      }),
    );
  });

  it("a newer build's parts supersede an older build's unfinished ones", () => {
    const older = messagesOf(wide, 1, 3);
    const newerTree = treeOf([2, 0, 0]);
    const newer = messagesOf(newerTree, 2, 3);
    // Two parts of build 1, then the whole of build 2, then build 1's stale remainder.
    const steps = receiveAll([older[0]!, older[1]!, ...newer, ...older.slice(2)]);
    const newerEnd = steps[2 + newer.length - 1]!;
    expect(newerEnd.tree?.navTree).toEqual(newerTree);
    expect(newerEnd.error).toBeUndefined();
    // Build 1's remaining parts lack their start: refused, and no tree of build 1 comes out.
    expect(steps.slice(2 + newer.length).every((step) => step.tree === undefined && step.error !== undefined)).toBe(true);
  });

  it('a reloaded frame that numbers its builds from the start again is received from its first part', () => {
    const before = messagesOf(wide, 1, 4);
    const afterTree = treeOf([1, 0]);
    const steps = receiveAll([before[0]!, before[1]!, ...messagesOf(afterTree, 1, 4)]);
    expect(steps.every((step) => step.error === undefined)).toBe(true);
    expect(steps.at(-1)!.tree?.navTree).toEqual(afterTree);
  });

  it("a superseded build's end leaves the newer build's parts in place", () => {
    const newer = messagesOf(wide, 5, 4);
    const steps = receiveAll([newer[0]!, { type: 'NAV_TREE', payload: { buildId: 4, partCount: 1, nodeCount: 3, documentHtml: '' } }, ...newer.slice(1)]);
    expect(steps[1]!.error).toMatch(/build 4 ended, but its parts were superseded by build 5/);
    expect(steps[1]!.assembly?.buildId).toBe(5);
    expect(steps.at(-1)!.tree?.navTree).toEqual(wide);
  });

  it('drops a build whose parts come out of order, repeat, change their count or fall short', () => {
    const messages = messagesOf(wide, 3, 3);
    const [p0, p1, p2, , end] = messages as [NavTreeMessage, NavTreeMessage, NavTreeMessage, NavTreeMessage, NavTreeMessage];
    expect(receiveAll([p0, p2]).at(-1)).toMatchObject({ assembly: null, error: expect.stringMatching(/part 2 of 4 .* does not follow part 0/) });
    expect(receiveAll([p0, p1, p1]).at(-1)).toMatchObject({ assembly: null, error: expect.stringMatching(/does not follow/) });
    const recounted = { type: 'NAV_TREE_PART', payload: { ...(p1.payload as object), partCount: 5 } } as NavTreeMessage;
    expect(receiveAll([p0, recounted]).at(-1)).toMatchObject({ assembly: null, error: expect.stringMatching(/does not follow part 0 of 4/) });
    expect(receiveAll([p0, p1, p2, end]).at(-1)).toMatchObject({ assembly: null, error: expect.stringMatching(/3 of 4 parts with 9 nodes arrived/) });
    expect(receiveAll([p1]).at(-1)).toMatchObject({ assembly: null, error: expect.stringMatching(/without the parts before it/) });
    expect(receiveAll([end]).at(-1)).toMatchObject({ assembly: null, error: expect.stringMatching(/did not arrive/) });
  });

  it('refuses malformed parts and an end without the document HTML', () => {
    const bad = { type: 'NAV_TREE_PART', payload: { buildId: 1, partIndex: 2, partCount: 2, nodes: [] } } as NavTreeMessage;
    expect(receiveNavTreeMessage(null, bad)).toMatchObject({ assembly: null, error: expect.stringMatching(/malformed part 2 of 2/) });
    const notNodes = { type: 'NAV_TREE_PART', payload: { buildId: 1, partIndex: 0, partCount: 1, nodes: 'x' } } as unknown as NavTreeMessage;
    expect(receiveNavTreeMessage(null, notNodes).error).toMatch(/malformed/);
    const [part] = messagesOf(treeOf([0]), 1, 5);
    const noHtml = { type: 'NAV_TREE', payload: { buildId: 1, partCount: 1, nodeCount: 1 } } as unknown as NavTreeMessage;
    expect(receiveAll([part!, noHtml]).at(-1)).toMatchObject({ assembly: null, error: expect.stringMatching(/without the document's HTML/) });
  });

  it('refuses parent indices that do not point back to an earlier node', () => {
    const flat = flattenNavTree(wide);
    const nodes = navTreePartNodes(flat, 0, 20);
    expect(assembleNavTree([nodes])).toEqual(wide);
    expect(assembleNavTree([nodes.map((n, i) => (i === 3 ? { ...n, parentIndex: 5 } : n))])).toMatch(/node 3 has parent index 5/);
    expect(assembleNavTree([nodes.map((n, i) => (i === 0 ? { ...n, parentIndex: 0 } : n))])).toMatch(/node 0 .* -1 \(the root\)/);
    expect(assembleNavTree([])).toBe('the build has no nodes');
  });

  it('types the part messages: nodes without children, with their parent index; an end without a tree', () => {
    const [flat] = navTreePartNodes(flattenNavTree(node('0', null)), 0);
    const part: FrameToParentMessage = { type: 'NAV_TREE_PART', payload: { buildId: 1, partIndex: 0, partCount: 1, nodes: [flat!] } };
    expect(part.type).toBe('NAV_TREE_PART');
    // @ts-expect-error a part's nodes carry no children: the clone would follow them into the whole subtree
    const nested: FrameToParentMessage = { type: 'NAV_TREE_PART', payload: { buildId: 1, partIndex: 0, partCount: 1, nodes: [{ ...flat!, children: [] }] } };
    expect(nested).toBeDefined();
    // @ts-expect-error the end of a build carries no tree, only what was sent
    const whole: FrameToParentMessage = { type: 'NAV_TREE', payload: { navTree: null, documentHtml: '' } };
    expect(whole).toBeDefined();
  });

  it('runs from its own source text alone, as a page without modules takes it', () => {
    const source = [receiveNavTreeMessage, assembleNavTree].map(String).join('\n');
    const receive = new Function(`${source}\nreturn receiveNavTreeMessage;`)() as typeof receiveNavTreeMessage;
    const steps = messagesOf(wide, 9, 4).reduce<NavTreeStep>((step, message) => receive(step.assembly, message), { assembly: null });
    expect(steps.tree?.navTree).toEqual(wide);
  });
});
