/**
 * Styled components a change made unused: retagging `<Title>` to `<h2>` or removing the last `<Title>` leaves
 * `const Title = styled.h1\`…\`` declared and never read, which `noUnusedLocals` and every linter flag. A
 * declaration of the file's own, not exported, whose value is made by `styled` (`styled.h1\`…\``,
 * `styled(Card)\`…\``, `styled('div')({…})`, `.attrs(…)` too), used before the change and nowhere after it, goes
 * with its lines; the `styled` import it leaves unused then goes with the other imports (`import-usage.ts`).
 */
import { ts } from 'ts-morph';
import type { EditableFile } from './editable-file.js';
import { keepsUses, touchedNames } from './unchanged-uses.js';
import { aloneOnLine, lineEndOf, lineStartOf } from './jsx-source.js';

/** The identifier an expression chain starts from: `styled` for `styled(Card).attrs({})\`…\``. */
function rootIdentifier(node: ts.Expression): ts.Identifier | null {
  let current: ts.Node = node;
  for (;;) {
    if (ts.isIdentifier(current)) return current;
    if (ts.isTaggedTemplateExpression(current)) current = current.tag;
    else if (ts.isCallExpression(current)) current = current.expression;
    else if (ts.isPropertyAccessExpression(current) || ts.isParenthesizedExpression(current)) current = current.expression;
    else return null;
  }
}

/** The name a top-level `const X = styled…` declares, or null for any other statement. */
function styledName(statement: ts.Statement): string | null {
  if (!ts.isVariableStatement(statement) || statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return null;
  const [declaration, ...others] = statement.declarationList.declarations;
  if (!declaration || others.length > 0 || !ts.isIdentifier(declaration.name) || !declaration.initializer) return null;
  const made = declaration.initializer;
  if (!ts.isTaggedTemplateExpression(made) && !ts.isCallExpression(made)) return null;
  return rootIdentifier(made)?.text === 'styled' ? declaration.name.text : null;
}

/** Whether `identifierCounts` counts the identifier: not a member's or an attribute's name. */
export function isCounted(identifier: ts.Identifier): boolean {
  const parent = identifier.parent;
  return !((ts.isPropertyAccessExpression(parent) && parent.name === identifier) || (ts.isJsxAttribute(parent) && parent.name === identifier));
}

/** How many times each name is written as an identifier that is not a member or attribute name. */
export function identifierCounts(sourceFile: ts.SourceFile, names: Set<string>): Map<string, number> {
  const counts = new Map<string, number>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && names.has(node.text) && isCounted(node)) counts.set(node.text, (counts.get(node.text) ?? 0) + 1);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return counts;
}

/** The whole lines of `[start, end)` with a blank line that would be left doubled, or null when it shares a line. */
export function linesOf(text: string, start: number, end: number): [number, number] | null {
  if (!aloneOnLine(text, start, end)) return null;
  const from = lineStartOf(text, start);
  const lineEnd = lineEndOf(text, end);
  const newline = text.indexOf('\n', lineEnd);
  let to = newline === -1 ? text.length : newline + 1;
  const blankBefore = from === 0 || /\n[ \t]*\r?\n$/.test(text.slice(0, from));
  const blankAfter = /^[ \t]*\r?\n/.exec(text.slice(to));
  if (blankBefore && blankAfter) to += blankAfter[0].length;
  return [from, to];
}

/** Records, on a file the change edited, the removal of the styled components its edits left unused. */
export function dropStyledDeclarationsMadeUnused(file: EditableFile): void {
  const before = file.parsed?.sourceFile;
  if (!before || !file.changed) return;
  const declared = new Map<string, ts.Statement>();
  for (const statement of before.statements) {
    const name = styledName(statement);
    if (name) declared.set(name, statement);
  }
  const names = new Set(declared.keys());
  // A declaration is left unused only where the change took away text that names it, and not while it is used
  // twice (its declaration and a use) where the change leaves the text as it was.
  const named = touchedNames(file, names);
  if (named.every((name) => keepsUses(file, before, name, isCounted, 2))) return;
  const kind = file.relative.endsWith('.jsx') ? ts.ScriptKind.JSX : ts.ScriptKind.TSX;
  const after = ts.createSourceFile(file.relative, file.resultText(), ts.ScriptTarget.Latest, true, kind);
  const usedBefore = identifierCounts(before, names);
  const usedAfter = identifierCounts(after, names);
  for (const [name, statement] of declared) {
    // Its own declaration is one: used before the change, and only declared after it.
    if ((usedBefore.get(name) ?? 0) < 2 || (usedAfter.get(name) ?? 0) > 1) continue;
    const range = linesOf(file.text, statement.getStart(before), statement.end);
    if (!range) continue;
    const [from, to] = range;
    if (file.edits.some((edit) => edit.start < to && from < edit.end)) continue;
    file.replace(from, to, '');
  }
}
