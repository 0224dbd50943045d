/**
 * A MUI project's theme as tokens: MUI's default light palette, spacing unit and breakpoints, with what the
 * project's own `createTheme({…})` states over them (read from its source as literals, through the names, spreads
 * and imported modules they are built from: a value only running code tells is left at MUI's default). `sx` writes a colour of the palette by its key (`primary.main`) and a length of the
 * spacing unit as a number of units; the theme panel lists them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import type { ThemeScale, ThemeToken } from '../../contracts/project-theme.js';
import { projectSourceFiles } from './styling-systems.js';

/** MUI's default light palette (`@mui/material/styles`, `createPalette`). */
const DEFAULT_PALETTE: Record<string, Record<string, string>> = {
  primary: { main: '#1976d2', light: '#42a5f5', dark: '#1565c0', contrastText: '#fff' },
  secondary: { main: '#9c27b0', light: '#ba68c8', dark: '#7b1fa2', contrastText: '#fff' },
  error: { main: '#d32f2f', light: '#ef5350', dark: '#c62828', contrastText: '#fff' },
  warning: { main: '#ed6c02', light: '#ff9800', dark: '#e65100', contrastText: '#fff' },
  info: { main: '#0288d1', light: '#03a9f4', dark: '#01579b', contrastText: '#fff' },
  success: { main: '#2e7d32', light: '#4caf50', dark: '#1b5e20', contrastText: '#fff' },
  text: { primary: 'rgba(0, 0, 0, 0.87)', secondary: 'rgba(0, 0, 0, 0.6)', disabled: 'rgba(0, 0, 0, 0.38)' },
  background: { default: '#fff', paper: '#fff' },
  divider: { DEFAULT: 'rgba(0, 0, 0, 0.12)' },
};

const DEFAULT_BREAKPOINTS: Record<string, number> = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 };
const DEFAULT_SPACING_PX = 8;
/** The spacing steps the theme panel lists (`theme.spacing(n)`). */
const SPACING_STEPS = [0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10];

type Literal = string | number | { [key: string]: Literal };

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
  // A theme made from another (`createTheme(base, {…})`): its options merged as MUI merges them.
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'createTheme') return createThemeOptions(root, scope, node, hops + 1);
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
    const name = ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) ? property.name.text : null;
    const value = name === null ? undefined : literalOf(root, scope, property.initializer, hops);
    if (name !== null && value !== undefined) object[name] = value;
  }
  return object;
}

/** The options of a `createTheme(…)` call: its arguments deep-merged, each read as a literal where it can be. */
function createThemeOptions(root: string, scope: Scope, call: ts.CallExpression, hops = 0): Record<string, Literal> | undefined {
  let merged: Record<string, Literal> | undefined;
  for (const argument of call.arguments) {
    const value = literalOf(root, scope, argument, hops);
    if (value && typeof value === 'object') merged = deepMerge(merged ?? {}, value);
  }
  return merged;
}

/** The first file's last `createTheme(…)` of the project's source, its options read through names and files, with its file. */
function createThemeArgument(root: string): { relative: string; theme: Record<string, Literal> } | null {
  for (const relative of projectSourceFiles(root)) {
    if (!/\.[cm]?[jt]sx?$/.test(relative)) continue;
    const text = fs.readFileSync(path.join(root, relative), 'utf8');
    if (!text.includes('createTheme(')) continue;
    const scope = parse(root, relative);
    if (!scope) continue;
    // The file's last theme: one made from another (`createTheme(base, …)`) comes after it, and reads it through.
    let found: Record<string, Literal> | null = null;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'createTheme' && node.arguments[0]) {
        found = createThemeOptions(root, scope, node) ?? found;
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(scope.sourceFile);
    if (found) return { relative, theme: found };
  }
  return null;
}

function objectAt(value: Literal | undefined): Record<string, Literal> {
  return value && typeof value === 'object' ? value : {};
}

/** The palette's colours as tokens named as `sx` writes them (`primary.main`, `divider`). */
function colorTokens(palette: Record<string, Literal>, declaredIn: string | undefined): ThemeToken[] {
  const tokens: ThemeToken[] = [];
  const names = new Set([...Object.keys(DEFAULT_PALETTE), ...Object.keys(palette)]);
  for (const name of names) {
    const own = palette[name];
    const shades: Record<string, Literal> = typeof own === 'string' ? { DEFAULT: own } : { ...DEFAULT_PALETTE[name], ...objectAt(own) };
    for (const [shade, value] of Object.entries(shades)) {
      if (typeof value !== 'string') continue;
      const ownValue = typeof own === 'string' ? own : objectAt(own)[shade];
      tokens.push({ name: shade === 'DEFAULT' ? name : `${name}.${shade}`, value, ...(ownValue !== undefined && declaredIn ? { declaredIn } : {}) });
    }
  }
  return tokens;
}

/** The MUI theme's colours, spacing and breakpoints as the theme's scales, or null when the project has no `@mui/`. */
export function readMuiScales(root: string): Partial<Record<ThemeScale, ThemeToken[]>> {
  const found = createThemeArgument(root);
  const theme = found?.theme ?? {};
  const declaredIn = found?.relative;
  const spacing = typeof theme.spacing === 'number' ? theme.spacing : DEFAULT_SPACING_PX;
  const breakpoints = { ...DEFAULT_BREAKPOINTS, ...objectAt(objectAt(theme.breakpoints).values) };
  return {
    colors: colorTokens(objectAt(theme.palette), declaredIn),
    spacing: SPACING_STEPS.map((step) => ({ name: String(step), value: `${step * spacing}px`, ...(typeof theme.spacing === 'number' && declaredIn ? { declaredIn } : {}) })),
    breakpoints: Object.entries(breakpoints)
      .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
      .map(([name, width]) => ({ name, value: `${width}px` })),
  };
}
