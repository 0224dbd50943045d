/**
 * A CSS declaration as one Tailwind class: the keyword utilities for the values that have one (`display: flex` →
 * `flex`), the property's utility with an arbitrary value otherwise (`width: 120px` → `w-[120px]`), and an
 * arbitrary property for the rest (`[mix-blend-mode:multiply]`). Using the property's own utility matters: it is
 * what lets tailwind-merge see that `w-[120px]` replaces `w-10`.
 */
import { kebabCase } from '../../contracts/css-properties.js';
import { classNameProblem, shown } from '../../contracts/source-grammar.js';
import { appError } from '../../contracts/errors.js';

const KEYWORDS: Record<string, Record<string, string>> = {
  display: { flex: 'flex', block: 'block', 'inline-block': 'inline-block', inline: 'inline', grid: 'grid', 'inline-flex': 'inline-flex', none: 'hidden', contents: 'contents' },
  position: { static: 'static', relative: 'relative', absolute: 'absolute', fixed: 'fixed', sticky: 'sticky' },
  'flex-direction': { row: 'flex-row', 'row-reverse': 'flex-row-reverse', column: 'flex-col', 'column-reverse': 'flex-col-reverse' },
  'flex-wrap': { wrap: 'flex-wrap', nowrap: 'flex-nowrap', 'wrap-reverse': 'flex-wrap-reverse' },
  'text-align': { left: 'text-left', center: 'text-center', right: 'text-right', justify: 'text-justify', start: 'text-start', end: 'text-end' },
  'justify-content': {
    'flex-start': 'justify-start', start: 'justify-start', center: 'justify-center', 'flex-end': 'justify-end', end: 'justify-end',
    'space-between': 'justify-between', 'space-around': 'justify-around', 'space-evenly': 'justify-evenly',
  },
  'align-items': { 'flex-start': 'items-start', start: 'items-start', center: 'items-center', 'flex-end': 'items-end', end: 'items-end', baseline: 'items-baseline', stretch: 'items-stretch' },
  'font-style': { italic: 'italic', normal: 'not-italic' },
  'text-decoration-line': { underline: 'underline', 'line-through': 'line-through', none: 'no-underline' },
  overflow: { hidden: 'overflow-hidden', auto: 'overflow-auto', scroll: 'overflow-scroll', visible: 'overflow-visible' },
  'font-weight': { '100': 'font-thin', '200': 'font-extralight', '300': 'font-light', '400': 'font-normal', '500': 'font-medium', '600': 'font-semibold', '700': 'font-bold', '800': 'font-extrabold', '900': 'font-black' },
};

/** Property → utility prefix (and the type hint Tailwind needs when the prefix is shared by several properties). */
const UTILITIES: Record<string, string> = {
  width: 'w', height: 'h', 'min-width': 'min-w', 'max-width': 'max-w', 'min-height': 'min-h', 'max-height': 'max-h',
  padding: 'p', 'padding-top': 'pt', 'padding-right': 'pr', 'padding-bottom': 'pb', 'padding-left': 'pl',
  margin: 'm', 'margin-top': 'mt', 'margin-right': 'mr', 'margin-bottom': 'mb', 'margin-left': 'ml',
  gap: 'gap', 'row-gap': 'gap-y', 'column-gap': 'gap-x',
  top: 'top', right: 'right', bottom: 'bottom', left: 'left', 'z-index': 'z', opacity: 'opacity',
  color: 'text-[color:', 'background-color': 'bg-[color:', 'font-size': 'text-[length:', 'border-color': 'border-[color:',
  'border-width': 'border-[length:', 'border-radius': 'rounded', 'line-height': 'leading', 'letter-spacing': 'tracking',
  'font-weight': 'font-[number:',
};

/** Spaces become underscores in an arbitrary value (and literal underscores are escaped). */
function arbitrary(value: string): string {
  return value.trim().replace(/_/g, '\\_').replace(/\s+/g, '_');
}

export function tailwindClassFor(property: string, value: string): string {
  const name = kebabCase(property);
  const keyword = KEYWORDS[name]?.[value.trim()];
  if (keyword) return keyword;
  const utility = UTILITIES[name];
  if (utility?.endsWith(':')) return `${utility}${arbitrary(value)}]`;
  if (utility) return `${utility}-[${arbitrary(value)}]`;
  return `[${name}:${arbitrary(value)}]`;
}

/**
 * The class for a declaration, checked against the class grammar: a value that would need a quote, a brace or
 * whitespace in its class is refused (400, naming `field`) rather than written as something else.
 */
export function checkedTailwindClassFor(property: string, value: string, kind: string, field: string): string {
  const className = tailwindClassFor(property, value);
  const problem = classNameProblem(className);
  if (problem) throw appError('INVALID_CHANGE', kind, `${field}: ${shown(value)} cannot be a Tailwind class (${problem}); write it as CSS or Inline`);
  return className;
}

/** A class of the property's utility, to find (with tailwind-merge) the classes that set the property now. */
export function probeClassFor(property: string): string {
  const keywords = KEYWORDS[kebabCase(property)];
  return tailwindClassFor(property, keywords ? Object.keys(keywords)[0]! : '1px');
}
