/**
 * A theme token's value in a Tailwind 3 project, whose theme is its config (`tailwind.config.{js,cjs,mjs,ts}`): a
 * token the config declares (under `theme.extend.<key>` or `theme.<key>`) gets its value literal replaced, and a new
 * token or an override of a default one is added under `theme.extend.<key>` (the objects made when missing), in the
 * file's own indentation and quotes. The token is named by its Tailwind 4 variable (`--color-brand-500`), as the
 * theme panel and the new-token form send it; its config key and name are read from that. What cannot be written
 * faithfully (a config built by a function, a spread, a value that is an expression, a preset) is refused.
 */
import { ts } from 'ts-morph';
import { THEME_NAMESPACES, type ProjectTheme, type ThemeScale } from '../../contracts/project-theme.js';
import { appError, type AppError } from '../../contracts/errors.js';
import type { EditableFile } from '../engine/editable-file.js';
import { indentationAt, preferredQuote, quoteString } from '../engine/jsx-source.js';

export const TAILWIND_3_CONFIGS = ['tailwind.config.js', 'tailwind.config.cjs', 'tailwind.config.mjs', 'tailwind.config.ts'];

/** A scale's key in a Tailwind 3 theme (what `server/tailwind/tailwind3.ts` reads each scale from). */
const CONFIG_KEYS: Record<ThemeScale, string> = {
  colors: 'colors',
  spacing: 'spacing',
  fontSize: 'fontSize',
  fontWeight: 'fontWeight',
  fontFamily: 'fontFamily',
  lineHeight: 'lineHeight',
  letterSpacing: 'letterSpacing',
  radius: 'borderRadius',
  shadow: 'boxShadow',
  breakpoints: 'screens',
};

class Unwritable extends Error {}

const unwritable = (why: string) => new Unwritable(why);

/** The scale and token name of a theme variable (`--color-brand-500` → colors, `brand-500`); longest namespace first. */
export function tokenOfVariable(variable: string): { scale: ThemeScale; name: string } | null {
  const namespaces: [ThemeScale, string][] = [['spacing', '--spacing-'], ...(Object.entries(THEME_NAMESPACES) as [ThemeScale, string][])];
  namespaces.sort((a, b) => b[1].length - a[1].length);
  for (const [scale, prefix] of namespaces) {
    if (variable.startsWith(prefix) && variable.length > prefix.length) return { scale, name: variable.slice(prefix.length).replace(/\\(.)/g, '$1') };
  }
  return null;
}

function unwrapped(node: ts.Expression): ts.Expression {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isSatisfiesExpression(current) || ts.isAsExpression(current) || ts.isTypeAssertionExpression(current)) {
    current = current.expression;
  }
  return current;
}

function topLevelInitializer(sourceFile: ts.SourceFile, name: string): ts.Expression | undefined {
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration.initializer;
    }
  }
  return undefined;
}

/** The object a config expression is: a literal, a variable holding one, or the one argument of `defineConfig({…})`. */
function configObjectFrom(sourceFile: ts.SourceFile, given: ts.Expression, depth = 0): ts.ObjectLiteralExpression {
  const expression = unwrapped(given);
  if (ts.isObjectLiteralExpression(expression)) return expression;
  if (ts.isIdentifier(expression) && depth < 3) {
    const initializer = topLevelInitializer(sourceFile, expression.text);
    if (initializer) return configObjectFrom(sourceFile, initializer, depth + 1);
  }
  if (ts.isCallExpression(expression) && expression.arguments.length === 1 && ts.isObjectLiteralExpression(unwrapped(expression.arguments[0]!))) {
    return unwrapped(expression.arguments[0]!) as ts.ObjectLiteralExpression;
  }
  if (ts.isArrowFunction(expression) || ts.isFunctionExpression(expression) || ts.isCallExpression(expression)) {
    throw unwritable('the config is built by a function, not written as an object');
  }
  throw unwritable('the config is not an object written in the file (module.exports = {…} or export default {…})');
}

/** The config object of `module.exports = …` or `export default …`. */
function configObject(sourceFile: ts.SourceFile): ts.ObjectLiteralExpression {
  for (const statement of sourceFile.statements) {
    if (ts.isExportAssignment(statement)) return configObjectFrom(sourceFile, statement.expression);
    if (ts.isExpressionStatement(statement) && ts.isBinaryExpression(statement.expression) && statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const target = statement.expression.left.getText(sourceFile);
      if (target === 'module.exports') return configObjectFrom(sourceFile, statement.expression.right);
    }
  }
  throw unwritable('it exports no config (module.exports = {…} or export default {…})');
}

function keyOf(property: ts.ObjectLiteralElementLike): string | null {
  const name = property.name;
  if (!name) return null;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  return null;
}

/** The value of `key` in an object: an object literal, another expression, or undefined when absent. */
function member(object: ts.ObjectLiteralExpression, key: string, where: string, sourceFile: ts.SourceFile): ts.PropertyAssignment | undefined {
  let found: ts.PropertyAssignment | undefined;
  for (const property of object.properties) {
    if (ts.isSpreadAssignment(property)) throw unwritable(`${where} has a spread (${property.getText(sourceFile)}), which may hold the token`);
    if (keyOf(property) !== key) continue;
    if (!ts.isPropertyAssignment(property)) throw unwritable(`${where}.${key} is not written as a value (${property.getText(sourceFile)})`);
    found = property;
  }
  return found;
}

/** `member` that must be an object literal when present. */
function objectMember(object: ts.ObjectLiteralExpression, key: string, where: string, sourceFile: ts.SourceFile): ts.ObjectLiteralExpression | undefined | ts.PropertyAssignment {
  const property = member(object, key, where, sourceFile);
  if (!property) return undefined;
  const value = unwrapped(property.initializer);
  if (ts.isObjectLiteralExpression(value)) return value;
  if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) throw unwritable(`${where}.${key} is built by a function (${ellipsis(value.getText(sourceFile))})`);
  throw unwritable(`${where}.${key} is an expression (${ellipsis(value.getText(sourceFile))}), not an object written in the config`);
}

const ellipsis = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

function objectAt(object: ts.ObjectLiteralExpression, key: string, where: string, sourceFile: ts.SourceFile): ts.ObjectLiteralExpression | undefined {
  return objectMember(object, key, where, sourceFile) as ts.ObjectLiteralExpression | undefined;
}

/** The property of a scale object that holds the token `name` (a colour's nested objects flattened as utilities name them). */
function findToken(scale: ts.ObjectLiteralExpression, name: string, nested: boolean, where: string, sourceFile: ts.SourceFile, prefix = ''): ts.PropertyAssignment | undefined {
  for (const property of scale.properties) {
    if (ts.isSpreadAssignment(property)) throw unwritable(`${where} has a spread (${property.getText(sourceFile)}), which may hold the token`);
    const key = keyOf(property);
    if (key === null) continue;
    const flat = key === 'DEFAULT' && prefix ? prefix.replace(/-$/, '') : `${prefix}${key}`;
    if (!ts.isPropertyAssignment(property)) {
      if (flat === name || name.startsWith(`${flat}-`)) throw unwritable(`${where}.${key} is not written as a value (${property.getText(sourceFile)})`);
      continue;
    }
    const value = unwrapped(property.initializer);
    if (nested && ts.isObjectLiteralExpression(value)) {
      if (name === flat || name.startsWith(`${flat}-`)) {
        const found = findToken(value, name, nested, `${where}.${key}`, sourceFile, `${flat}-`);
        if (found) return found;
      }
      continue;
    }
    if (flat === name) return property;
  }
  return undefined;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const keyText = (key: string, quote: "'" | '"') => (IDENTIFIER.test(key) || /^(?:0|[1-9]\d*)$/.test(key) ? key : quoteString(key, quote));

/** The quote the config's strings are written with (its first string), else its imports'. */
function quoteOf(sourceFile: ts.SourceFile): "'" | '"' {
  let quote: "'" | '"' | null = null;
  const visit = (node: ts.Node): void => {
    if (quote) return;
    if (ts.isStringLiteral(node)) quote = node.getText(sourceFile).startsWith('"') ? '"' : "'";
    else ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return quote ?? preferredQuote(sourceFile);
}

/** Replaces a token's value literal; a value that is an expression is refused, not overwritten. */
function replaceValue(file: EditableFile, sourceFile: ts.SourceFile, property: ts.PropertyAssignment, scale: ThemeScale, value: string, quote: "'" | '"', where: string): void {
  const initializer = unwrapped(property.initializer);
  let literal: ts.Expression = initializer;
  // `fontSize: {base: ['1rem', {lineHeight: …}]}`: the size is the first element; a font stack is one string now.
  if (ts.isArrayLiteralExpression(initializer) && scale === 'fontSize' && initializer.elements[0]) literal = initializer.elements[0];
  else if (ts.isArrayLiteralExpression(initializer) && scale === 'fontFamily' && initializer.elements.every((e) => ts.isStringLiteral(e))) literal = initializer;
  const isLiteral = ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal) || ts.isNumericLiteral(literal) || ts.isArrayLiteralExpression(literal);
  if (!isLiteral) throw unwritable(`the value of ${where} is an expression (${ellipsis(literal.getText(sourceFile))}), not a value written in the config`);
  const text = ts.isNumericLiteral(literal) && /^\d+(?:\.\d+)?$/.test(value) ? value : quoteString(value, quote);
  if (literal.getText(sourceFile) === text) return;
  file.replace(literal.getStart(sourceFile), literal.getEnd(), text);
}

/** `{ a: { b: value } }` for a chain of keys, laid out on lines under `indent` (or on one line). */
function nestedValue(keys: string[], value: string, indent: string, unit: string, multiline: boolean, quote: "'" | '"', trailingComma: string): string {
  if (keys.length === 0) return value;
  const [key, ...rest] = keys;
  const inner = `${keyText(key!, quote)}: ${nestedValue(rest, value, indent + unit, unit, multiline, quote, trailingComma)}`;
  return multiline ? `{\n${indent}${unit}${inner}${trailingComma}\n${indent}}` : `{ ${inner} }`;
}

/** Adds `key: value` (value made by `keys` when they are objects to create) to an object, as the file lays its objects out. */
function addProperty(file: EditableFile, sourceFile: ts.SourceFile, object: ts.ObjectLiteralExpression, keys: string[], value: string, quote: "'" | '"'): void {
  const text = file.text;
  const multilineFile = /\{\s*\n/.test(object.getText(sourceFile)) || /\{[ \t]*\r?\n/.test(text);
  const trailingComma = object.properties.hasTrailingComma || /,\s*\r?\n\s*\}/.test(text) ? ',' : '';
  const properties = object.properties;
  const last = properties[properties.length - 1];
  const objectText = object.getText(sourceFile);
  const multiline = objectText.includes('\n');
  if (last && multiline) {
    const indent = indentationAt(text, last.getStart(sourceFile));
    const entry = `${keyText(keys[0]!, quote)}: ${nestedValue(keys.slice(1), value, indent, file.indentUnit, true, quote, trailingComma)}`;
    if (properties.hasTrailingComma) {
      const comma = text.indexOf(',', last.getEnd());
      file.insert(comma + 1, `\n${indent}${entry},`);
    } else {
      file.insert(last.getEnd(), `,\n${indent}${entry}${trailingComma}`);
    }
    return;
  }
  if (last) {
    const entry = `${keyText(keys[0]!, quote)}: ${nestedValue(keys.slice(1), value, '', '', false, quote, '')}`;
    const end = properties.hasTrailingComma ? text.indexOf(',', last.getEnd()) + 1 : last.getEnd();
    file.insert(end, `${properties.hasTrailingComma ? '' : ','} ${entry}`);
    return;
  }
  // An empty object: opened on lines when the file writes its objects so.
  const open = object.getStart(sourceFile);
  const indent = indentationAt(text, open);
  if (multilineFile) {
    const inner = indent + file.indentUnit;
    const entry = `${keyText(keys[0]!, quote)}: ${nestedValue(keys.slice(1), value, inner, file.indentUnit, true, quote, trailingComma)}`;
    file.replace(open, object.getEnd(), `{\n${inner}${entry}${trailingComma}\n${indent}}`);
  } else {
    file.replace(open, object.getEnd(), `{ ${keyText(keys[0]!, quote)}: ${nestedValue(keys.slice(1), value, '', '', false, quote, '')} }`);
  }
}

/** Where a new colour goes: inside the object the project already nests its shades in (`brand: {…}`), else flat. */
function colourPlace(scale: ts.ObjectLiteralExpression, name: string, sourceFile: ts.SourceFile, where: string): [ts.ObjectLiteralExpression, string] {
  for (const property of scale.properties) {
    const key = keyOf(property);
    if (key === null || !ts.isPropertyAssignment(property)) continue;
    const value = unwrapped(property.initializer);
    if (!ts.isObjectLiteralExpression(value)) continue;
    if (name === key) return [value, 'DEFAULT'];
    if (name.startsWith(`${key}-`)) return colourPlace(value, name.slice(key.length + 1), sourceFile, `${where}.${key}`);
  }
  return [scale, name];
}

function parseConfig(file: EditableFile): ts.SourceFile {
  const kind = file.relative.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  return ts.createSourceFile(file.relative, file.text, ts.ScriptTarget.Latest, true, kind);
}

/** Why the config cannot take token edits at all (a config built by a function, not an object), or null. */
export function tailwind3ConfigProblem(relative: string, text: string): string | null {
  const sourceFile = ts.createSourceFile(relative, text, ts.ScriptTarget.Latest, true, relative.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  try {
    const config = configObject(sourceFile);
    const theme = objectAt(config, 'theme', 'the config', sourceFile);
    if (theme) objectAt(theme, 'extend', 'theme', sourceFile);
    return null;
  } catch (error) {
    if (error instanceof Unwritable) return `${relative} cannot be written here: ${error.message}`;
    throw error;
  }
}

/** Records the token's value in the config; throws the refusal when it cannot be written faithfully. */
export function writeTailwind3Token(file: EditableFile, theme: ProjectTheme, variable: string, value: string): void {
  const refuse = (why: string): AppError => appError('UNWRITABLE_PATTERN', file.relative, why);
  const token = tokenOfVariable(variable);
  if (!token) throw refuse(`${variable} names no scale of a Tailwind 3 theme`);
  if (!file.existed) throw refuse('the Tailwind config does not exist');
  const sourceFile = parseConfig(file);
  if ((sourceFile as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics.length > 0) throw refuse('the config does not parse; nothing was written');
  const key = CONFIG_KEYS[token.scale];
  const nested = token.scale === 'colors';
  const quote = quoteOf(sourceFile);
  try {
    const config = configObject(sourceFile);
    const themeObject = objectAt(config, 'theme', 'the config', sourceFile);
    const extend = themeObject ? objectAt(themeObject, 'extend', 'theme', sourceFile) : undefined;
    const extendScale = extend ? objectAt(extend, key, 'theme.extend', sourceFile) : undefined;
    const themeScale = themeObject ? objectAt(themeObject, key, 'theme', sourceFile) : undefined;
    for (const [scale, where] of [[extendScale, `theme.extend.${key}`], [themeScale, `theme.${key}`]] as const) {
      const found = scale ? findToken(scale, token.name, nested, where, sourceFile) : undefined;
      if (found) {
        replaceValue(file, sourceFile, found, token.scale, value, quote, `${where} ${token.name}`);
        return;
      }
    }
    // Not in the file: a default of Tailwind's, a preset's, or a new one.
    const presets = member(config, 'presets', 'the config', sourceFile);
    const known = theme.scales[token.scale]?.some((existing) => existing.name === token.name);
    if (presets && known) throw unwritable(`${token.name} may come from a preset (${ellipsis(presets.initializer.getText(sourceFile))}): change it there`);
    const written = quoteString(value, quote);
    if (extendScale) {
      const [object, name] = nested ? colourPlace(extendScale, token.name, sourceFile, `theme.extend.${key}`) : [extendScale, token.name];
      addProperty(file, sourceFile, object, [name], written, quote);
    } else if (extend) {
      addProperty(file, sourceFile, extend, [key, token.name], written, quote);
    } else if (themeObject) {
      addProperty(file, sourceFile, themeObject, ['extend', key, token.name], written, quote);
    } else {
      addProperty(file, sourceFile, config, ['theme', 'extend', key, token.name], written, quote);
    }
  } catch (error) {
    if (error instanceof Unwritable) throw refuse(error.message);
    throw error;
  }
}
