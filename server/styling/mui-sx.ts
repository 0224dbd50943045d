/**
 * MUI's idioms: the `sx` prop of a MUI component and the style object of a `styled()` call. `sx` is written as a
 * MUI developer writes it: the palette's keys (`color: 'primary.main'`), lengths of the spacing unit as numbers of
 * units on the spacing shorthands (`mb: 2`), a breakpoint as a responsive object (`{ xs: 1, md: 2 }`), a state as a
 * nested `'&:hover'`; merged into the element's `sx` object (in an `sx` array, its entry that always applies), or a
 * new one. A `styled()` object takes CSS values,
 * with states the same way and a breakpoint as the theme's `[theme.breakpoints.up('md')]` where the theme is in scope.
 */
import { ts } from 'ts-morph';
import { camelCase, kebabCase } from '../../contracts/css-properties.js';
import type { ProjectTheme } from '../../contracts/project-theme.js';
import { colorTokenFor, lengthInPx } from '../../contracts/theme-tokens.js';
import type { EditableFile } from '../engine/editable-file.js';
import { findAttribute, indentationAt, insertAttribute, preferredQuote, quoteString, sourceOf, unwritable } from '../engine/jsx-source.js';
import type { LocatedElement, MutationContext } from '../engine/mutation-transform.js';
import { declarations, modifiersOf, PSEUDO_CLASSES, SPACING_SHORTHANDS, type StylingBody } from './style-change.js';
import { memberOf, nestedObject, renderStyleObject, setMember, styleObjectOf, writeStyleObject, type StyleObject } from './style-object.js';
import { isMuiComponent, styledDeclarationOf } from './styling-systems.js';

/** MUI's spacing shorthands of `sx` (`@mui/system`'s `spacing`), and `bgcolor`. */
const SX_SHORTHANDS: Record<string, string> = { ...SPACING_SHORTHANDS, backgroundColor: 'bgcolor' };

/** Properties `sx` scales by the theme's spacing when given a number. */
const SPACED = /^(margin|padding)(Top|Right|Bottom|Left|Inline|Block)?$|^(gap|rowGap|columnGap)$/;
/** Properties whose value is a plain number in CSS-in-JS (a number elsewhere would mean px, or a fraction a width). */
const UNITLESS = new Set(['fontWeight', 'lineHeight', 'opacity', 'zIndex', 'flexGrow', 'flexShrink', 'order']);
const COLORED = /(^|[a-z])(color|Color)$|^(fill|stroke)$/;
/** MUI's breakpoint keys; a Tailwind-only one (`2xl`) has no MUI counterpart. */
const MUI_BREAKPOINTS = new Set(['xs', 'sm', 'md', 'lg', 'xl']);

function spacingUnitPx(theme: ProjectTheme): number {
  const one = theme.scales.spacing.find((token) => token.name === '1');
  return (one && lengthInPx(one.value)) || 8;
}

/** A value as `sx` code: a palette key, a number of spacing units, a plain number, else the CSS string. */
function sxValue(key: string, value: string, theme: ProjectTheme, quote: "'" | '"'): string {
  if (COLORED.test(key)) {
    const match = colorTokenFor(theme.scales.colors, value);
    if (match && match.alphaPercent === undefined && theme.tailwind === null) return quoteString(match.token.name, quote);
  }
  if (SPACED.test(key)) {
    const px = lengthInPx(value);
    const units = px === null ? null : px / spacingUnitPx(theme);
    if (units !== null && Number.isInteger(units * 2)) return String(units);
  }
  return cssValue(key, value, quote);
}

function cssValue(key: string, value: string, quote: "'" | '"'): string {
  if (UNITLESS.has(key) && /^-?\d+(\.\d+)?$/.test(value)) return value;
  return quoteString(value, quote);
}

interface ObjectWrite {
  located: LocatedElement;
  body: StylingBody;
  /** The key a property is written under, and the names it may already have there. */
  keyFor(property: string): { key: string; aliases: string[] };
  valueFor(key: string, value: string): string;
  /** The key of a breakpoint's block, or null when the breakpoint is a responsive value of each property. */
  breakpointKey(breakpoint: string): string | null;
}

/** Merges the change's declarations into the object: states as `&:state`, a breakpoint as the writer says. */
function mergeDeclarations(object: StyleObject, write: ObjectWrite, sourceFile: ts.SourceFile): void {
  const { located, body } = write;
  const quote = preferredQuote(sourceFile);
  const { states, breakpoints } = modifiersOf(body);
  const unknown = states.filter((m) => !PSEUDO_CLASSES.has(m));
  if (unknown.length > 0) throw unwritable(located, `the modifier ${unknown.join(', ')} has no CSS pseudo-class`);
  if (breakpoints.length > 1) throw unwritable(located, 'a style object targets one breakpoint at a time');
  const breakpoint = breakpoints[0];
  if (breakpoint && !MUI_BREAKPOINTS.has(breakpoint)) throw unwritable(located, `MUI has no ${breakpoint} breakpoint (its are xs, sm, md, lg, xl)`);
  const where = `${located.file.relative}`;
  let target = object;
  const block = breakpoint ? write.breakpointKey(breakpoint) : null;
  if (block) target = nestedObject(target, block, quote, sourceFile, where);
  for (const state of states) target = nestedObject(target, `&:${state}`, quote, sourceFile, where);
  for (const [property, value] of declarations(body)) {
    const { key, aliases } = write.keyFor(property);
    const code = value === null ? null : write.valueFor(key, value);
    if (!breakpoint || block) {
      setMember(target, key, aliases, code, quote);
      continue;
    }
    // A responsive value: the breakpoint's key in the property's object, the value at all widths kept as `xs`.
    const member = memberOf(target, key, aliases);
    if (member?.literal || member?.object) setMember(nestedObject(target, member.key!, quote, sourceFile, where), breakpoint, [], code, quote);
    else if (member && code !== null) setMember(target, key, aliases, `{ xs: ${member.text!.slice(member.keyText.length).replace(/^\s*:\s*/, '')}, ${breakpoint}: ${code} }`, quote);
    else if (code !== null) setMember(target, key, aliases, `{ ${breakpoint}: ${code} }`, quote);
  }
}

/** The `sx` object of the element (`literal`, or a new one) with the change merged in, as a MUI developer writes it. */
export function sxWithChange(located: LocatedElement, body: StylingBody, context: MutationContext, literal: ts.ObjectLiteralExpression | null): StyleObject {
  const sourceFile = sourceOf(located.file);
  const object = styleObjectOf(literal, sourceFile);
  const quote = preferredQuote(sourceFile);
  mergeDeclarations(
    object,
    {
      located,
      body,
      keyFor: (property) => {
        const camel = camelCase(kebabCase(property));
        const short = SX_SHORTHANDS[camel];
        return { key: short ?? camel, aliases: short ? [camel] : [] };
      },
      valueFor: (key, value) => sxValue(camelCase(Object.entries(SX_SHORTHANDS).find(([, s]) => s === key)?.[0] ?? key), value, context.theme, quote),
      breakpointKey: () => null,
    },
    sourceFile,
  );
  return object;
}

/** `sx`: merged into the element's `sx` object, or a new `sx` prop. */
export function muiSxStyling(located: LocatedElement, body: StylingBody, context: MutationContext): EditableFile[] {
  const { file, entry } = located;
  const sourceFile = sourceOf(file);
  const attribute = findAttribute(entry.opening, 'sx');
  if (!attribute && !isMuiComponent(sourceFile, entry.tagName)) {
    throw unwritable(located, 'only a MUI component takes sx: style it with CSS, or make it a MUI component (a Box)');
  }
  let literal: ts.ObjectLiteralExpression | null = null;
  let array: ts.ArrayLiteralExpression | null = null;
  if (attribute) {
    const initializer = attribute.initializer;
    const expression = initializer && ts.isJsxExpression(initializer) ? initializer.expression : undefined;
    if (expression && ts.isArrayLiteralExpression(expression)) {
      array = expression;
      literal = unconditionalEntryOf(expression);
    } else if (!expression || !ts.isObjectLiteralExpression(expression)) {
      throw unwritable(located, `its sx is \`${initializer?.getText(sourceFile) ?? 'empty'}\`, not an object literal the studio can merge into`);
    } else {
      literal = expression;
    }
  }
  const object = sxWithChange(located, body, context, literal);
  const rendered = () => renderStyleObject(object, '', file.indentUnit, file.eol ?? '\n');
  if (literal) writeStyleObject(file, literal, object, sourceFile);
  else if (array) insertArrayEntry(file, array, rendered(), sourceFile);
  else insertAttribute(file, entry.opening, `sx={${rendered()}}`);
  return [file];
}

/**
 * The entry of an `sx` array (`[{…}, active && {…}]`) a change merges into: its last object literal that always
 * applies (a later one overrides an earlier), or null when it has none. A conditional entry is the designer's
 * variant, not the element's style.
 */
export function unconditionalEntryOf(array: ts.ArrayLiteralExpression): ts.ObjectLiteralExpression | null {
  let found: ts.ObjectLiteralExpression | null = null;
  for (const element of array.elements) {
    let value: ts.Expression = element;
    while (ts.isParenthesizedExpression(value)) value = value.expression;
    if (ts.isObjectLiteralExpression(value)) found = value;
  }
  return found;
}

/** A new first entry of an `sx` array, so that its conditional entries still override it. */
function insertArrayEntry(file: EditableFile, array: ts.ArrayLiteralExpression, entry: string, sourceFile: ts.SourceFile): void {
  const first = array.elements[0];
  if (!first) {
    file.replace(array.getStart(sourceFile), array.end, `[${entry}]`);
    return;
  }
  const start = first.getStart(sourceFile);
  const separator = array.getText(sourceFile).includes('\n') ? `,${file.eol ?? '\n'}${indentationAt(file.text, start)}` : ', ';
  file.insert(start, `${entry}${separator}`);
}

/** Whether the `styled()` call's style function takes the theme (`({ theme }) => ({…})`). */
function takesTheme(object: ts.ObjectLiteralExpression): boolean {
  let node: ts.Node = object.parent;
  while (ts.isParenthesizedExpression(node)) node = node.parent;
  if (!ts.isArrowFunction(node)) return false;
  const [parameter] = node.parameters;
  return Boolean(parameter && ts.isObjectBindingPattern(parameter.name) && parameter.name.elements.some((e) => e.name.getText() === 'theme'));
}

/** `primary.main` → `.primary.main`, `grey.500` → `.grey[500]`: a palette key as a member chain. */
function memberChain(name: string, quote: "'" | '"'): string {
  return name
    .split('.')
    .map((part) => (/^[A-Za-z_$][\w$]*$/.test(part) ? `.${part}` : /^\d+$/.test(part) ? `[${part}]` : `[${quoteString(part, quote)}]`))
    .join('');
}

/**
 * A value as the MUI theme in scope gives it, where it is one of the theme's: a palette colour as
 * `theme.palette.primary.main`, a length of whole (or half) spacing units as `theme.spacing(2)`; else null.
 */
function themeValue(key: string, value: string, theme: ProjectTheme, quote: "'" | '"'): string | null {
  if (theme.tailwind !== null) return null;
  if (COLORED.test(key)) {
    const match = colorTokenFor(theme.scales.colors, value);
    if (match && match.alphaPercent === undefined) return `theme.palette${memberChain(match.token.name, quote)}`;
  }
  if (SPACED.test(key)) {
    const px = lengthInPx(value);
    const units = px === null ? null : px / spacingUnitPx(theme);
    if (units !== null && Number.isInteger(units * 2)) return `theme.spacing(${units})`;
  }
  return null;
}

/**
 * A `styled()` object (`literal`, or a new one) with the change merged in: CSS properties camelCased with CSS values,
 * and where the style function takes the theme, a breakpoint as its `[theme.breakpoints.up('md')]` and a value equal
 * to one of its tokens as the theme's (`theme.palette.primary.main`, `theme.spacing(2)`), as the file's own are.
 */
export function styledObjectWithChange(located: LocatedElement, body: StylingBody, context: MutationContext, literal: ts.ObjectLiteralExpression | null): StyleObject {
  const sourceFile = sourceOf(located.file);
  const object = styleObjectOf(literal, sourceFile);
  const quote = preferredQuote(sourceFile);
  const widths = new Map(context.theme.scales.breakpoints.map((token) => [token.name, token.value]));
  mergeDeclarations(
    object,
    {
      located,
      body,
      keyFor: (property) => ({ key: property.startsWith('--') ? property : camelCase(kebabCase(property)), aliases: [] }),
      valueFor: (key, value) => (literal && takesTheme(literal) ? themeValue(key, value, context.theme, quote) : null) ?? cssValue(key, value, quote),
      breakpointKey: (breakpoint) =>
        literal && takesTheme(literal) ? `[theme.breakpoints.up(${quoteString(breakpoint, quote)})]` : `@media (min-width:${widths.get(breakpoint) ?? `${{ xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 }[breakpoint]}px`})`,
    },
    sourceFile,
  );
  return object;
}

/** A `styled()` object: written into the declaration of the element's component. */
export function styledObjectStyling(located: LocatedElement, body: StylingBody, context: MutationContext): EditableFile[] {
  const { file, entry } = located;
  const sourceFile = sourceOf(file);
  const declared = styledDeclarationOf(sourceFile, entry.tagName);
  if (declared?.kind !== 'styled-object') throw unwritable(located, `<${entry.tagName}> is not a styled() component of its file`);
  const object = styledObjectWithChange(located, body, context, declared.node);
  writeStyleObject(file, declared.node, object, sourceFile);
  return [file];
}
