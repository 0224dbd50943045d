/**
 * The nav tree in parts (frame protocol `NAV_TREE_PART` … `NAV_TREE`): the frame cuts the tree into parts of a
 * bounded number of nodes, so no single message's structured clone blocks the main thread for a frame, and the
 * receiver puts it back together.
 *
 * `receiveNavTreeMessage` and `assembleNavTree` are self-contained (no imports, no outer names, only each other),
 * so a test page without a module loader can take their source as it is.
 */
import type { FrameToParentPayloads, NavTreeNode, NavTreePartNode } from './frame-protocol.js';

/**
 * Nodes per part: about 4 µs of structured clone each on the sending side (and as much again to receive), so a part
 * stays a few milliseconds on either side, well inside the 16 ms frame budget (docs/editor.md#nav-tree).
 */
export const NAV_TREE_PART_NODES = 500;

/** The tree's nodes in depth-first order, with each one's parent index in that order (-1 for the root). */
export interface FlatNavTree {
  nodes: NavTreeNode[];
  parentIndices: number[];
}

export function flattenNavTree(root: NavTreeNode): FlatNavTree {
  const nodes: NavTreeNode[] = [];
  const parentIndices: number[] = [];
  const stack: { node: NavTreeNode; parentIndex: number }[] = [{ node: root, parentIndex: -1 }];
  while (stack.length) {
    const { node, parentIndex } = stack.pop()!;
    const index = nodes.length;
    nodes.push(node);
    parentIndices.push(parentIndex);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]!, parentIndex: index });
  }
  return { nodes, parentIndices };
}

export function navTreePartCount(flat: FlatNavTree, nodesPerPart = NAV_TREE_PART_NODES): number {
  if (!Number.isInteger(nodesPerPart) || nodesPerPart < 1) throw new RangeError(`nodes per part must be a positive integer, not ${nodesPerPart}`);
  return Math.max(1, Math.ceil(flat.nodes.length / nodesPerPart));
}

/**
 * The nodes of part `partIndex`, copied without their children (which the structured clone would otherwise follow
 * into the whole subtree). Made one part at a time, right before it is sent, so the copying is spread out too.
 */
export function navTreePartNodes(flat: FlatNavTree, partIndex: number, nodesPerPart = NAV_TREE_PART_NODES): NavTreePartNode[] {
  const count = navTreePartCount(flat, nodesPerPart);
  if (!Number.isInteger(partIndex) || partIndex < 0 || partIndex >= count) throw new RangeError(`part ${partIndex} of a tree in ${count} parts`);
  const start = partIndex * nodesPerPart;
  const end = Math.min(flat.nodes.length, start + nodesPerPart);
  const part: NavTreePartNode[] = [];
  for (let i = start; i < end; i++) {
    const node = flat.nodes[i]!;
    part.push({
      parent: node.parent,
      classList: node.classList,
      directlySetClassList: node.directlySetClassList,
      name: node.name,
      tagName: node.tagName,
      isComponent: node.isComponent,
      props: node.props,
      literalChildren: node.literalChildren,
      scope: node.scope,
      pageBoundingBox: node.pageBoundingBox,
      level: node.level,
      tempoElement: node.tempoElement,
      key: node.key,
      parentIndex: flat.parentIndices[i]!,
    });
  }
  return part;
}

/** The parts received so far of the build being received. */
export interface NavTreeAssembly {
  buildId: number;
  partCount: number;
  /** Parts 0 … n-1, in order. */
  parts: NavTreePartNode[][];
}

export type NavTreeMessage =
  | { type: 'NAV_TREE_PART'; payload: FrameToParentPayloads['NAV_TREE_PART'] }
  | { type: 'NAV_TREE'; payload: FrameToParentPayloads['NAV_TREE'] };

/**
 * One step of receiving: what to keep for the next message, and either the finished tree or why a message (and the
 * build it belongs to) was dropped.
 */
export interface NavTreeStep {
  assembly: NavTreeAssembly | null;
  tree?: { buildId: number; navTree: NavTreeNode; documentHtml: string };
  error?: string;
}

/** Rebuilds the tree from a build's parts, checking that every node's parent came before it. */
export function assembleNavTree(parts: readonly (readonly NavTreePartNode[])[]): NavTreeNode | string {
  const built: NavTreeNode[] = [];
  for (const part of parts) {
    for (const flat of part) {
      const index = built.length;
      const parentIndex = flat.parentIndex;
      if (index === 0 ? parentIndex !== -1 : !(Number.isInteger(parentIndex) && parentIndex >= 0 && parentIndex < index)) {
        return `node ${index} has parent index ${parentIndex}, which is not ${index === 0 ? '-1 (the root)' : 'a node before it'}`;
      }
      const node: NavTreeNode = {
        parent: flat.parent,
        children: [],
        classList: flat.classList,
        directlySetClassList: flat.directlySetClassList,
        name: flat.name,
        tagName: flat.tagName,
        isComponent: flat.isComponent,
        props: flat.props,
        literalChildren: flat.literalChildren,
        scope: flat.scope,
        pageBoundingBox: flat.pageBoundingBox,
        level: flat.level,
        tempoElement: flat.tempoElement,
        key: flat.key,
      };
      built.push(node);
      if (index > 0) built[parentIndex]!.children.push(node);
    }
  }
  return built[0] ?? 'the build has no nodes';
}

/**
 * Takes one `NAV_TREE_PART` or `NAV_TREE` message. A frame's messages arrive in the order it sent them, so a first
 * part means a newer build has started: the unfinished parts of the one being received are dropped. A
 * message that does not fit (a part out of order, a count that changed, an end that does not match what arrived)
 * drops its build with the reason; a stale end of a build already superseded leaves the newer build's parts alone.
 */
export function receiveNavTreeMessage(assembly: NavTreeAssembly | null, message: NavTreeMessage): NavTreeStep {
  const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
  if (message.type === 'NAV_TREE_PART') {
    const { buildId, partIndex, partCount, nodes } = message.payload;
    if (!isCount(buildId) || !isCount(partIndex) || !isCount(partCount) || partCount < 1 || partIndex >= partCount || !Array.isArray(nodes)) {
      return { assembly: assembly && assembly.buildId !== buildId ? assembly : null, error: `malformed part ${partIndex} of ${partCount} of nav tree build ${buildId}` };
    }
    // A first part always starts over, even with the id of the build being received: a reloaded frame numbers its
    // builds from the start again.
    if (partIndex === 0) return { assembly: { buildId, partCount, parts: [nodes] } };
    if (!assembly || assembly.buildId !== buildId) {
      return { assembly: null, error: `part ${partIndex} of nav tree build ${buildId} arrived without the parts before it` };
    }
    if (partCount !== assembly.partCount || partIndex !== assembly.parts.length) {
      return { assembly: null, error: `part ${partIndex} of ${partCount} of nav tree build ${buildId} does not follow part ${assembly.parts.length - 1} of ${assembly.partCount}` };
    }
    return { assembly: { buildId, partCount, parts: [...assembly.parts, nodes] } };
  }
  const { buildId, partCount, nodeCount, documentHtml } = message.payload;
  if (!assembly || assembly.buildId !== buildId) {
    return { assembly, error: `nav tree build ${buildId} ended, but its parts ${assembly ? `were superseded by build ${assembly.buildId}` : 'did not arrive'}` };
  }
  const received = assembly.parts.reduce((sum, part) => sum + part.length, 0);
  if (typeof documentHtml !== 'string') return { assembly: null, error: `nav tree build ${buildId} ended without the document's HTML` };
  if (partCount !== assembly.partCount || assembly.parts.length !== partCount || received !== nodeCount) {
    return {
      assembly: null,
      error: `nav tree build ${buildId} ended with ${partCount} parts of ${nodeCount} nodes, but ${assembly.parts.length} of ${assembly.partCount} parts with ${received} nodes arrived`,
    };
  }
  const navTree = assembleNavTree(assembly.parts);
  if (typeof navTree === 'string') return { assembly: null, error: `nav tree build ${buildId}: ${navTree}` };
  return { assembly: null, tree: { buildId, navTree, documentHtml } };
}
