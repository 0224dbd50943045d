/**
 * Imports a change made unused: a project type-checked with `noUnusedLocals` stops compiling when removing,
 * moving or retagging the last use of a component leaves its import behind. After a change, the bindings that
 * were used before it and are used nowhere after it are removed (the whole declaration when none is left). An
 * import that was already unused, and a side-effect import, are never touched: only what the change caused.
 */
import { ts } from 'ts-morph';
import type { EditableFile } from './editable-file.js';
import { lineEndOf, lineStartOf } from './jsx-source.js';

function containsJsx(node: ts.Node): boolean {
  if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)) return true;
  return ts.forEachChild(node, containsJsx) ?? false;
}

/** Whether the identifier names a value or type here, rather than a member, key or attribute named like one. */
function isReference(identifier: ts.Identifier): boolean {
  const parent = identifier.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === identifier) return false;
  if (ts.isQualifiedName(parent) && parent.right === identifier) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent) || ts.isPropertyDeclaration(parent) || ts.isPropertySignature(parent)) && parent.name === identifier) return false;
  if (ts.isJsxAttribute(parent) && parent.name === identifier) return false;
  return true;
}

/**
 * Every name the file refers to outside its import declarations. Shadowing is not resolved: a local of the same
 * name counts as a use, so the answer errs on keeping an import, never on removing a used one.
 */
export function referencedNames(sourceFile: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node) && isReference(node)) names.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return names;
}

interface Binding {
  name: string;
  node: ts.Node;
}

function bindingsOf(clause: ts.ImportClause): { defaultBinding: Binding | null; namespace: Binding | null; named: Binding[] } {
  const bindings = clause.namedBindings;
  return {
    defaultBinding: clause.name ? { name: clause.name.text, node: clause.name } : null,
    namespace: bindings && ts.isNamespaceImport(bindings) ? { name: bindings.name.text, node: bindings } : null,
    named: bindings && ts.isNamedImports(bindings) ? bindings.elements.map((element) => ({ name: element.name.text, node: element })) : [],
  };
}

/** Whether an edit of the change already touches `[start, end)` (or inserts inside it): then the import is left as it is. */
function touched(file: EditableFile, start: number, end: number): boolean {
  return file.edits.some((edit) => edit.start < end && start < edit.end && !(edit.start === edit.end && (edit.start === start || edit.start === end)));
}

/** Removes the whole declaration with its line (the line break before it, or after it on the first line). */
function removeDeclaration(file: EditableFile, sourceFile: ts.SourceFile, declaration: ts.ImportDeclaration): void {
  const start = declaration.getStart(sourceFile);
  const end = declaration.end;
  const text = file.text;
  const lineStart = lineStartOf(text, start);
  const lineEnd = lineEndOf(text, end);
  const alone = /^[ \t]*$/.test(text.slice(lineStart, start)) && /^[ \t]*$/.test(text.slice(end, lineEnd));
  if (!alone) {
    if (!touched(file, start, end)) file.replace(start, end, '');
    return;
  }
  if (lineStart > 0) {
    const breakStart = lineStart >= 2 && text.charCodeAt(lineStart - 2) === 13 ? lineStart - 2 : lineStart - 1;
    if (!touched(file, breakStart, lineEnd)) file.replace(breakStart, lineEnd, '');
    return;
  }
  const next = text.indexOf('\n', lineEnd);
  const to = next === -1 ? text.length : next + 1;
  if (!touched(file, lineStart, to)) file.replace(lineStart, to, '');
}

/** Removes some bindings of a declaration that keeps others. */
function removeBindings(file: EditableFile, sourceFile: ts.SourceFile, clause: ts.ImportClause, gone: Set<string>): void {
  const { defaultBinding, namespace, named } = bindingsOf(clause);
  const bindings = clause.namedBindings;
  const keptNamed = named.filter((b) => !gone.has(b.name));
  const edit = (start: number, end: number) => {
    if (!touched(file, start, end)) file.replace(start, end, '');
  };
  if (defaultBinding && gone.has(defaultBinding.name) && bindings) {
    // `Card, { Title }` → `{ Title }`
    edit(defaultBinding.node.getStart(sourceFile), bindings.getStart(sourceFile));
  }
  if (!bindings) return;
  const namedGone = namespace ? gone.has(namespace.name) : named.length > 0 && keptNamed.length === 0;
  if (namedGone && defaultBinding && !gone.has(defaultBinding.name)) {
    // `Card, { Title }` → `Card`
    edit(defaultBinding.node.end, bindings.end);
    return;
  }
  if (!ts.isNamedImports(bindings)) return;
  const elements = bindings.elements;
  elements.forEach((element, i) => {
    if (!gone.has(element.name.text)) return;
    const next = elements[i + 1];
    if (next) {
      edit(element.getStart(sourceFile), next.getStart(sourceFile));
      return;
    }
    // The last one: from the end of the one before it that stays, so its comma goes too.
    const previous = elements.slice(0, i).findLast((e) => !gone.has(e.name.text));
    if (previous) edit(previous.end, element.end);
  });
}

/**
 * Records, on a file the change edited, the removal of the imports its edits made unused: bindings referred to
 * in the text before the change and nowhere in the text after it.
 */
export function dropImportsMadeUnused(file: EditableFile): void {
  const before = file.parsed?.sourceFile;
  if (!before || !file.changed) return;
  // Most edits leave the file's names alone: the second parse is paid only by a file with bindings to lose.
  if (!before.statements.some((statement) => ts.isImportDeclaration(statement) && statement.importClause)) return;
  const usedBefore = referencedNames(before);
  const kind = file.relative.endsWith('.jsx') ? ts.ScriptKind.JSX : ts.ScriptKind.TSX;
  const after = ts.createSourceFile(file.relative, file.resultText(), ts.ScriptTarget.Latest, true, kind);
  const usedAfter = referencedNames(after);
  // The classic JSX runtime needs `React` in scope wherever JSX is left, used by name or not.
  const hasJsx = /<[A-Za-z>]/.test(after.text) && containsJsx(after);
  for (const statement of before.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
    const { defaultBinding, namespace, named } = bindingsOf(statement.importClause);
    const all = [defaultBinding, namespace, ...named].filter((b): b is Binding => b !== null);
    const gone = new Set(all.filter((b) => usedBefore.has(b.name) && !usedAfter.has(b.name) && !(b.name === 'React' && hasJsx)).map((b) => b.name));
    if (gone.size === 0) continue;
    if (gone.size === all.length) removeDeclaration(file, before, statement);
    else removeBindings(file, before, statement.importClause, gone);
  }
}
