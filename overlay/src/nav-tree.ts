/**
 * The nav tree (docs/editor.md#nav-tree): every element of the page with a codebase id, and the components around them
 * read from React fibers, built in 10 ms slices on animation frames so a big page never blocks the main thread
 * for long. The overlay's host is not part of the page and is never walked.
 */
import { CODEBASE_ID_ATTRIBUTE, isStudioClass, STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import { elementKeyOf, type ElementLookup, type NavTreeNode, type NavTreeProp } from '@contracts/frame-protocol.js';
import { codebaseIdOf, storyboardRoot } from './element-identity.js';
import { codebaseIdOfFiber, componentName, componentsAbove, propsOfFiber, type Fiber } from './react-fibers.js';
import { navTreeProp } from './value-markers.js';

export const NAV_TREE_SLICE_MS = 10;
/** A slice longer than one frame at 60 Hz is warned about (docs/editor.md#nav-tree). */
export const FRAME_BUDGET_MS = 16;

export interface NavTreeIndex {
  root: NavTreeNode;
  /** Key → the element shown for it (a component's first host element). */
  elements: Map<string, Element>;
  /** Host element → its key. */
  keys: WeakMap<Element, string>;
  /** Host element → the innermost component (with an id of its own) whose output starts with it. */
  componentRoots: WeakMap<Element, string>;
  nodes: Map<string, NavTreeNode>;
}

export interface NavTreeOptions {
  storyboardId: string;
  lookups: ReadonlyMap<string, ElementLookup>;
  /** Elements that are not part of the page (the overlay's host). */
  skip: (element: Element) => boolean;
  /** Waits for the next slice; `requestAnimationFrame` in the page. */
  nextFrame?: () => Promise<unknown>;
  now?: () => number;
  /** Told the longest slice when one went over the frame budget. */
  onOverBudget?: (longestSliceMs: number) => void;
}

/**
 * The classes the source sets. Mostly all of them: then the very same array as `classList`, which the message to
 * the parent then carries once (a structured clone keeps shared references), a sizeable part of a big tree's
 * cost to send.
 */
function withoutStudioClasses(classList: string[]): string[] {
  return classList.some(isStudioClass) ? classList.filter((name) => !isStudioClass(name)) : classList;
}

function pageBox(element: Element) {
  const rect = element.getBoundingClientRect();
  return { pageX: rect.left + window.scrollX, pageY: rect.top + window.scrollY, width: rect.width, height: rect.height };
}

function literalChildrenOf(element: Element): string[] {
  const texts: string[] = [];
  for (const child of element.childNodes) {
    // A blank node counts too: `Showing {n} {unit}` renders the space between the two values as a node of its own.
    if (child.nodeType === Node.TEXT_NODE && child.textContent) texts.push(child.textContent);
  }
  // Nothing but blanks is no text at all.
  return texts.some((text) => text.trim() !== '') ? texts : [];
}

function hostProps(element: Element): Record<string, NavTreeProp> {
  const props: Record<string, NavTreeProp> = {};
  for (const attribute of element.attributes) {
    if (attribute.name !== CODEBASE_ID_ATTRIBUTE && attribute.name !== 'class') props[attribute.name] = navTreeProp(attribute.value);
  }
  return props;
}

function makeNode(
  element: Element,
  codebaseId: string,
  parent: NavTreeNode | null,
  options: NavTreeOptions,
  component: { fiber: Fiber } | null,
  scope: string | null,
  uniquePath: string,
): NavTreeNode {
  const tempoElement = { codebaseId, storyboardId: options.storyboardId, uniquePath };
  const classList = component ? [] : [...element.classList];
  const props: Record<string, NavTreeProp> = {};
  if (component) for (const [name, value] of Object.entries(propsOfFiber(component.fiber))) props[name] = navTreeProp(value);
  const tagName = component ? componentName(component.fiber) : element.tagName.toLowerCase();
  return {
    parent: parent?.key ?? null,
    children: [],
    classList,
    directlySetClassList: withoutStudioClasses(classList),
    name: options.lookups.get(codebaseId)?.name ?? tagName,
    tagName,
    isComponent: component !== null,
    props: component ? props : hostProps(element),
    literalChildren: component ? [] : literalChildrenOf(element),
    scope,
    pageBoundingBox: pageBox(element),
    level: parent ? parent.level + 1 : 0,
    tempoElement,
    key: elementKeyOf(tempoElement),
  };
}

/**
 * Resolves once the next frame has been rendered: work started then neither delays that frame nor shares a task
 * with what ran before it.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** The node of an element with a codebase id of its own. */
function hostNode(element: Element, id: string, parent: NavTreeNode, above: readonly Fiber[], options: NavTreeOptions, scope: string | null, path: string): NavTreeNode {
  const node = makeNode(element, id, parent, options, null, scope, path);
  // A component that forwards its id to its root element: the element is the component's node.
  const owner = above.find((fiber) => codebaseIdOfFiber(fiber) === id);
  if (owner) {
    node.isComponent = true;
    node.name = options.lookups.get(id)?.name ?? componentName(owner);
    for (const [name, value] of Object.entries(propsOfFiber(owner))) node.props[name] = navTreeProp(value);
  }
  return node;
}

/** Where a walk puts what it finds: a tree's index, or the parts of one subtree before they replace the old. */
type WalkSink = Pick<NavTreeIndex, 'nodes' | 'elements'> & {
  keys: Pick<NavTreeIndex['keys'], 'set'>;
  componentRoots: Pick<NavTreeIndex['componentRoots'], 'set'>;
};

interface WalkItem {
  element: Element;
  parent: NavTreeNode;
  scope: string | null;
  path: string;
}

/** Walks the stack's elements and everything under them into `index`, in slices on animation frames. */
async function walkInto(index: WalkSink, stack: WalkItem[], options: NavTreeOptions): Promise<void> {
  const now = options.now ?? (() => performance.now());
  const nextFrame = options.nextFrame ?? (() => new Promise((resolve) => requestAnimationFrame(resolve)));
  // Component fibers already given a node, so the several host children of one component share it. A map: a list
  // searched per element made pages with many components quadratic.
  const componentNodes = new Map<Fiber, NavTreeNode>();

  let sliceStart = now();
  let longestSlice = 0;
  while (stack.length) {
    const sliceTime = now() - sliceStart;
    if (sliceTime > NAV_TREE_SLICE_MS) {
      longestSlice = Math.max(longestSlice, sliceTime);
      await nextFrame();
      sliceStart = now();
    }
    const entry = stack.pop()!;
    const { element, path } = entry;
    let { parent, scope } = entry;
    if (!element.isConnected || options.skip(element)) continue;
    const tag = element.tagName.toUpperCase();
    if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'TEMPLATE' || tag === 'NOSCRIPT') continue;

    // Components whose output starts at this element, outermost first, with their codebase id from the fiber.
    const above = componentsAbove(element);
    for (const fiber of above) {
      const name = componentName(fiber);
      // Either of the fiber's two copies may be the one given a node.
      const known = componentNodes.get(fiber) ?? (fiber.alternate ? componentNodes.get(fiber.alternate) : undefined);
      if (known) {
        parent = known;
        scope = name;
        continue;
      }
      const id = codebaseIdOfFiber(fiber);
      // No id of its own (a library's inner component), the one of the element it forwards it to, or the one its
      // parent component passed down with the rest of its props: not a separate node.
      if (!id || id === codebaseIdOf(element) || id === parent.tempoElement.codebaseId) {
        scope = name;
        continue;
      }
      const node = makeNode(element, id, parent, options, { fiber }, scope, path);
      parent.children.push(node);
      index.nodes.set(node.key, node);
      index.elements.set(node.key, element);
      componentNodes.set(fiber, node);
      // Outermost first: the last one set is the innermost.
      index.componentRoots.set(element, node.key);
      parent = node;
      scope = name;
    }

    const id = codebaseIdOf(element);
    if (id) {
      const node = hostNode(element, id, parent, above, options, scope, path);
      parent.children.push(node);
      index.nodes.set(node.key, node);
      index.elements.set(node.key, element);
      index.keys.set(element, node.key);
      parent = node;
    }
    // SVG internals are drawn by their svg element: not separate elements of the page's structure.
    if (element instanceof SVGElement) continue;
    for (let i = element.children.length - 1; i >= 0; i--) stack.push({ element: element.children[i]!, parent, scope, path: `${path}-${i}` });
  }
  longestSlice = Math.max(longestSlice, now() - sliceStart);
  if (longestSlice > FRAME_BUDGET_MS) options.onOverBudget?.(longestSlice);
}

export async function buildNavTree(options: NavTreeOptions): Promise<NavTreeIndex> {
  const root = storyboardRoot();
  const rootClasses = [...root.classList];
  const rootTempo = { codebaseId: STORYBOARD_CODEBASE_ID, storyboardId: options.storyboardId, uniquePath: '0' };
  const rootNode: NavTreeNode = {
    parent: null,
    children: [],
    classList: rootClasses,
    directlySetClassList: withoutStudioClasses(rootClasses),
    name: 'Storyboard',
    tagName: 'body',
    isComponent: false,
    props: {},
    literalChildren: [],
    scope: null,
    pageBoundingBox: pageBox(root),
    level: 0,
    tempoElement: rootTempo,
    key: elementKeyOf(rootTempo),
  };
  const index: NavTreeIndex = { root: rootNode, elements: new Map([[rootNode.key, root]]), keys: new WeakMap([[root, rootNode.key]]), componentRoots: new WeakMap(), nodes: new Map([[rootNode.key, rootNode]]) };
  // Paths are carried down the walk: working one out per element from its siblings would be quadratic.
  const stack: WalkItem[] = [];
  for (let i = root.children.length - 1; i >= 0; i--) stack.push({ element: root.children[i]!, parent: rootNode, scope: null, path: `0-${i}` });
  await walkInto(index, stack, options);
  return index;
}

/** Every node under `node`, not itself. */
function descendantsOf(node: NavTreeNode): NavTreeNode[] {
  const found: NavTreeNode[] = [];
  for (let stack = [...node.children]; stack.length > 0; ) {
    const next = stack.pop()!;
    found.push(next);
    stack.push(...next.children);
  }
  return found;
}

/**
 * The tree after the page changed under `element` alone (a hot reload of the component rendering it): the element's
 * own node made again and everything under it walked again, the rest of the tree kept as it was (the boxes of the
 * nodes outside are those of their last walk). Null when the element has no node of its own under the storyboard:
 * the whole page is walked then. The walk goes into parts of its own and replaces the old subtree in one go once it
 * is done, so between two slices `index` is still the tree it was.
 */
export async function rebuildNavSubtree(index: NavTreeIndex, element: Element, options: NavTreeOptions): Promise<NavTreeIndex | null> {
  const key = index.keys.get(element);
  const old = key === undefined ? undefined : index.nodes.get(key);
  const parent = old?.parent ? index.nodes.get(old.parent) : undefined;
  const id = codebaseIdOf(element);
  if (!old || !parent || !id || !element.isConnected || index.elements.get(old.key) !== element) return null;
  const node = hostNode(element, id, parent, componentsAbove(element), options, old.scope, old.tempoElement.uniquePath);
  const parts = { nodes: new Map<string, NavTreeNode>(), elements: new Map<string, Element>(), keys: new Map<Element, string>(), componentRoots: new Map<Element, string>() };
  const stack: WalkItem[] = [];
  if (!(element instanceof SVGElement)) {
    for (let i = element.children.length - 1; i >= 0; i--) stack.push({ element: element.children[i]!, parent: node, scope: old.scope, path: `${old.tempoElement.uniquePath}-${i}` });
  }
  await walkInto(parts, stack, options);
  // The page may have changed again meanwhile: then the caller walks again, and this tree is not sent.
  const at = parent.children.indexOf(old);
  if (at < 0 || index.nodes.get(old.key) !== old) return null;
  for (const gone of [old, ...descendantsOf(old)]) {
    const shown = index.elements.get(gone.key);
    index.nodes.delete(gone.key);
    index.elements.delete(gone.key);
    if (shown && gone !== old) {
      index.keys.delete(shown);
      index.componentRoots.delete(shown);
    }
  }
  parent.children[at] = node;
  for (const [k, v] of [[node.key, node] as const, ...parts.nodes]) index.nodes.set(k, v);
  index.elements.set(node.key, element);
  for (const [k, v] of parts.elements) index.elements.set(k, v);
  index.keys.set(element, node.key);
  for (const [k, v] of parts.keys) index.keys.set(k, v);
  for (const [k, v] of parts.componentRoots) index.componentRoots.set(k, v);
  return index;
}
