import path from 'node:path';
import { ts } from 'ts-morph';
import { camelCase, kebabCase } from '../../contracts/css-properties.js';
import { cssValueProblem } from '../../contracts/source-grammar.js';
import { BREAKPOINTS, isBreakpoint, withVariants } from '../../contracts/tailwind-variants.js';
import { appError } from '../../contracts/errors.js';
import type { ProjectTheme } from '../../contracts/project-theme.js';
import { classHomesOf, editClasses, staticClasses, type ClassHomes } from './class-list.js';
import { breakpointClearsFor } from './all-widths.js';
import { classMergerFor } from './class-merge.js';
import { assertTakesClassName } from './component-checks.js';
import { cssModuleStyling } from './css-module-styling.js';
import { checkedTailwindClassFor, probeClassFor, themeCssValueFor } from './css-to-tailwind.js';
import type { EditableFile } from '../engine/editable-file.js';
import { insertImports } from '../engine/file-conventions.js';
import { findAttribute, indentationAt, insertAttribute, preferredQuote, quoteString, sourceOf, unwritable } from '../engine/jsx-source.js';
import type { LocatedElement, MutationContext, MutationTransform } from '../engine/mutation-transform.js';
import { ruleClassFor } from './rule-class-name.js';
import type { StylingIdiom } from '../../contracts/styling-idioms.js';
import { chooseIdiom, elementStyling } from '../styling/styling-systems.js';
import { emotionCssStyling } from '../styling/emotion-css.js';
import { muiSxStyling } from '../styling/mui-sx.js';
import { styledObjectHomeStyling, transformFollow } from '../styling/styled-home.js';
import { styledWrapperStyling } from '../styling/styled-wrapper.js';
import { styledTemplateStyling } from '../styling/styled-template.js';
import { declarations, PSEUDO_CLASSES, type StylingBody } from '../styling/style-change.js';
import { bootstrapStyling } from '../styling/bootstrap-utilities.js';
import { stylePropsStyling } from '../styling/style-props.js';
import { plainElementStyling } from '../styling/plain-element.js';

type Body = StylingBody;

function propertyKey(name: ts.PropertyName): string | null {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return camelCase(name.text);
  return null;
}

/**
 * Inline: merges into the `style={{…}}` object, camelCased keys, rewriting only that object; a token's value as CSS
 * mode writes it (its theme variable), so both modes speak the project's tokens alike.
 */
function inlineStyling(located: LocatedElement, body: Body, theme: ProjectTheme): void {
  if (body.modifiers.length > 0) {
    throw unwritable(located, `an inline style cannot apply only for ${body.modifiers.join(', ')}; use Tailwind or CSS for modifiers and breakpoints`);
  }
  const { file, entry } = located;
  const sourceFile = sourceOf(file);
  const quote = preferredQuote(sourceFile);
  const attribute = findAttribute(entry.opening, 'style');
  const initializer = attribute?.initializer;
  let object: ts.ObjectLiteralExpression | null = null;
  if (attribute) {
    const expression = initializer && ts.isJsxExpression(initializer) ? initializer.expression : undefined;
    if (!expression || !ts.isObjectLiteralExpression(expression)) {
      throw unwritable(located, `its style is \`${initializer?.getText(sourceFile) ?? 'empty'}\`, not an object literal the studio can merge into`);
    }
    object = expression;
  }
  const properties: Array<{ key: string; text: string }> = [];
  for (const property of object?.properties ?? []) {
    const key = ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property) ? propertyKey(property.name) : null;
    properties.push({ key: key ?? `\0${properties.length}`, text: property.getText(sourceFile) });
  }
  for (const [property, value] of declarations(body)) {
    const key = camelCase(kebabCase(property));
    const index = properties.findIndex((p) => p.key === key);
    const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : quoteString(key, quote);
    const text = value === null ? null : `${name}: ${quoteString(themeCssValueFor(property, value, theme), quote)}`;
    if (index === -1 && text) properties.push({ key, text });
    else if (index !== -1 && text) properties[index] = { key, text };
    else if (index !== -1) properties.splice(index, 1);
  }
  if (properties.length === 0) {
    if (attribute) file.replace(attribute.getStart(sourceFile) - 1, attribute.end, '');
    return;
  }
  if (!object) {
    insertAttribute(file, entry.opening, `style={{ ${properties.map((p) => p.text).join(', ')} }}`);
    return;
  }
  const original = object.getText(sourceFile);
  if (!original.includes('\n')) {
    file.replace(object.getStart(sourceFile), object.end, `{ ${properties.map((p) => p.text).join(', ')} }`);
    return;
  }
  const first = object.properties[0];
  const indent = first ? indentationAt(file.text, first.getStart(sourceFile)) : indentationAt(file.text, object.getStart(sourceFile)) + file.indentUnit;
  const closingIndent = indentationAt(file.text, object.end - 1);
  const trailingComma = object.properties.hasTrailingComma || !first ? ',' : '';
  const lines = properties.map((p, i) => `${indent}${p.text}${i < properties.length - 1 ? ',' : trailingComma}`);
  file.replace(object.getStart(sourceFile), object.end, `{\n${lines.join('\n')}\n${closingIndent}}`);
}

/**
 * Tailwind: one class per declaration, with variants, as the project's token where the value is one; a class
 * replaces those it conflicts with, and sides collapse to their shortest form.
 */
function tailwindStyling(located: LocatedElement, body: Body, theme: ProjectTheme, homes: ClassHomes): EditableFile[] {
  const add: string[] = [];
  const clear: string[] = [];
  for (const [property, value, field] of declarations(body)) {
    if (value === null) clear.push(withVariants(probeClassFor(property), body.modifiers));
    else add.push(withVariants(checkedTailwindClassFor(property, value, 'styling', field, theme), body.modifiers));
  }
  // A project whose styling was read and has no Tailwind would get classes nothing generates: no effect at all.
  if (theme.stylingFramework === 'CSS') {
    throw unwritable(located, 'the project has no Tailwind, so its classes would have no effect: style it with CSS or inline');
  }
  if (!body.modifiers.some(isBreakpoint)) {
    const probes = declarations(body).map(([property]) => probeClassFor(property));
    clear.push(...breakpointClearsFor(staticClasses(located), probes, body.modifiers, theme));
  }
  return editClasses(located, { add, remove: [], replaceConflicts: true, requirePresent: false, clearConflictsWith: clear, merge: classMergerFor(theme) }, homes);
}

/**
 * The stylesheet the element's file imports (a relative plain `.css` import), else the project's own (`shared`, when
 * it exists), else the one to create next to it.
 */
function stylesheetFor(file: EditableFile, shared?: EditableFile | null): { relative: string; imported: boolean } {
  const sourceFile = sourceOf(file);
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (specifier.startsWith('.') && specifier.endsWith('.css') && !specifier.endsWith('.module.css')) {
      return { relative: path.posix.normalize(path.posix.join(path.posix.dirname(file.relative), specifier)), imported: true };
    }
  }
  // The app imports its own stylesheet already: a rule there needs no import.
  if (shared?.existed) return { relative: shared.relative, imported: true };
  const base = path.posix.basename(file.relative).replace(/\.[jt]sx$/, '');
  return { relative: path.posix.join(path.posix.dirname(file.relative), `${base}.css`), imported: false };
}

/**
 * Merges declarations into the rule block the studio writes for `selector` (inside `media` when given), with the
 * stylesheet's own line ending and indentation (those of the element's file for a new stylesheet).
 */
function mergeRule(sheet: EditableFile, selector: string, media: string | null, changes: Array<[string, string | null, string]>): void {
  const eol = sheet.eol ?? '\n';
  const unit = sheet.indentUnit;
  const inner = media ? unit : '';
  const header = media ? `${media} {${eol}${unit}${selector} {${eol}` : `${selector} {${eol}`;
  const footer = media ? `${unit}}${eol}}${eol}` : `}${eol}`;
  const text = sheet.text;
  const at = text.startsWith(header) ? 0 : text.indexOf(`\n${header}`) + 1;
  const found = at > 0 || text.startsWith(header);
  const current = new Map<string, string>();
  let end = at;
  if (found) {
    const close = text.indexOf(`\n${footer.split(eol)[0]}`, at + header.length - 1);
    if (close === -1) throw appError('UNWRITABLE_PATTERN', sheet.relative, `the rule for ${selector} is not closed the way the studio writes it`);
    for (const line of text.slice(at + header.length, close + 1).split('\n')) {
      const match = /^\s*([-\w]+)\s*:\s*(.*?);\s*$/.exec(line);
      if (match) current.set(match[1]!, match[2]!);
    }
    end = close + 1 + footer.length;
  }
  for (const [property, value, field] of changes) {
    const problem = value === null ? null : cssValueProblem(value);
    if (problem) throw appError('INVALID_CHANGE', 'styling', `${field}: ${problem}`);
    if (value === null) current.delete(kebabCase(property));
    else current.set(kebabCase(property), value);
  }
  // A value the studio did not write (a hand edit inside its rule) is kept only if it cannot break the rule.
  for (const [property, value] of current) {
    const problem = cssValueProblem(value);
    if (problem) throw appError('UNWRITABLE_PATTERN', sheet.relative, `the declaration of ${property} in the rule for ${selector}: ${problem}`);
  }
  const block = current.size === 0 ? '' : header + [...current].map(([p, v]) => `${inner}${unit}${p}: ${v};${eol}`).join('') + footer;
  // A rule emptied goes with the blank line that set it apart.
  const blank = !block && found && text.slice(0, at).endsWith(`${eol}${eol}`) ? eol.length : 0;
  if (found) sheet.replace(at - blank, Math.min(end, text.length), block);
  else if (block) sheet.insert(text.length, (text.length > 0 && !text.endsWith('\n') ? eol : '') + (text.length > 0 ? eol : '') + block);
}

/**
 * CSS: a rule for a class of the element, in the stylesheet its file imports (created and imported if needed).
 * `overriding`: the element's classes the rule replaces (Bootstrap's utilities, which win by `!important`); with them
 * the rule may go into the project's own stylesheet, as a Bootstrap project writes what no utility has.
 */
function cssStyling(located: LocatedElement, body: Body, context: MutationContext, overriding: readonly string[] | null = null): EditableFile[] {
  const states = body.modifiers.filter((m) => !isBreakpoint(m));
  const breakpoints = body.modifiers.filter(isBreakpoint);
  const unknown = states.filter((m) => !PSEUDO_CLASSES.has(m));
  if (unknown.length > 0) throw unwritable(located, `the modifier ${unknown.join(', ')} has no CSS pseudo-class`);
  if (breakpoints.length > 1) throw unwritable(located, 'a CSS rule targets one breakpoint at a time');
  const values = declarations(body).map(([property, value, field]): [string, string | null, string] => [
    property,
    value === null ? null : themeCssValueFor(property, value, context.theme),
    field,
  ]);
  // An element styled by a CSS module (or without a class, in a file that imports one) is styled in its module.
  const viaModule = cssModuleStyling(located, { states, breakpoint: breakpoints[0], values }, context);
  if (viaModule) return viaModule;
  const { file } = located;
  const shared = overriding && context.theme.styling?.stylesheet ? context.file(context.theme.styling.stylesheet) : null;
  const target = stylesheetFor(file, shared);
  const sheet = context.file(target.relative);
  sheet.layoutSource = file;
  // A class of the element's own, named after its component and part, so the rule targets it and nothing else.
  const fileBase = path.posix.basename(file.relative).replace(/\.[jt]sx$/, '');
  const { className, isNew } = ruleClassFor(located.entry, staticClasses(located), sheet.text, fileBase);
  if (isNew || (overriding?.length ?? 0) > 0) editClasses(located, { add: isNew ? [className] : [], remove: [...(overriding ?? [])], replaceConflicts: false, requirePresent: false });
  const selector = `.${className}${states.map((s) => `:${s}`).join('')}`;
  const breakpoint = breakpoints[0];
  mergeRule(sheet, selector, breakpoint ? `@media (width >= ${BREAKPOINTS[breakpoint]})` : null, values);
  // At all widths: the studio's own rules for the class at a breakpoint would still override it there.
  if (!breakpoint) {
    const cleared = values.map(([property, , field]): [string, null, string] => [property, null, field]);
    for (const width of Object.values(BREAKPOINTS)) mergeRule(sheet, selector, `@media (width >= ${width})`, cleared);
  }
  if (!target.imported && sheet.changed) {
    insertImports(file, [{ sideEffect: true, specifier: `./${path.posix.basename(target.relative)}` }]);
  }
  return [file, sheet];
}

type IdiomWriter = (located: LocatedElement, body: Body, context: MutationContext) => EditableFile[];

/**
 * How each idiom is written: the one dispatch of a styling change (`chooseIdiom` picks the row). Typed over every
 * idiom, so an idiom added to the contract without its writer does not compile.
 */
const IDIOM_WRITERS: Record<StylingIdiom, IdiomWriter> = {
  tailwind: (located, body, context) => {
    assertTakesClassName(context, located);
    return tailwindStyling(located, body, context.theme, classHomesOf(context, body.classHome));
  },
  inline: (located, body, context) => {
    inlineStyling(located, body, context.theme);
    return [located.file];
  },
  css: classedCssStyling,
  'css-module': classedCssStyling,
  'mui-sx': muiSxStyling,
  'styled-object': styledObjectHomeStyling,
  'styled-template': styledTemplateStyling,
  bootstrap: (located, body, context) => {
    assertTakesClassName(context, located);
    return bootstrapStyling(located, body, context, cssStyling);
  },
  'style-props': (located, body, context) => stylePropsStyling(located, body, context, classedCssStyling),
  'emotion-css': emotionCssStyling,
  'styled-wrapper': styledWrapperStyling,
};

function classedCssStyling(located: LocatedElement, body: Body, context: MutationContext): EditableFile[] {
  assertTakesClassName(context, located);
  return cssStyling(located, body, context);
}

/** Styles an element in the idiom the change names, else the element's own, else the project's (`chooseIdiom`). */
export const styling: MutationTransform<Body> = (context, body) => {
  const located = context.element(body.reactElement, 'element to style');
  const choice = { framework: body.stylingFramework, requested: body.idiom, styling: context.theme.styling };
  const sourceFile = sourceOf(located.file);
  const idiom = chooseIdiom(sourceFile, located.entry.opening, choice, transformFollow(located, context));
  // A plain element takes the project's way with one (a styled component, a Box) in that idiom, not a refusal.
  const host = context.theme.styling?.host;
  if (host?.idiom === idiom && elementStyling(sourceFile, located.entry.opening).plain) return plainElementStyling(located, body, context, host);
  return IDIOM_WRITERS[idiom](located, body, context);
};
