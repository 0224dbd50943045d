/**
 * styled-components' and emotion's idiom: the declaration written into the template of the component the element is
 * (`const Heading = styled.h1\`…\``), a state as a nested `&:hover { … }`, a breakpoint in the template's own media
 * query for that width when it has one, else a `min-width` query in px, as these templates mostly write them. The
 * template's interpolations (`${(p) => p.color}`) are kept byte for byte: masked while the CSS is read as CSS.
 */
import postcss from 'postcss';
import { ts } from 'ts-morph';
import { kebabCase } from '../../contracts/css-properties.js';
import { appError } from '../../contracts/errors.js';
import { cssValueProblem } from '../../contracts/source-grammar.js';
import { BREAKPOINTS } from '../../contracts/tailwind-variants.js';
import { lengthInPx } from '../../contracts/theme-tokens.js';
import type { EditableFile } from '../engine/editable-file.js';
import { sourceOf, unwritable } from '../engine/jsx-source.js';
import type { LocatedElement, MutationContext } from '../engine/mutation-transform.js';
import { declarations, modifiersOf, PSEUDO_CLASSES, type StylingBody } from './style-change.js';
import { styledHomeFor } from './styled-home.js';

const MASK = (n: number): string => `__studio_interpolation_${n}__`;

/** The template's text with each `${…}` masked (as a comment where it stands for whole declarations), and the masks. */
function maskedTemplate(template: ts.TemplateLiteral, sourceFile: ts.SourceFile): { text: string; masks: Map<string, string> } {
  const start = template.getStart(sourceFile) + 1;
  const source = sourceFile.text;
  const masks = new Map<string, string>();
  if (ts.isNoSubstitutionTemplateLiteral(template)) return { text: source.slice(start, template.getEnd() - 1), masks };
  let text = '';
  let from = start;
  let previous: ts.Node = template.head;
  template.templateSpans.forEach((span, n) => {
    const open = previous.getEnd() - 2;
    const close = span.literal.getStart(sourceFile) + 1;
    text += source.slice(from, open);
    const interpolation = source.slice(open, close);
    // Alone on its line after a declaration, a brace or another such interpolation (`\${a}\n\${b}`, a `css` block each).
    const alone = /(^|[;{}]|\*\/)\s*$/.test(text) && /^\s*(\r?\n|;|})/.test(source.slice(close));
    const mask = alone ? `/*${MASK(n)}*/` : MASK(n);
    masks.set(mask, interpolation);
    text += mask;
    from = close;
    previous = span.literal;
  });
  text += source.slice(from, template.getEnd() - 1);
  return { text, masks };
}

/** The width of a breakpoint in px, and whether a media query's params start at it. */
function startsAt(params: string, px: number): boolean {
  const match = /min-width\s*:\s*([\d.]+(?:px|rem|em))/.exec(params) ?? /width\s*>=\s*([\d.]+(?:px|rem|em))/.exec(params);
  if (!match) return false;
  const width = lengthInPx(match[1]!.replace(/em$/, 'rem'));
  return width !== null && Math.abs(width - px) < 0.01;
}

/** The indentation of a container's children: that of its first child, else one unit more than its own. */
function childIndent(container: postcss.Container, unit: string): string {
  const before = container.first?.raws.before;
  if (before !== undefined && before.includes('\n')) return before.slice(before.lastIndexOf('\n') + 1);
  if (container.type === 'root') return unit;
  const own = container.raws.before ?? '';
  return `${own.slice(own.lastIndexOf('\n') + 1)}${unit}`;
}

/** A new rule or media query, set apart by a blank line and laid out as the template's own. */
function appendBlock(container: postcss.Container, block: postcss.Rule | postcss.AtRule, unit: string, eol: string): void {
  const indent = childIndent(container, unit);
  // Set apart from what the container holds; the first thing in an empty one starts on the next line.
  const apart = (container.nodes?.length ?? 0) > 0 ? `${eol}${eol}` : eol;
  block.raws = { before: `${apart}${indent}`, between: ' ', after: `${eol}${indent}`, semicolon: true };
  container.append(block);
}

/** The container a change writes into: the template, its media query for the breakpoint, its rule for the states. */
function targetContainer(root: postcss.Root, states: string[], breakpoint: string | undefined, unit: string, eol: string): postcss.Container {
  let container: postcss.Container = root;
  if (breakpoint) {
    const px = lengthInPx(BREAKPOINTS[breakpoint as keyof typeof BREAKPOINTS])!;
    let media: postcss.AtRule | undefined;
    root.each((node) => {
      if (!media && node.type === 'atrule' && node.name === 'media' && startsAt(node.params, px)) media = node;
    });
    if (!media) {
      media = postcss.atRule({ name: 'media', params: `(min-width: ${px}px)` });
      appendBlock(root, media, unit, eol);
    }
    container = media;
  }
  if (states.length > 0) {
    const selector = `&${states.map((s) => `:${s}`).join('')}`;
    let rule: postcss.Rule | undefined;
    container.each((node) => {
      if (!rule && node.type === 'rule' && node.selector.replace(/\s+/g, '') === selector) rule = node;
    });
    if (!rule) {
      rule = postcss.rule({ selector });
      appendBlock(container, rule, unit, eol);
    }
    container = rule;
  }
  return container;
}

/** Sets (or removes) a declaration in the container, a new one after its last declaration or whole-declaration interpolation. */
function setDeclaration(container: postcss.Container, property: string, value: string | null, unit: string, eol: string): void {
  let found: postcss.Declaration | undefined;
  container.each((node) => {
    if (node.type === 'decl' && node.prop === property) found = node;
  });
  if (value === null) {
    found?.remove();
    return;
  }
  if (found) {
    found.value = value;
    return;
  }
  const made = postcss.decl({ prop: property, value });
  made.raws = { before: `${eol}${childIndent(container, unit)}`, between: ': ' };
  container.raws.semicolon = true;
  // After the interpolations that stand for whole declarations too (a `css` block): a later one would override it.
  const last = container.nodes?.filter((node) => node.type === 'decl' || (node.type === 'comment' && node.text.startsWith('__studio_interpolation_'))).at(-1);
  if (last) container.insertAfter(last, made);
  else container.prepend(made);
}

/** Drops the rules and media queries the change emptied. */
function dropEmptied(root: postcss.Root, touched: postcss.Container): void {
  let container: postcss.Container | undefined = touched;
  while (container && container !== root && (container.nodes?.length ?? 0) === 0) {
    const parent: postcss.Container | undefined = container.parent as postcss.Container | undefined;
    container.remove();
    container = parent;
  }
}

/**
 * The template's CSS with the change written in: `text` is the template's text with its interpolations masked
 * (`maskedTemplate`), put back in the result.
 */
export function templateWithChange(
  located: LocatedElement,
  body: StylingBody,
  text: string,
  masks: ReadonlyMap<string, string>,
  name: string,
  file: Pick<EditableFile, 'indentUnit' | 'eol'> = located.file,
): string {
  const { states, breakpoints } = modifiersOf(body);
  const unknown = states.filter((m) => !PSEUDO_CLASSES.has(m));
  if (unknown.length > 0) throw unwritable(located, `the modifier ${unknown.join(', ')} has no CSS pseudo-class`);
  if (breakpoints.length > 1) throw unwritable(located, 'a template targets one breakpoint at a time');
  let root: postcss.Root;
  try {
    root = postcss.parse(text);
  } catch (error) {
    throw unwritable(located, `the template of ${name} is not CSS the studio can read (${(error as Error).message})`);
  }
  const unit = file.indentUnit;
  const eol = file.eol ?? '\n';
  const container = targetContainer(root, states, breakpoints[0], unit, eol);
  for (const [property, value, field] of declarations(body)) {
    // In a template literal a backtick or backslash would end or escape the code around the value.
    const problem = value === null ? null : /[`\\]/.test(value) ? 'a template cannot hold a backtick or backslash' : cssValueProblem(value);
    if (problem) throw appError('INVALID_CHANGE', 'styling', `${field}: ${problem}`);
    setDeclaration(container, property.startsWith('--') ? property : kebabCase(property), value, unit, eol);
  }
  dropEmptied(root, container);
  let written = root.toString();
  for (const [mask, interpolation] of masks) written = written.split(mask).join(interpolation);
  return written;
}

/**
 * Writes the change into the template of the element's styled component, where it is declared: its file, or the
 * project module it is imported from (`styledHomeFor`), which every use of the component shows.
 */
export function styledTemplateStyling(located: LocatedElement, body: StylingBody, context: MutationContext): EditableFile[] {
  const { file, sourceFile, home } = styledHomeFor(located, context, 'styled-template');
  if (home.declared.kind !== 'styled-template') throw unwritable(located, `<${located.entry.tagName}> is not a styled component with a template`);
  writeTemplate(located, body, home.declared.node.template, home.name.text, { file, sourceFile });
  return [file];
}

/**
 * Writes the change into a template literal: of the element's file (a styled component's, an emotion `css\`…\``),
 * or of `target`, the file that declares the element's styled component.
 */
export function writeTemplate(
  located: LocatedElement,
  body: StylingBody,
  template: ts.TemplateLiteral,
  name: string,
  target: { file: EditableFile; sourceFile: ts.SourceFile } = { file: located.file, sourceFile: sourceOf(located.file) },
): void {
  const { file, sourceFile } = target;
  const { text, masks } = maskedTemplate(template, sourceFile);
  const written = templateWithChange(located, body, text, masks, name, file);
  const start = template.getStart(sourceFile) + 1;
  const original = sourceFile.text.slice(start, template.getEnd() - 1);
  if (written !== original) file.replace(start, template.getEnd() - 1, written);
}
