/**
 * emotion's `css` prop, as a project that styles with it writes it: the change merged into the element's css object
 * (`css={{ color: 'teal' }}`, the object a `css={(theme) => ({…})}` returns, an array's entry that always applies)
 * with CSS values, states as `'&:hover'` and a breakpoint as a media query, or into its template
 * (`css={css\`…\`}`); an element without one (a plain element of such a project) gets a new `css={{…}}` prop.
 */
import { ts } from 'ts-morph';
import type { EditableFile } from '../engine/editable-file.js';
import { findAttribute, insertAttribute, sourceOf, unwritable } from '../engine/jsx-source.js';
import type { LocatedElement, MutationContext } from '../engine/mutation-transform.js';
import { styledObjectWithChange, unconditionalEntryOf } from './mui-sx.js';
import type { StylingBody } from './style-change.js';
import { renderStyleObject, writeStyleObject } from './style-object.js';
import { writeTemplate } from './styled-template.js';

function unparenthesized(expression: ts.Expression): ts.Expression {
  let inner = expression;
  while (ts.isParenthesizedExpression(inner)) inner = inner.expression;
  return inner;
}

/** What of a `css` prop's value a change goes into: its object literal or its `css` template, or null. */
function writableTarget(expression: ts.Expression): ts.ObjectLiteralExpression | ts.TaggedTemplateExpression | null {
  let value = unparenthesized(expression);
  if (ts.isArrowFunction(value) && !ts.isBlock(value.body)) value = unparenthesized(value.body);
  if (ts.isArrayLiteralExpression(value)) {
    // The last entry that always applies: an object (as `sx` arrays), or a `css` template.
    return unconditionalEntryOf(value) ?? value.elements.map(unparenthesized).filter(isCssTemplate).at(-1) ?? null;
  }
  return ts.isObjectLiteralExpression(value) || isCssTemplate(value) ? value : null;
}

function isCssTemplate(expression: ts.Expression): expression is ts.TaggedTemplateExpression {
  return ts.isTaggedTemplateExpression(expression) && ts.isIdentifier(expression.tag) && expression.tag.text === 'css';
}

/** Writes a styling change into the element's `css` prop, or gives it one. */
export function emotionCssStyling(located: LocatedElement, body: StylingBody, context: MutationContext): EditableFile[] {
  const { file, entry } = located;
  const sourceFile = sourceOf(file);
  const attribute = findAttribute(entry.opening, 'css');
  if (!attribute) {
    const object = styledObjectWithChange(located, body, context, null);
    insertAttribute(file, entry.opening, `css={${renderStyleObject(object, '', file.indentUnit, file.eol ?? '\n')}}`);
    return [file];
  }
  const initializer = attribute.initializer;
  const expression = initializer && ts.isJsxExpression(initializer) ? initializer.expression : undefined;
  const target = expression ? writableTarget(expression) : null;
  if (!target) throw unwritable(located, `its css is \`${initializer?.getText(sourceFile) ?? 'empty'}\`, not an object or a css\`…\` template the studio can merge into`);
  if (ts.isTaggedTemplateExpression(target)) {
    writeTemplate(located, body, target.template, `the css of <${entry.tagName}>`);
    return [file];
  }
  writeStyleObject(file, target, styledObjectWithChange(located, body, context, target), sourceFile);
  return [file];
}
