/**
 * Which element of the page holds the text of an element edited in place. Usually the element itself, its children
 * all text. A component's markup may wrap the text its use writes (`<Button>Save</Button>` rendering
 * `<button><span>Save</span></button>`): the text is then edited where it shows, down the one child that holds all
 * of it, and only when that is exactly the text the source writes, so nothing the component adds around it (a
 * prefix, a count) is ever written back into the element's JSX.
 */
import { visibleText } from './text-edit-machine.js';

/** Deeper than any component's wrapping of a text; a bound on the walk. */
const MAX_DEPTH = 12;

export function hasOnlyTextChildren(element: Element): boolean {
  return element.childNodes.length > 0 && [...element.childNodes].every((node) => node.nodeType === Node.TEXT_NODE);
}

/** The one child that shows text (an icon beside it shows none), when no other child does. */
function onlyChildWithText(element: Element): Element | null {
  const showing = [...element.childNodes].filter(
    (node) => (node.nodeType === Node.TEXT_NODE || node.nodeType === Node.ELEMENT_NODE) && (node.textContent ?? '').trim() !== '',
  );
  const [only] = showing;
  return showing.length === 1 && only instanceof Element ? only : null;
}

/**
 * The element to edit for `element`'s static text `sourceText` (as a person sees it): `element` itself when its
 * children are all text, else the element down its chain of only text-showing children whose text is `sourceText`;
 * null when there is none.
 */
export function textHostOf(element: Element, sourceText: string | undefined): Element | null {
  if (hasOnlyTextChildren(element)) return element;
  if (sourceText === undefined) return null;
  let current: Element | null = element;
  for (let depth = 0; current && depth < MAX_DEPTH; depth++) {
    if (hasOnlyTextChildren(current)) return visibleText(current.textContent ?? '') === sourceText ? current : null;
    current = onlyChildWithText(current);
  }
  return null;
}
