/**
 * From DOM elements to element keys and back (docs/editor.md#element-keys). The storyboard's root is the page body
 * (portals such as dialogs render there too); its unique path is "0" and every element below it is addressed by
 * its element-child indices. Host elements carry their codebase id as an attribute (docs/editor.md#codebase-ids).
 */
import { CODEBASE_ID_ATTRIBUTE, STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import { nearestPlace } from '@contracts/element-places.js';
import { elementKeyOf, parseElementKey, type TempoElementData } from '@contracts/frame-protocol.js';

export function storyboardRoot(): HTMLElement {
  return document.body;
}

export function codebaseIdOf(element: Element): string | null {
  return element.getAttribute(CODEBASE_ID_ATTRIBUTE);
}

export function uniquePathOf(element: Element, root: Element = storyboardRoot()): string | null {
  const indices: number[] = [];
  let current: Element | null = element;
  while (current && current !== root) {
    const parent: Element | null = current.parentElement;
    if (!parent) return null;
    indices.unshift(Array.prototype.indexOf.call(parent.children, current));
    current = parent;
  }
  return current === root ? ['0', ...indices].join('-') : null;
}

export function tempoElementOf(element: Element, storyboardId: string, codebaseId?: string): TempoElementData | null {
  const root = storyboardRoot();
  if (element === root) return { codebaseId: STORYBOARD_CODEBASE_ID, storyboardId, uniquePath: '0' };
  const id = codebaseId ?? codebaseIdOf(element);
  const uniquePath = uniquePathOf(element, root);
  return id && uniquePath ? { codebaseId: id, storyboardId, uniquePath } : null;
}

export function keyOfElement(element: Element, storyboardId: string): string | null {
  const tempo = tempoElementOf(element, storyboardId);
  return tempo ? elementKeyOf(tempo) : null;
}

function elementAtPath(uniquePath: string, root: Element): Element | null {
  let current: Element | null = root;
  for (const index of uniquePath.split('-').slice(1)) {
    current = current?.children[Number(index)] ?? null;
  }
  return current;
}

export function elementsWithCodebaseId(codebaseId: string): Element[] {
  return [...document.querySelectorAll(`[${CODEBASE_ID_ATTRIBUTE}="${CSS.escape(codebaseId)}"]`)];
}

/**
 * The element a key names: the one at its path when it still carries the id (or the key is a component's, whose
 * first host element sits at that path), else the element with that codebase id nearest the key's path (a key a
 * step behind an edit; in a `.map`, the copy it named, not the first).
 */
export function elementForKey(key: string, componentKeys?: ReadonlyMap<string, Element>): Element | null {
  const fromTree = componentKeys?.get(key);
  if (fromTree?.isConnected) return fromTree;
  const tempo = parseElementKey(key);
  if (!tempo) return null;
  const root = storyboardRoot();
  if (tempo.codebaseId === STORYBOARD_CODEBASE_ID) return root;
  const atPath = elementAtPath(tempo.uniquePath, root);
  if (atPath && codebaseIdOf(atPath) === tempo.codebaseId) return atPath;
  const candidates = elementsWithCodebaseId(tempo.codebaseId);
  const nearest = candidates[nearestPlace(candidates.map((element) => uniquePathOf(element, root) ?? ''), tempo.uniquePath)];
  return nearest ?? atPath ?? null;
}

/** The nearest ancestor-or-self with a codebase id, else the storyboard root. */
export function nearestIdentified(element: Element): Element {
  return element.closest(`[${CODEBASE_ID_ATTRIBUTE}]`) ?? storyboardRoot();
}
