/**
 * A theme as the project's source states it, for the theme panel's readers (MUI's `createTheme`, Chakra's
 * `createSystem`/`extendTheme`): the options of the theme call read as literals, through the names, spreads, member
 * reads and imported modules they are built from; a value only running code tells is left out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { projectSourceFiles } from './styling-systems.js';

/** The calls a theme is made by, merged into the theme that takes them (`createTheme(base, …)`). */
const THEME_CALLS = new Set(['createTheme', 'extendTheme', 'createSystem', 'defineConfig', 'mergeConfigs']);

export type Literal = string | number | { [key: string]: Literal };

/** Where a name of a file leads: a top-level `const` of the file, or the module and export name it imports. */
interface Scope {
  relative: string;
  sourceFile: ts.SourceFile;
}

const MAX_HOPS = 8;

function parse(root: string, relative: string): Scope | null {
  try {
    const text = fs.readFileSync(path.join(root, relative), 'utf8');
    return { relative, sourceFile: ts.createSourceFile(relative, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX) };
  } catch {
    return null;
  }
}

/** The project file a relative specifier names (`./palette` → `src/palette.ts`), or null. */
function moduleFile(root: string, from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier)).replace(/\.[cm]?js$/, '');
  if (base.startsWith('../')) return null;
  for (const candidate of [base, ...['.ts', '.tsx', '.js', '.jsx'].map((e) => `${base}${e}`), ...['.ts', '.tsx', '.js', '.jsx'].map((e) => `${base}/index${e}`)]) {
    if (/\.[cm]?[jt]sx?$/.test(candidate) && fs.existsSync(path.join(root, candidate))) return candidate;
  }
  return null;
}

/**
 * The value a name of the file stands for: the initializer of its top-level `const`, else what the module it is
 * imported from exports under that name (followed a few hops, as a theme split over files is).
 */
function valueOfName(root: string, scope: Scope, name: string, hops: number): { scope: Scope; node: ts.Expression } | null {
  if (hops > MAX_HOPS) return null;
  for (const statement of scope.sourceFile.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer) return { scope, node: declaration.initializer };
      }
    }
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements.find((e) => e.name.text === name) : undefined;
    const exported = named ? (named.propertyName?.text ?? name) : clause?.name?.text === name ? 'default' : null;
    if (!exported) continue;
    const file = moduleFile(root, scope.relative, statement.moduleSpecifier.text);
    const target = file ? parse(root, file) : null;
    if (!target) return null;
    if (exported === 'default') {
      const assignment = target.sourceFile.statements.find(ts.isExportAssignment);
      if (!assignment) return null;
      return ts.isIdentifier(assignment.expression) ? valueOfName(root, target, assignment.expression.text, hops + 1) : { scope: target, node: assignment.expression };
    }
    return valueOfName(root, target, exported, hops + 1);
  }
  return null;
}

/** Objects merged as `createTheme` and a spread do: later keys over earlier, nested objects key by key. */
function deepMerge(base: Record<string, Literal>, over: Record<string, Literal>): Record<string, Literal> {
  const merged = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const earlier = merged[key];
    merged[key] = earlier && typeof earlier === 'object' && typeof value === 'object' ? deepMerge(earlier, value) : value;
  }
  return merged;
}

/**
 * A value of the source as a literal: strings, numbers and objects of them, following a name to its `const` (in the
 * file or the module it is imported from), a spread (`...baseTheme`) and a member of such an object
 * (`base.palette`); anything only running code tells is left out.
 */
function literalOf(root: string, scope: Scope, node: ts.Expression, hops = 0): Literal | undefined {
  if (hops > MAX_HOPS) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return literalOf(root, scope, node.expression, hops);
  if (ts.isIdentifier(node)) {
    const found = valueOfName(root, scope, node.text, hops);
    return found ? literalOf(root, found.scope, found.node, hops + 1) : undefined;
  }
  if (ts.isPropertyAccessExpression(node)) {
    const owner = literalOf(root, scope, node.expression, hops + 1);
    return owner && typeof owner === 'object' ? owner[node.name.text] : undefined;
  }
  // A theme made from another (`createTheme(base, {…})`, `createSystem(defaultConfig, config)`): its options merged.
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && THEME_CALLS.has(node.expression.text)) return callOptions(root, scope, node, hops + 1);
  if (!ts.isObjectLiteralExpression(node)) return undefined;
  let object: Record<string, Literal> = {};
  for (const property of node.properties) {
    if (ts.isSpreadAssignment(property)) {
      const spread = literalOf(root, scope, property.expression, hops + 1);
      if (spread && typeof spread === 'object') object = { ...object, ...spread };
      continue;
    }
    if (ts.isShorthandPropertyAssignment(property)) {
      const value = literalOf(root, scope, property.name, hops + 1);
      if (value !== undefined) object[property.name.text] = value;
      continue;
    }
    if (!ts.isPropertyAssignment(property)) continue;
    const name = ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) || ts.isNumericLiteral(property.name) ? property.name.text : null;
    const value = name === null ? undefined : literalOf(root, scope, property.initializer, hops);
    if (name !== null && value !== undefined) object[name] = value;
  }
  return object;
}

/** The options of a theme call: its arguments deep-merged (as `createTheme` merges them), each read where it can be. */
function callOptions(root: string, scope: Scope, call: ts.CallExpression, hops = 0): Record<string, Literal> | undefined {
  let merged: Record<string, Literal> | undefined;
  for (const argument of call.arguments) {
    const value = literalOf(root, scope, argument, hops);
    if (value && typeof value === 'object') merged = deepMerge(merged ?? {}, value);
  }
  return merged;
}

/**
 * The options of the project's theme: the last call of `names` (`createTheme`) in the first file that has one, read
 * through names and files, with that file.
 */
export function themeCallArgument(root: string, names: ReadonlySet<string>): { relative: string; theme: Record<string, Literal> } | null {
  for (const relative of projectSourceFiles(root)) {
    if (!/\.[cm]?[jt]sx?$/.test(relative)) continue;
    const text = fs.readFileSync(path.join(root, relative), 'utf8');
    if (![...names].some((name) => text.includes(`${name}(`))) continue;
    const scope = parse(root, relative);
    if (!scope) continue;
    // The file's last theme: one made from another (`createTheme(base, …)`) comes after it, and reads it through.
    let found: Record<string, Literal> | null = null;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && names.has(node.expression.text) && node.arguments[0]) {
        found = callOptions(root, scope, node) ?? found;
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(scope.sourceFile);
    if (found) return { relative, theme: found };
  }
  return null;
}

/** The object at a key of the theme, or an empty one where it holds none. */
export function objectAt(value: Literal | undefined): Record<string, Literal> {
  return value && typeof value === 'object' ? value : {};
}
