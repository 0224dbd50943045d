/**
 * Where the classes of the selected element come from, for the Classes section. Only the classes its source writes
 * unconditionally can be edited or removed there: those are what a class change rewrites. The element in the page
 * often has more: a library's or the component's own markup, a CSS module's generated name, a class a script set.
 * They are shown apart and read-only rather than hidden, because they do style the element (the computed styles and
 * matched rules name them) and a designer looking for where a style comes from needs to see that it is not here.
 * The studio's own classes (a forced state, an instant update's) are the studio's, not the page's: left out.
 */
import { isStudioClass } from '@contracts/dom.js';
import type { ElementSourceInfo } from '@contracts/studio-api.js';

export interface ClassOrigins {
  /** Written in the source and always applied: edited and removed here. */
  written: string[];
  /** Written in the source under a condition (or glued to an expression): shown, not edited. */
  conditional: string[];
  /** On the element in the page, not written in its source. */
  elsewhere: string[];
  /** The source computes the className with no class text: the expression, and its line. */
  computedBy: { text: string; line: number } | null;
}

/** The source's classes of an element, from its looked-up facts; null while they are not known. */
function sourceClassesOf(info: ElementSourceInfo | null): ElementSourceInfo['classes'] | undefined {
  if (!info) return undefined;
  if (info.classes !== undefined) return info.classes;
  // Facts without the classes: a string className is all there is to read.
  const prop = info.props.className;
  if (!prop) return { always: [], conditional: [] };
  if (prop.kind === 'literal' && typeof prop.value === 'string') return { always: prop.value.split(/\s+/).filter(Boolean), conditional: [] };
  return null;
}

/**
 * `liveClasses`: the element's class list in the page (null when not known yet); a component's is that of the first
 * element it renders, which is not the component's own.
 */
export function classOrigins(info: ElementSourceInfo | null, liveClasses: readonly string[] | null, isComponent: boolean): ClassOrigins {
  const source = sourceClassesOf(info);
  const written = source?.always ?? [];
  const conditional = source?.conditional ?? [];
  const known = new Set([...written, ...conditional]);
  const elsewhere = isComponent ? [] : [...new Set(liveClasses ?? [])].filter((name) => !isStudioClass(name) && !known.has(name));
  const prop = info?.props.className;
  const computedBy = source === null && prop?.kind === 'expression' ? { text: prop.text, line: prop.line } : null;
  return { written, conditional, elsewhere, computedBy };
}
