/**
 * Reading React's fibers from the DOM: the components around an element, their names, props and hook state. React
 * keeps the fiber of a host node under a `__reactFiber$…` property, and the root under `__reactContainer$…`.
 */
import { CODEBASE_ID_ATTRIBUTE } from '@contracts/dom.js';

export interface Fiber {
  tag: number;
  type: unknown;
  elementType?: unknown;
  stateNode: unknown;
  return: Fiber | null;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
  memoizedProps: Record<string, unknown> | null;
  memoizedState: unknown;
}

/** Fiber tags (React's internal numbering, stable since React 16). */
const FUNCTION_COMPONENT = 0;
const CLASS_COMPONENT = 1;
const HOST_ROOT = 3;
const HOST_COMPONENT = 5;
const FORWARD_REF = 11;
const MEMO_COMPONENT = 14;
const SIMPLE_MEMO_COMPONENT = 15;
const HOST_HOISTABLE = 26;
const HOST_SINGLETON = 27;

/** The property React keeps a host node's fiber under (one random suffix per copy of React): tried first. */
let fiberKey: string | null = null;

// Own keys only: a for-in over a DOM node walks hundreds of inherited properties per element.
export function fiberOf(node: Node): Fiber | null {
  const known = fiberKey === null ? undefined : (node as unknown as Record<string, Fiber | undefined>)[fiberKey];
  if (known) return known;
  for (const key of Object.keys(node)) {
    if (key.startsWith('__reactFiber$')) {
      fiberKey = key;
      return (node as unknown as Record<string, Fiber>)[key] ?? null;
    }
  }
  return null;
}

export function rootFiberOf(container: Element): Fiber | null {
  for (const key of Object.keys(container)) {
    if (key.startsWith('__reactContainer$')) {
      const root = (container as unknown as Record<string, Fiber>)[key];
      return root ?? null;
    }
  }
  return null;
}

export function isHostFiber(fiber: Fiber): boolean {
  return fiber.tag === HOST_COMPONENT || fiber.tag === HOST_HOISTABLE || fiber.tag === HOST_SINGLETON || fiber.tag === HOST_ROOT;
}

export function isComponentFiber(fiber: Fiber): boolean {
  // Compared one by one, not looked up in a list made per call: this runs for every fiber above every element walked.
  const tag = fiber.tag;
  return tag === FUNCTION_COMPONENT || tag === CLASS_COMPONENT || tag === FORWARD_REF || tag === MEMO_COMPONENT || tag === SIMPLE_MEMO_COMPONENT;
}

export function componentName(fiber: Fiber): string {
  const type = (fiber.type ?? fiber.elementType) as { displayName?: string; name?: string; render?: { name?: string }; type?: { name?: string } } | null;
  if (!type || typeof type === 'string') return String(type ?? 'Anonymous');
  return type.displayName || type.name || type.render?.name || type.type?.name || 'Anonymous';
}

export function codebaseIdOfFiber(fiber: Fiber): string | null {
  const id = fiber.memoizedProps?.[CODEBASE_ID_ATTRIBUTE];
  return typeof id === 'string' ? id : null;
}

/** The component fibers between a host node and its nearest host ancestor, outermost first. */
export function componentsAbove(node: Element): Fiber[] {
  const fiber = fiberOf(node);
  const found: Fiber[] = [];
  for (let current = fiber?.return ?? null; current && !isHostFiber(current); current = current.return) {
    if (isComponentFiber(current)) found.unshift(current);
  }
  return found;
}

/**
 * The codebase ids of the component elements a host node was rendered through (`<Fact label="Capital" />` for the
 * `<dt>` inside `Fact`), innermost first: which call site's words the node shows when a component is used several
 * times.
 */
export function renderedThrough(node: Element): string[] {
  const ids: string[] = [];
  for (let current = fiberOf(node)?.return ?? null; current; current = current.return) {
    const id = isComponentFiber(current) ? codebaseIdOfFiber(current) : null;
    if (id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The nearest component enclosing a host node (any depth). */
export function enclosingComponent(node: Element): Fiber | null {
  for (let current = fiberOf(node)?.return ?? null; current; current = current.return) {
    if (isComponentFiber(current)) return current;
  }
  return null;
}

/** Every component fiber under a root fiber whose name is `name`. */
export function findComponentFibers(root: Fiber, name: string): Fiber[] {
  const found: Fiber[] = [];
  const stack: Fiber[] = [root];
  while (stack.length) {
    const fiber = stack.pop()!;
    if (isComponentFiber(fiber) && componentName(fiber) === name) found.push(fiber);
    if (fiber.sibling) stack.push(fiber.sibling);
    if (fiber.child) stack.push(fiber.child);
  }
  return found;
}

interface HookState {
  memoizedState: unknown;
  queue: unknown;
  next: HookState | null;
}

/** A component's state: a class's `state`, or the values of a function component's stateful hooks in order. */
export function stateOfFiber(fiber: Fiber): unknown {
  if (fiber.tag === CLASS_COMPONENT) return (fiber.stateNode as { state?: unknown } | null)?.state ?? null;
  const values: unknown[] = [];
  for (let hook = fiber.memoizedState as HookState | null; hook && typeof hook === 'object' && 'next' in hook; hook = hook.next) {
    // useState/useReducer hooks have an update queue; effects, refs and memos do not.
    if (hook.queue) values.push(hook.memoizedState);
  }
  return values;
}

/** A component's props without the children and the studio's own id. */
export function propsOfFiber(fiber: Fiber): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fiber.memoizedProps ?? {})) {
    if (key !== 'children' && key !== CODEBASE_ID_ATTRIBUTE) props[key] = value;
  }
  return props;
}
