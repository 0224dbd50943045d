import type { MutationBody } from '../../contracts/changes.js';
import { CODEBASE_ID_ATTRIBUTE } from '../../contracts/dom.js';
import { appError } from '../../contracts/errors.js';
import { ts } from 'ts-morph';
import type { PropValue } from '../../contracts/change-values.js';
import type { EditableFile } from '../engine/editable-file.js';
import { quoteString } from '../engine/file-conventions.js';
import { describeElement, findAttribute, preferredQuote, propInitializer, setAttribute, sourceOf } from '../engine/jsx-source.js';
import type { MutationContext, MutationTransform } from '../engine/mutation-transform.js';
import { constantLiteralOf, contextReader, resolveConstant, type ConstantLiteral } from './project-declarations.js';
import { readInitializer } from './prop-initializer.js';

type Literal = ConstantLiteral;

/**
 * `tone={DEFAULT_TONE}` where the project declares `const DEFAULT_TONE = 'green'` (in this file or a module it
 * imports; also `texts.DEFAULT_TONE` of a namespace import, and `texts.group.KEY`, a member of a literal object): the
 * constant's literal, which a new value of the same type is written over, so every use of the constant
 * shows it (the lookup names them before). Null for anything else: a `let`, a computed value, a package's constant.
 */
function constantLiteral(context: MutationContext, file: EditableFile, attribute: ts.JsxAttribute): { file: EditableFile; literal: Literal } | null {
  const declared = resolveConstant(sourceOf(file), file.relative, attribute, contextReader(context));
  const literal = declared && constantLiteralOf(declared);
  return literal ? { file: context.file(declared.relative), literal } : null;
}

/** The new value written as the constant's literal, when it is of the literal's own type (a string stays a string). */
function literalText(literal: Literal, value: Exclude<PropValue, null>, sourceFile: ts.SourceFile): string | null {
  if (typeof value === 'string' && (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal))) {
    const quote = sourceFile.text[literal.getStart(sourceFile)] === '"' ? '"' : "'";
    return quoteString(value, quote);
  }
  if (typeof value === 'number' && ts.isNumericLiteral(literal) && Number.isFinite(value) && value >= 0) return String(value);
  if (typeof value === 'boolean' && (literal.kind === ts.SyntaxKind.TrueKeyword || literal.kind === ts.SyntaxKind.FalseKeyword)) return String(value);
  return null;
}

/**
 * Sets a prop to a string, number, boolean or expression, or removes it (`null`). A prop bound to an expression in
 * the source is replaced or removed only when the request says `replaceExpression`: an edit of a value shown in the
 * inspector must never silently turn `value={data ? n : '—'}` into `value={99}`.
 */
export const changePropValue: MutationTransform<MutationBody<'changePropValue'>> = (context, body) => {
  const located = context.element(body.elementToModify, 'element to change a prop of');
  if (body.propName === CODEBASE_ID_ATTRIBUTE || body.propName === 'key') {
    throw appError('INVALID_CHANGE', 'changePropValue', `propName "${body.propName}": this prop is managed by React or the studio`);
  }
  const where = `prop ${body.propName} of ${describeElement(located)}`;
  // Why: React ignores a `children` prop beside children written between the tags; the write would change nothing.
  if (body.propName === 'children' && ts.isJsxElement(located.entry.node) && located.entry.node.children.some((child) => !ts.isJsxText(child) || !child.containsOnlyTriviaWhiteSpaces)) {
    throw appError(
      'INVALID_CHANGE',
      'changePropValue',
      `propName "children": ${describeElement(located)} has children written between its tags, which a children prop beside them would not replace. Change its text with editText, or its elements with addJsxElement, removeJsxElement and moveJsxElement`,
    );
  }
  const sourceFile = sourceOf(located.file);
  const existing = findAttribute(located.entry.opening, body.propName);
  if (existing && body.replaceExpression !== true) {
    const reading = readInitializer(existing, sourceFile);
    const constant = reading.kind === 'expression' && body.propValue !== null ? constantLiteral(context, located.file, existing) : null;
    const text = constant && body.propValue !== null ? literalText(constant.literal, body.propValue, constant.literal.getSourceFile()) : null;
    if (constant && text !== null) {
      constant.file.replace(constant.literal.getStart(constant.literal.getSourceFile()), constant.literal.end, text);
      return [constant.file];
    }
    if (reading.kind === 'expression') throw appError('PROP_BOUND_TO_EXPRESSION', where, reading.text);
  }
  const initializer = body.propValue === null ? null : propInitializer(body.propValue, preferredQuote(sourceFile), where);
  setAttribute(located.file, located.entry.opening, body.propName, initializer);
  return [located.file];
};
