/**
 * Locals a removal left unused. Removing `<button onClick={() => setOpen(true)}>` leaves `setOpen` (or a
 * `handleOpen` it was the only user of) declared and never read, which `tsc --noUnusedLocals`, ESLint's
 * `no-unused-vars` and Biome all flag. What goes is what the project's developer would delete by hand, and nothing
 * whose going changes what the component does:
 * - only a name used before the change and nowhere after it, declared once in the file and not exported;
 * - a declaration whose value has no effect of its own goes whole: a function, an arrow, a literal, a name or a
 *   member of one, and a call of one of React's hooks that only hand back a value (`useState`, `useRef`,
 *   `useCallback`, `useMemo`, …): no effect runs differently, and the component's hooks change only when the
 *   whole call goes, which React Fast Refresh answers by remounting it;
 * - a destructuring loses only its unused names (`[open, setOpen]` → `[open]`, `[open, setOpen]` → `[, setOpen]`,
 *   `{ data, refetch }` → `{ data }`), so the call stays and the hooks stay as they were;
 * - a value with effects of its own (a custom hook, any other call) keeps its call when all its names go:
 *   `const navigate = useNavigate();` → `useNavigate();`, since what it does may matter and the component's hooks
 *   stay the same; the developer may delete it knowing that;
 * - the rounds repeat, since a handler that goes can leave the setter it called unused.
 * A parameter or a prop is never removed: the component's props are the developer's to change. Imports left
 * unused then go with the engine's import pass (`import-usage.ts`).
 */
import { ts } from 'ts-morph';
import { EditableFile } from '../engine/editable-file.js';
import { reparse, touched } from '../engine/import-usage.js';
import { identifierCounts, isCounted, linesOf } from '../engine/styled-declarations.js';
import { keepsUses, touchedNames } from '../engine/unchanged-uses.js';

/** React's hooks that hand back a value and run no effect: a call of one whose value is unused can go. */
const VALUE_HOOKS = new Set(['useState', 'useReducer', 'useRef', 'useCallback', 'useMemo', 'useId', 'useContext', 'useDeferredValue', 'useTransition']);

type Removal = [number, number, string];

/** A declaration that may lose names: the names it binds and how to remove those that are gone. */
interface Local {
  names: string[];
  removals(gone: ReadonlySet<string>): Removal[];
}

function hookName(call: ts.CallExpression): string | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'React') return callee.name.text;
  return null;
}

/** Whether evaluating the expression does nothing but make a value (so not evaluating it changes nothing). */
function withoutEffects(node: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node)) {
    return withoutEffects(node.expression);
  }
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isIdentifier(node) || ts.isLiteralExpression(node)) return true;
  if ([ts.SyntaxKind.TrueKeyword, ts.SyntaxKind.FalseKeyword, ts.SyntaxKind.NullKeyword].includes(node.kind)) return true;
  if (ts.isTemplateExpression(node)) return node.templateSpans.every((span) => withoutEffects(span.expression));
  if (ts.isPropertyAccessExpression(node)) return withoutEffects(node.expression);
  if (ts.isArrayLiteralExpression(node)) return node.elements.every((element) => !ts.isSpreadElement(element) && withoutEffects(element));
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.every(
      (p) => ts.isShorthandPropertyAssignment(p) || (ts.isPropertyAssignment(p) && !ts.isComputedPropertyName(p.name) && withoutEffects(p.initializer)),
    );
  }
  if (ts.isConditionalExpression(node)) return [node.condition, node.whenTrue, node.whenFalse].every(withoutEffects);
  if (ts.isBinaryExpression(node)) {
    const assigns = node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment;
    return !assigns && withoutEffects(node.left) && withoutEffects(node.right);
  }
  if (ts.isPrefixUnaryExpression(node)) {
    return node.operator !== ts.SyntaxKind.PlusPlusToken && node.operator !== ts.SyntaxKind.MinusMinusToken && withoutEffects(node.operand);
  }
  if (ts.isCallExpression(node)) return VALUE_HOOKS.has(hookName(node) ?? '');
  return false;
}

/** A destructuring's elements, without an array's holes. */
function bindingElements(pattern: ts.ArrayBindingPattern | ts.ObjectBindingPattern): ts.BindingElement[] {
  return (pattern.elements as readonly ts.Node[]).filter(ts.isBindingElement);
}

/** The removals that take the gone elements out of a destructuring (holes where a later array element stays). */
function patternRemovals(pattern: ts.ArrayBindingPattern | ts.ObjectBindingPattern, gone: ReadonlySet<string>, sourceFile: ts.SourceFile): Removal[] {
  const elements = bindingElements(pattern);
  const nameOf = (element: ts.BindingElement) => (ts.isIdentifier(element.name) ? element.name.text : null);
  const isGone = (element: ts.BindingElement) => gone.has(nameOf(element) ?? '');
  const lastKept = elements.findLastIndex((element) => !isGone(element));
  const removals: Removal[] = [];
  elements.forEach((element, i) => {
    if (!isGone(element)) return;
    if (i > lastKept) {
      // Trailing: from the end of the last element kept (its comma goes too).
      if (i === lastKept + 1 && lastKept >= 0) removals.push([elements[lastKept]!.end, elements.at(-1)!.end, '']);
      return;
    }
    if (ts.isArrayBindingPattern(pattern)) removals.push([element.getStart(sourceFile), element.end, '']);
    else removals.push([element.getStart(sourceFile), elements[i + 1]!.getStart(sourceFile), '']);
  });
  return removals;
}

/** Where a statement starts with the comments written right above it (no blank line between), which go with it. */
function attachedStart(statement: ts.Statement, sourceFile: ts.SourceFile): number {
  const text = sourceFile.text;
  let start = statement.getStart(sourceFile);
  for (const comment of (ts.getLeadingCommentRanges(text, statement.getFullStart()) ?? []).reverse()) {
    if (!/^[ \t]*\r?\n[ \t]*$/.test(text.slice(comment.end, start))) break;
    start = comment.pos;
  }
  return start;
}

/** A declaration whose value has an effect, without its names: the call alone (`useNavigate();`), so it still runs. */
function kept(statement: ts.VariableStatement, initializer: ts.Expression, sourceFile: ts.SourceFile): Removal {
  const semicolon = statement.getText(sourceFile).endsWith(';') ? ';' : '';
  return [statement.getStart(sourceFile), statement.end, `${initializer.getText(sourceFile)}${semicolon}`];
}

function isExported(statement: ts.Statement): boolean {
  return ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword || m.kind === ts.SyntaxKind.DeclareKeyword);
}

/** A `const`/`let`/`function` statement of a block or of the file as a local that may lose names, or null. */
function localOf(statement: ts.Statement, sourceFile: ts.SourceFile): Local | null {
  if (isExported(statement)) return null;
  const whole = (): Removal[] => {
    const range = linesOf(sourceFile.text, attachedStart(statement, sourceFile), statement.end);
    return range ? [[range[0], range[1], '']] : [];
  };
  if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
    return { names: [statement.name.text], removals: whole };
  }
  if (!ts.isVariableStatement(statement)) return null;
  const [declaration, ...others] = statement.declarationList.declarations;
  if (!declaration?.initializer || others.length > 0) return null;
  const initializer = declaration.initializer;
  const name = declaration.name;
  if (ts.isIdentifier(name)) {
    return { names: [name.text], removals: () => (withoutEffects(initializer) ? whole() : [kept(statement, initializer, sourceFile)]) };
  }
  const elements = bindingElements(name);
  // A nested pattern, a default or a rest: what a name's going would change is not plain to see.
  const plain = elements.every((e) => ts.isIdentifier(e.name) && !e.initializer && !e.dotDotDotToken && (ts.isArrayBindingPattern(name) || !e.propertyName));
  if (!plain || elements.length === 0) return null;
  const names = elements.map((e) => (e.name as ts.Identifier).text);
  return {
    names,
    removals(gone) {
      if (names.every((n) => gone.has(n))) return withoutEffects(initializer) ? whole() : [kept(statement, initializer, sourceFile)];
      return patternRemovals(name, gone, sourceFile);
    },
  };
}

/**
 * Every local of the file (its top-level statements and those of every block), and the names declared more than
 * once in it (by any declaration, parameters included), which are never touched. One walk: on a 140 KB page each
 * walk of the whole tree cost about as much as the rest of a removal.
 */
function localsAndTwice(sourceFile: ts.SourceFile): { locals: Local[]; twice: Set<string> } {
  const locals: Local[] = [];
  const seen = new Set<string>();
  const twice = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isSourceFile(node) || ts.isBlock(node)) {
      for (const statement of node.statements) {
        const local = localOf(statement, sourceFile);
        if (local) locals.push(local);
      }
    }
    const named = ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node) || ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node);
    if (named && node.name && ts.isIdentifier(node.name)) {
      if (seen.has(node.name.text)) twice.add(node.name.text);
      seen.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return { locals, twice };
}

/** The file's text after its edits and `removals`, worked out on a scratch copy. */
function textWith(file: EditableFile, removals: readonly Removal[]): string {
  const scratch = new EditableFile(file.relative, file.absolute, file.text, true, null);
  for (const edit of file.edits) scratch.replace(edit.start, edit.end, edit.text);
  for (const [start, end, text] of removals) scratch.replace(start, end, text);
  return scratch.resultText();
}

/** The removals not inside another one (a handler that goes takes its own locals with it). */
function outermost(removals: readonly Removal[]): Removal[] {
  const sorted = [...removals].sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const kept: Removal[] = [];
  for (const removal of sorted) {
    const last = kept.at(-1);
    if (last && removal[0] < last[1]) continue;
    kept.push(removal);
  }
  return kept;
}

/** Records, on a file the change edited, the removal of the locals its edits left unused (rules above). */
export function dropLocalsMadeUnused(file: EditableFile): void {
  const before = file.parsed?.sourceFile;
  if (!before || !file.changed) return;
  const { locals: declared, twice } = localsAndTwice(before);
  const locals = declared
    .map((local) => ({ ...local, names: local.names.filter((name) => !twice.has(name)) }))
    .filter((local) => local.names.length > 0);
  if (locals.length === 0) return;
  const names = new Set(locals.flatMap((local) => local.names));
  // A local is left unused only where the change took away text that names it, and not while it is used twice
  // (its declaration and a use) where the change leaves the text as it was: then no round would find one gone.
  const named = touchedNames(file, names);
  if (named.every((name) => keepsUses(file, before, name, isCounted, 2))) return;
  const usedBefore = identifierCounts(before, names);
  let removals: Removal[] = [];
  const gone = new Set<string>();
  // Each round may leave more unused (a handler's setter); a local's removals are worked out anew from all gone names.
  for (;;) {
    const usedAfter = identifierCounts(reparse(file, textWith(file, removals)), names);
    const newlyGone = [...names].filter((name) => !gone.has(name) && (usedBefore.get(name) ?? 0) > 1 && (usedAfter.get(name) ?? 0) <= 1);
    if (newlyGone.length === 0) break;
    for (const name of newlyGone) gone.add(name);
    removals = outermost(
      locals
        .filter((local) => local.names.some((name) => gone.has(name)))
        .flatMap((local) => local.removals(gone))
        .filter(([start, end]) => !touched(file, start, end)),
    );
  }
  for (const [start, end, text] of removals) file.replace(start, end, text);
}
