/**
 * A theme as the project's source states it, for the theme panel's readers (MUI's `createTheme`, Chakra's
 * `createSystem`/`extendTheme`): the options of the theme call read as literals, through the names, spreads, member
 * reads and imported modules they are built from; a value only running code tells is left out.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ts } from 'ts-morph';
import { projectSourceFiles } from './styling-systems.js';

/** The calls a theme is made by, merged into the theme that takes them (`createTheme(base, …)`). */
const THEME_CALLS = new Set(['createTheme', 'extendTheme', 'createSystem', 'defineConfig', 'mergeConfigs']);

export type Literal = string | number | { [key: string]: Literal };

/**
 * A value the reader left out, and why: the theme panel then shows the library's default there, never a guess.
 */
export interface Unread {
  /** `src/theme.ts:12`: where the value is written. */
  at: string;
  reason: string;
}

/**
 * A file being read: its top-level names lead to its `const`s, functions and imports; inside a function, its
 * parameters and `const`s are `bindings` (already read). `unread` is shared by every scope of one reading.
 */
interface Scope {
  root: string;
  relative: string;
  sourceFile: ts.SourceFile;
  unread: Unread[];
  bindings?: Map<string, Literal | undefined>;
}

/** What a name stands for: an expression or function of a project file, or an export of an installed package. */
type Found = { scope: Scope; node: ts.Expression | ts.FunctionDeclaration } | { scope: Scope; specifier: string; exported: string };

/** How deep a value is read (names, members, calls): a guard against a name that leads back to itself. */
const MAX_HOPS = 40;

function parse(root: string, relative: string, unread: Unread[]): Scope | null {
  try {
    const text = fs.readFileSync(path.join(root, relative), 'utf8');
    return { root, relative, unread, sourceFile: ts.createSourceFile(relative, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX) };
  } catch {
    return null;
  }
}

function leaveOut(scope: Scope, node: ts.Node, reason: string): undefined {
  const line = scope.sourceFile.getLineAndCharacterOfPosition(node.getStart(scope.sourceFile)).line + 1;
  scope.unread.push({ at: `${scope.relative}:${line}`, reason });
  return undefined;
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

/** The export `exported` of the module `specifier` imports: a project file's, read on, or an installed package's. */
function exportOf(scope: Scope, specifier: string, exported: string, hops: number): Found | null {
  if (!specifier.startsWith('.')) return { scope, specifier, exported };
  const file = moduleFile(scope.root, scope.relative, specifier);
  const target = file ? parse(scope.root, file, scope.unread) : null;
  if (!target) return null;
  if (exported !== 'default') return valueOfName(target, exported, hops + 1);
  for (const statement of target.sourceFile.statements) {
    if (ts.isExportAssignment(statement)) {
      return ts.isIdentifier(statement.expression) ? valueOfName(target, statement.expression.text, hops + 1) : { scope: target, node: statement.expression };
    }
    const isDefault = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
    if (isDefault && ts.isFunctionDeclaration(statement)) return { scope: target, node: statement };
  }
  return null;
}

/**
 * What a name of the file stands for: its top-level `const` or function, else what the module it is imported from
 * exports under that name, or a module the file re-exports (`export * from './palette'`), followed a few hops, as a
 * theme split over files is.
 */
function valueOfName(scope: Scope, name: string, hops: number): Found | null {
  if (hops > MAX_HOPS) return null;
  const reexported: string[] = [];
  for (const statement of scope.sourceFile.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer) return { scope, node: declaration.initializer };
      }
    }
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name && statement.body) return { scope, node: statement };
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : null;
      if (!statement.exportClause) {
        if (from) reexported.push(from);
        continue;
      }
      if (!ts.isNamedExports(statement.exportClause)) continue;
      const element = statement.exportClause.elements.find((e) => e.name.text === name);
      const local = element ? (element.propertyName?.text ?? name) : null;
      if (local === null) continue;
      if (from) return exportOf(scope, from, local, hops);
      if (local !== name) return valueOfName(scope, local, hops + 1);
      continue;
    }
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    const named = clause.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements.find((e) => e.name.text === name) : undefined;
    const exported = named ? (named.propertyName?.text ?? name) : clause.name?.text === name ? 'default' : null;
    if (exported) return exportOf(scope, statement.moduleSpecifier.text, exported, hops);
  }
  for (const from of reexported.filter((specifier) => specifier.startsWith('.'))) {
    const found = exportOf(scope, from, name, hops);
    if (found) return found;
  }
  return null;
}

/**
 * Whether a call of `name` in the file makes a theme: the library's `createTheme` under whatever name the file
 * imports it (`createTheme as createMuiTheme`), not a project's own function of that name.
 */
function isThemeCall(scope: Scope, name: string, names: ReadonlySet<string>): boolean {
  if (scope.bindings?.has(name)) return false;
  for (const statement of scope.sourceFile.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements.find((e) => e.name.text === name) : undefined;
      if (named) return !statement.moduleSpecifier.text.startsWith('.') && names.has(named.propertyName?.text ?? name);
      if (clause?.name?.text === name) return false;
    }
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return false;
    if (ts.isVariableStatement(statement) && statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name)) return false;
  }
  return names.has(name);
}

/** A value a package returned, kept where it is data the theme holds (strings, numbers, objects of them). */
function literalData(value: unknown, depth = 0): Literal | undefined {
  if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) return value;
  if (!value || typeof value !== 'object' || Array.isArray(value) || depth > 8) return undefined;
  const object: Record<string, Literal> = {};
  for (const [key, entry] of Object.entries(value)) {
    const literal = literalData(entry, depth + 1);
    if (literal !== undefined) object[key] = literal;
  }
  return object;
}

/**
 * A call of a function the project imports from an installed package (`createPaletteChannel(config.primary)`) with
 * arguments read as literals: run with the project's own installation, as the Chakra reader loads Chakra's defaults.
 */
function packageCall(scope: Scope, call: ts.CallExpression, specifier: string, exported: string, args: Literal[]): Literal | undefined {
  try {
    const module = createRequire(path.join(scope.root, 'package.json'))(specifier) as Record<string, unknown>;
    const fn = exported === 'default' ? (module.default ?? module) : module[exported];
    if (typeof fn !== 'function') return leaveOut(scope, call, `${specifier} exports no function ${exported}`);
    return literalData((fn as (...values: Literal[]) => unknown)(...args)) ?? leaveOut(scope, call, `${exported} of ${specifier} returns no data`);
  } catch (error) {
    return leaveOut(scope, call, `${exported} of ${specifier} could not be run: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * A call of the project's own simple function (`function palette(mode) { const base = {…}; return {…}; }`, an arrow
 * returning an object): its parameters bound to the arguments read, its `const`s in order, then what it returns.
 */
function functionCall(scope: Scope, fn: ts.SignatureDeclaration & { body?: ts.ConciseBody }, call: ts.CallExpression, args: Array<Literal | undefined>, hops: number): Literal | undefined {
  const bindings = new Map<string, Literal | undefined>();
  const inner: Scope = { ...scope, bindings };
  for (const [index, parameter] of fn.parameters.entries()) {
    let value = args[index] ?? (parameter.initializer ? literalOf(inner, parameter.initializer, hops + 1) : undefined);
    if (ts.isIdentifier(parameter.name)) bindings.set(parameter.name.text, value);
    else if (ts.isObjectBindingPattern(parameter.name)) {
      for (const element of parameter.name.elements) {
        if (!ts.isIdentifier(element.name) || element.dotDotDotToken) continue;
        const key = element.propertyName && ts.isIdentifier(element.propertyName) ? element.propertyName.text : element.name.text;
        value = value && typeof value === 'object' ? value : undefined;
        const own = value?.[key];
        bindings.set(element.name.text, own ?? (element.initializer ? literalOf(inner, element.initializer, hops + 1) : undefined));
      }
    } else return leaveOut(scope, call, 'a parameter the reader does not bind');
  }
  if (!fn.body) return undefined;
  if (!ts.isBlock(fn.body)) return literalOf(inner, fn.body, hops + 1);
  for (const statement of fn.body.statements) {
    if (ts.isReturnStatement(statement)) return statement.expression ? literalOf(inner, statement.expression, hops + 1) : undefined;
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) break;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer) bindings.set(declaration.name.text, literalOf(inner, declaration.initializer, hops + 1));
    }
  }
  return leaveOut(scope, call, 'a function that does more than declare constants and return a value');
}

/** A call read as a literal: a theme made from another, the project's own simple function, or a package's. */
function callLiteral(scope: Scope, call: ts.CallExpression, hops: number): Literal | undefined {
  const callee = call.expression;
  if (!ts.isIdentifier(callee)) return leaveOut(scope, call, 'a call of a method, which only running code tells');
  // A theme made from another (`createTheme(base, {…})`, `createSystem(defaultConfig, config)`): its options merged.
  if (isThemeCall(scope, callee.text, THEME_CALLS)) return callOptions(scope, call, hops + 1);
  if (call.arguments.some(ts.isSpreadElement)) return leaveOut(scope, call, `${callee.text} is called with spread arguments`);
  const found = valueOfName(scope, callee.text, hops);
  if (!found) return leaveOut(scope, call, `${callee.text} is no function the reader can follow`);
  const args = call.arguments.map((argument) => literalOf(scope, argument, hops + 1));
  if ('specifier' in found) {
    if (args.some((value) => value === undefined)) return leaveOut(scope, call, `an argument of ${callee.text} is not a literal`);
    return packageCall(scope, call, found.specifier, found.exported, args as Literal[]);
  }
  const fn = found.node;
  if (ts.isFunctionDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) return functionCall(found.scope, fn, call, args, hops);
  return leaveOut(scope, call, `${callee.text} is not a function`);
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
 * file or the module it is imported from), a spread (`...baseTheme`), a member of such an object (`base.palette`,
 * `grey[500]`) and a call read as `callLiteral` reads it; anything only running code tells is left out, with why.
 */
function literalOf(scope: Scope, node: ts.Expression, hops = 0): Literal | undefined {
  if (hops > MAX_HOPS) return leaveOut(scope, node, 'followed through too many names');
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node)) return literalOf(scope, node.expression, hops);
  if (ts.isIdentifier(node)) {
    if (scope.bindings?.has(node.text)) return scope.bindings.get(node.text);
    const found = valueOfName(scope, node.text, hops);
    if (!found) return leaveOut(scope, node, `${node.text} is not a constant the reader can follow`);
    if ('specifier' in found) return leaveOut(scope, node, `${node.text} is a value of the package ${found.specifier}`);
    if (ts.isFunctionDeclaration(found.node)) return leaveOut(scope, node, `${node.text} is a function`);
    return literalOf(found.scope, found.node, hops + 1);
  }
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
    const key = ts.isPropertyAccessExpression(node) ? node.name.text : literalOf(scope, node.argumentExpression, hops + 1);
    const owner = literalOf(scope, node.expression, hops + 1);
    return owner && typeof owner === 'object' && key !== undefined && typeof key !== 'object' ? owner[String(key)] : undefined;
  }
  if (ts.isCallExpression(node)) return callLiteral(scope, node, hops);
  if (!ts.isObjectLiteralExpression(node)) return leaveOut(scope, node, 'an expression only running code tells');
  let object: Record<string, Literal> = {};
  for (const property of node.properties) {
    if (ts.isSpreadAssignment(property)) {
      const spread = literalOf(scope, property.expression, hops + 1);
      if (spread && typeof spread === 'object') object = { ...object, ...spread };
      continue;
    }
    if (ts.isShorthandPropertyAssignment(property)) {
      const value = literalOf(scope, property.name, hops + 1);
      if (value !== undefined) object[property.name.text] = value;
      continue;
    }
    if (!ts.isPropertyAssignment(property)) continue;
    const name = ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) || ts.isNumericLiteral(property.name) ? property.name.text : null;
    const value = name === null ? undefined : literalOf(scope, property.initializer, hops);
    if (name !== null && value !== undefined) object[name] = value;
  }
  return object;
}

/** The options of a theme call: its arguments deep-merged (as `createTheme` merges them), each read where it can be. */
function callOptions(scope: Scope, call: ts.CallExpression, hops = 0): Record<string, Literal> | undefined {
  let merged: Record<string, Literal> | undefined;
  for (const argument of call.arguments) {
    const value = literalOf(scope, argument, hops);
    if (value && typeof value === 'object') merged = deepMerge(merged ?? {}, value);
  }
  return merged;
}

/**
 * The options of the project's theme: the last call of `names` (`createTheme`, under whatever name the file imports
 * it) in the first file that has one, read through names, functions and files, with that file and what was left out.
 */
export function themeCallArgument(root: string, names: ReadonlySet<string>): { relative: string; theme: Record<string, Literal>; unread: Unread[] } | null {
  for (const relative of projectSourceFiles(root)) {
    if (!/\.[cm]?[jt]sx?$/.test(relative)) continue;
    const text = fs.readFileSync(path.join(root, relative), 'utf8');
    if (![...names].some((name) => text.includes(name))) continue;
    const unread: Unread[] = [];
    const scope = parse(root, relative, unread);
    if (!scope) continue;
    // The file's last theme: one made from another (`createTheme(base, …)`) comes after it, and reads it through.
    let found: Record<string, Literal> | null = null;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.arguments[0] && isThemeCall(scope, node.expression.text, names)) {
        found = callOptions(scope, node) ?? found;
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(scope.sourceFile);
    if (found) return { relative, theme: found, unread };
  }
  return null;
}

/** The object at a key of the theme, or an empty one where it holds none. */
export function objectAt(value: Literal | undefined): Record<string, Literal> {
  return value && typeof value === 'object' ? value : {};
}
