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
const TEXT_NODE = 3;
/** Elements that show nothing of the page's structure, by their lower-case local name. */
const UNWALKED_TAGS = new Set(['script', 'style', 'template', 'noscript']);
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

/** The page's scroll offset, read once per slice: a read of `window.scrollX` per element was a good part of a walk. */
interface Scroll {
  x: number;
  y: number;
}

function scrollNow(): Scroll {
  return { x: window.scrollX, y: window.scrollY };
}

type PageBox = NavTreeNode['pageBoundingBox'];

function pageBox(element: Element, scroll: Scroll): PageBox {
  const rect = element.getBoundingClientRect();
  return { pageX: rect.left + scroll.x, pageY: rect.top + scroll.y, width: rect.width, height: rect.height };
}

/** What `classList` splits the class attribute on. */
const CLASS_SEPARATORS = /[\t\n\f\r ]+/;

/**
 * The element's classes as its `classList` has them (split on ASCII whitespace, each once, in order), from one read
 * of the attribute: spreading `classList` goes through its iterator, a call into the page per class, which was a
 * good part of a subtree's walk.
 */
function classesOf(element: Element): string[] {
  const value = element.getAttribute('class');
  if (!value) return [];
  const classes: string[] = [];
  for (const name of value.split(CLASS_SEPARATORS)) if (name !== '' && !classes.includes(name)) classes.push(name);
  return classes;
}

function literalChildrenOf(element: Element): string[] {
  const texts: string[] = [];
  // Sibling links, not the NodeList's iterator: this runs for every element walked.
  for (let child = element.firstChild; child; child = child.nextSibling) {
    // A blank node counts too: `Showing {n} {unit}` renders the space between the two values as a node of its own.
    if (child.nodeType === TEXT_NODE && child.textContent) texts.push(child.textContent);
  }
  // Nothing but blanks is no text at all.
  return texts.some((text) => text.trim() !== '') ? texts : [];
}

function hostProps(element: Element): Record<string, NavTreeProp> {
  const props: Record<string, NavTreeProp> = {};
  // The names in one call, and a value read only for the few kept: most elements carry just their id and classes,
  // and going through `attributes` made an Attr object per attribute.
  for (const name of element.getAttributeNames()) {
    if (name !== CODEBASE_ID_ATTRIBUTE && name !== 'class') props[name] = navTreeProp(element.getAttribute(name));
  }
  return props;
}

function fiberProps(fiber: Fiber): Record<string, NavTreeProp> {
  const props: Record<string, NavTreeProp> = {};
  for (const [name, value] of Object.entries(propsOfFiber(fiber))) props[name] = navTreeProp(value);
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
  box: PageBox,
): NavTreeNode {
  const tempoElement = { codebaseId, storyboardId: options.storyboardId, uniquePath };
  const classList = component ? [] : classesOf(element);
  const tagName = component ? componentName(component.fiber) : element.tagName.toLowerCase();
  return {
    parent: parent?.key ?? null,
    children: [],
    classList,
    directlySetClassList: withoutStudioClasses(classList),
    name: options.lookups.get(codebaseId)?.name ?? tagName,
    tagName,
    isComponent: component !== null,
    props: component ? fiberProps(component.fiber) : hostProps(element),
    literalChildren: component ? [] : literalChildrenOf(element),
    scope,
    pageBoundingBox: box,
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
function hostNode(element: Element, id: string, parent: NavTreeNode, above: readonly Fiber[], options: NavTreeOptions, scope: string | null, path: string, box: PageBox): NavTreeNode {
  const node = makeNode(element, id, parent, options, null, scope, path, box);
  // A component that forwards its id to its root element: the element is the component's node.
  const owner = above.find((fiber) => codebaseIdOfFiber(fiber) === id);
  if (owner) {
    node.isComponent = true;
    node.name = options.lookups.get(id)?.name ?? componentName(owner);
    for (const [name, value] of Object.entries(propsOfFiber(owner))) node.props[name] = navTreeProp(value);
  }
  return node;
}

/**
 * Where a walk puts what it finds: a tree's index, or the parts of one subtree before they replace the old (kept in
 * arrays: maps of their own, copied into the index after, cost a subtree's walk more than its boxes did).
 */
interface WalkSink {
  node(node: NavTreeNode, element: Element): void;
  /** A host element's own node. */
  key(element: Element, key: string): void;
  /** The innermost component (with an id of its own) whose output starts with the element. */
  componentRoot(element: Element, key: string): void;
}

function indexSink(index: NavTreeIndex): WalkSink {
  return {
    node: (node, element) => {
      index.nodes.set(node.key, node);
      index.elements.set(node.key, element);
    },
    key: (element, key) => index.keys.set(element, key),
    componentRoot: (element, key) => index.componentRoots.set(element, key),
  };
}

interface WalkItem {
  element: Element;
  parent: NavTreeNode;
  scope: string | null;
  path: string;
}

/** Walks the stack's elements and everything under them into `index`, in slices on animation frames. */
async function walkInto(sink: WalkSink, stack: WalkItem[], options: NavTreeOptions, startScroll = scrollNow()): Promise<void> {
  const now = options.now ?? (() => performance.now());
  const nextFrame = options.nextFrame ?? (() => new Promise((resolve) => requestAnimationFrame(resolve)));
  // Component fibers already given a node, so the several host children of one component share it. A map: a list
  // searched per element made pages with many components quadratic.
  const componentNodes = new Map<Fiber, NavTreeNode>();

  let sliceStart = now();
  let longestSlice = 0;
  let scroll = startScroll;
  while (stack.length) {
    const sliceTime = now() - sliceStart;
    if (sliceTime > NAV_TREE_SLICE_MS) {
      longestSlice = Math.max(longestSlice, sliceTime);
      await nextFrame();
      sliceStart = now();
      scroll = scrollNow();
    }
    const entry = stack.pop()!;
    const { element, path } = entry;
    let { parent, scope } = entry;
    if (!element.isConnected || options.skip(element)) continue;
    if (UNWALKED_TAGS.has(element.localName)) continue;

    const ownId = codebaseIdOf(element);
    // Components whose output starts at this element, outermost first, with their codebase id from the fiber.
    const above = componentsAbove(element);
    // Measured once for every node the element is shown for (its components' and its own): the same box.
    let box: PageBox | undefined;
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
      if (!id || id === ownId || id === parent.tempoElement.codebaseId) {
        scope = name;
        continue;
      }
      box ??= pageBox(element, scroll);
      const node = makeNode(element, id, parent, options, { fiber }, scope, path, box);
      parent.children.push(node);
      sink.node(node, element);
      componentNodes.set(fiber, node);
      // Outermost first: the last one set is the innermost.
      sink.componentRoot(element, node.key);
      parent = node;
      scope = name;
    }

    if (ownId) {
      const node = hostNode(element, ownId, parent, above, options, scope, path, box ?? pageBox(element, scroll));
      parent.children.push(node);
      sink.node(node, element);
      sink.key(element, node.key);
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
  const rootClasses = classesOf(root);
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
    pageBoundingBox: pageBox(root, scrollNow()),
    level: 0,
    tempoElement: rootTempo,
    key: elementKeyOf(rootTempo),
  };
  const index: NavTreeIndex = { root: rootNode, elements: new Map([[rootNode.key, root]]), keys: new WeakMap([[root, rootNode.key]]), componentRoots: new WeakMap(), nodes: new Map([[rootNode.key, rootNode]]) };
  // Paths are carried down the walk: working one out per element from its siblings would be quadratic.
  const stack: WalkItem[] = [];
  for (let i = root.children.length - 1; i >= 0; i--) stack.push({ element: root.children[i]!, parent: rootNode, scope: null, path: `0-${i}` });
  await walkInto(indexSink(index), stack, options);
  return index;
}

/** Takes `old` and every node under it out of the index. */
function dropSubtree(index: NavTreeIndex, old: NavTreeNode): void {
  for (const stack = [old]; stack.length > 0; ) {
    const gone = stack.pop()!;
    const shown = index.elements.get(gone.key);
    index.nodes.delete(gone.key);
    index.elements.delete(gone.key);
    if (shown && gone !== old) {
      index.keys.delete(shown);
      index.componentRoots.delete(shown);
    }
    for (const child of gone.children) stack.push(child);
  }
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
  const scroll = scrollNow();
  const node = hostNode(element, id, parent, componentsAbove(element), options, old.scope, old.tempoElement.uniquePath, pageBox(element, scroll));
  const found: { node: NavTreeNode; element: Element }[] = [{ node, element }];
  const keys: [Element, string][] = [[element, node.key]];
  const componentRoots: [Element, string][] = [];
  const sink: WalkSink = {
    node: (made, shown) => found.push({ node: made, element: shown }),
    key: (shown, key) => keys.push([shown, key]),
    componentRoot: (shown, key) => componentRoots.push([shown, key]),
  };
  const stack: WalkItem[] = [];
  if (!(element instanceof SVGElement)) {
    for (let i = element.children.length - 1; i >= 0; i--) stack.push({ element: element.children[i]!, parent: node, scope: old.scope, path: `${old.tempoElement.uniquePath}-${i}` });
  }
  await walkInto(sink, stack, options, scroll);
  // The page may have changed again meanwhile: then the caller walks again, and this tree is not sent.
  const at = parent.children.indexOf(old);
  if (at < 0 || index.nodes.get(old.key) !== old) return null;
  dropSubtree(index, old);
  parent.children[at] = node;
  for (const entry of found) {
    index.nodes.set(entry.node.key, entry.node);
    index.elements.set(entry.node.key, entry.element);
  }
  for (const [shown, key] of keys) index.keys.set(shown, key);
  for (const [shown, key] of componentRoots) index.componentRoots.set(shown, key);
  return index;
}
