/**
 * Imports a change made unused: a project type-checked with `noUnusedLocals` stops compiling when removing,
 * moving or retagging the last use of a component leaves its import behind. After a change, the bindings that
 * were used before it and are used nowhere after it are removed (the whole declaration when none is left). An
 * import that was already unused, and a side-effect import, are never touched: only what the change caused.
 */
import { ts } from 'ts-morph';
import type { EditableFile } from './editable-file.js';
import { aloneOnLine, lineEndOf, lineStartOf } from './jsx-source.js';
import { keepsUses, touchedNames } from './unchanged-uses.js';

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

/** Whether the identifier is a use of a name outside the import declarations (which bind names, not use them). */
export function refersToImport(identifier: ts.Identifier): boolean {
  if (!isReference(identifier)) return false;
  for (let node: ts.Node = identifier; !ts.isSourceFile(node); node = node.parent) if (ts.isImportDeclaration(node)) return false;
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

/** The file's text after the change (or `text`), parsed as the kind of file it is. */
export function reparse(file: EditableFile, text = file.resultText()): ts.SourceFile {
  const kind = file.relative.endsWith('.jsx') ? ts.ScriptKind.JSX : ts.ScriptKind.TSX;
  return ts.createSourceFile(file.relative, text, ts.ScriptTarget.Latest, true, kind);
}

/** Whether an edit of the change already touches `[start, end)` (or inserts inside it): then the import is left as it is. */
export function touched(file: EditableFile, start: number, end: number): boolean {
  return file.edits.some((edit) => edit.start < end && start < edit.end && !(edit.start === edit.end && (edit.start === start || edit.start === end)));
}

/** A part of the original text to remove: `[start, end)`. */
type Removal = [start: number, end: number];

/** The lines of a declaration alone on them: `[start, end)` without their last line break; `next`, the line after. */
interface Lines {
  start: number;
  end: number;
  next: number;
}

/**
 * What removes a run of whole-line declarations, one after the other: the line break before the run, or after it
 * when the run starts the file. Taken one by one, a first line and the line after it would both claim the break
 * between them (the second was then left: TS6133). Text the change inserts inside the run (a new import after the
 * last one) stays where it is, with the line break it is written before.
 */
function runRemovals(file: EditableFile, run: Lines[]): Removal[] {
  const text = file.text;
  const first = run[0]!;
  const last = run.at(-1)!;
  const insertionsWithin = (from: number, to: number) => file.edits.filter((edit) => edit.start === edit.end && edit.start > from && edit.start < to).map((edit) => edit.start);
  let from = 0;
  // Nothing left before them: the blank lines after the run go too, so the file does not start with one.
  const blanks = /^(?:[ \t]*\r?\n)*/.exec(text.slice(last.next))![0].length;
  let to = insertionsWithin(0, last.next + blanks).length === 0 ? last.next + blanks : last.end;
  if (first.start > 0) {
    from = first.start >= 2 && text.charCodeAt(first.start - 2) === 13 ? first.start - 2 : first.start - 1;
    to = last.end;
  }
  if (file.edits.some((edit) => edit.start < edit.end && edit.start < to && from < edit.end)) return [];
  const removals: Removal[] = [];
  let cursor = from;
  for (const cut of [...new Set(insertionsWithin(from, to))].sort((x, y) => x - y)) {
    removals.push([cursor, cut]);
    cursor = cut;
  }
  removals.push([cursor, to]);
  return removals;
}

/** What removes these whole declarations (in source order): each with its lines when alone on them, else its own text. */
function declarationRemovals(file: EditableFile, sourceFile: ts.SourceFile, declarations: ts.ImportDeclaration[]): Removal[] {
  const text = file.text;
  const removals: Removal[] = [];
  const runs: Lines[][] = [];
  for (const declaration of declarations) {
    const start = declaration.getStart(sourceFile);
    const end = declaration.end;
    if (touched(file, start, end)) continue;
    if (!aloneOnLine(text, start, end)) {
      removals.push([start, end]);
      continue;
    }
    const lineEnd = lineEndOf(text, end);
    const newline = text.indexOf('\n', lineEnd);
    const lines = { start: lineStartOf(text, start), end: lineEnd, next: newline === -1 ? text.length : newline + 1 };
    const run = runs.at(-1);
    if (run && run.at(-1)!.next === lines.start) run.push(lines);
    else runs.push([lines]);
  }
  for (const run of runs) removals.push(...runRemovals(file, run));
  return removals;
}

/** The parts of a declaration that keeps some bindings to remove with the others. */
function bindingRemovals(file: EditableFile, sourceFile: ts.SourceFile, clause: ts.ImportClause, gone: Set<string>): Removal[] {
  const { defaultBinding, namespace, named } = bindingsOf(clause);
  const bindings = clause.namedBindings;
  const keptNamed = named.filter((b) => !gone.has(b.name));
  const removals: Removal[] = [];
  const remove = (start: number, end: number) => {
    if (!touched(file, start, end)) removals.push([start, end]);
  };
  if (defaultBinding && gone.has(defaultBinding.name) && bindings) {
    // `Card, { Title }` → `{ Title }`
    remove(defaultBinding.node.getStart(sourceFile), bindings.getStart(sourceFile));
  }
  if (!bindings) return removals;
  const namedGone = namespace ? gone.has(namespace.name) : named.length > 0 && keptNamed.length === 0;
  if (namedGone && defaultBinding && !gone.has(defaultBinding.name)) {
    // `Card, { Title }` → `Card`
    remove(defaultBinding.node.end, bindings.end);
    return removals;
  }
  if (!ts.isNamedImports(bindings)) return removals;
  const elements = bindings.elements;
  elements.forEach((element, i) => {
    if (!gone.has(element.name.text)) return;
    const next = elements[i + 1];
    if (next) {
      remove(element.getStart(sourceFile), next.getStart(sourceFile));
      return;
    }
    // The last one: from the end of the one before it that stays, so its comma goes too.
    const previous = elements.slice(0, i).findLast((e) => !gone.has(e.name.text));
    if (previous) remove(previous.end, element.end);
  });
  return removals;
}

/**
 * Records, on a file the change edited, the removal of the imports its edits made unused: bindings referred to
 * in the text before the change and nowhere in the text after it.
 */
export function dropImportsMadeUnused(file: EditableFile): void {
  const before = file.parsed?.sourceFile;
  if (!before || !file.changed) return;
  // Most edits leave the file's names alone: the second parse is paid only by a file with bindings to lose, and a
  // binding is lost only where the change took away text that names it (checked against the import list).
  const imported = before.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) || !statement.importClause) return [];
    const { defaultBinding, namespace, named } = bindingsOf(statement.importClause);
    return [defaultBinding, namespace, ...named].filter((b): b is Binding => b !== null).map((b) => b.name);
  });
  const named = touchedNames(file, imported);
  if (named.length === 0) return;
  // Nor is a binding lost that the file still refers to where the change leaves it as it was (unchanged-uses.ts):
  // the whole parse and its walks are paid only when one may be gone.
  if (named.every((name) => keepsUses(file, before, name, refersToImport, 1))) return;
  const usedBefore = referencedNames(before);
  const after = reparse(file);
  const usedAfter = referencedNames(after);
  // The classic JSX runtime needs `React` in scope wherever JSX is left, used by name or not.
  const hasJsx = /<[A-Za-z>]/.test(after.text) && containsJsx(after);
  const removals: Removal[] = [];
  const whole: ts.ImportDeclaration[] = [];
  for (const statement of before.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
    const { defaultBinding, namespace, named } = bindingsOf(statement.importClause);
    const all = [defaultBinding, namespace, ...named].filter((b): b is Binding => b !== null);
    const gone = new Set(all.filter((b) => usedBefore.has(b.name) && !usedAfter.has(b.name) && !(b.name === 'React' && hasJsx)).map((b) => b.name));
    if (gone.size === 0) continue;
    if (gone.size < all.length) removals.push(...bindingRemovals(file, before, statement.importClause, gone));
    else whole.push(statement);
  }
  for (const [start, end] of [...removals, ...declarationRemovals(file, before, whole)]) file.replace(start, end, '');
}
