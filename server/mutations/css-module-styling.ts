/**
 * CSS mode on an element styled by a CSS module (`className={styles.title}` with `import styles from
 * './Card.module.css'`): which class of which module styles it, read from its file's imports and its className; the
 * declarations then go into that class's rule (`css-module-rules.ts`). An element without a className in a file that
 * imports a module gets a new class of that module. No I/O: the module is read through the context.
 */
import path from 'node:path';
import { ts } from 'ts-morph';
import type { EditableFile } from '../engine/editable-file.js';
import { insertImports } from '../engine/file-conventions.js';
import { findAttribute, insertAttribute, preferredQuote, quoteString, sourceOf, unwritable } from '../engine/jsx-source.js';
import type { LocatedElement, MutationContext } from '../engine/mutation-transform.js';
import { camelCased, classesOf, moduleClassFor, parseModule, uniqueIn, writeModuleRule, type ModuleRuleChange } from './css-module-rules.js';
import { ruleClassFor } from './rule-class-name.js';

/** Calls whose arguments are class lists (as in `class-list.ts`). */
const CLASS_CALLS = new Set(['cn', 'clsx', 'classNames', 'classnames', 'cx', 'twMerge', 'twJoin']);

/** A CSS module the element's file imports under a binding (`styles`). */
interface ModuleImport {
  binding: string;
  specifier: string;
}

/** A use of a module's class in the className: `styles.title`, `styles['card-title']`. */
type ModuleReference =
  | { kind: 'static'; module: ModuleImport; name: string; unconditional: boolean }
  | { kind: 'dynamic'; module: ModuleImport; text: string };

function moduleImports(sourceFile: ts.SourceFile): Map<string, ModuleImport> {
  const found = new Map<string, ModuleImport>();
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!/\.module\.[a-z]+$/i.test(specifier)) continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    if (clause.name) found.set(clause.name.text, { binding: clause.name.text, specifier });
    const named = clause.namedBindings;
    if (named && ts.isNamespaceImport(named)) found.set(named.name.text, { binding: named.name.text, specifier });
  }
  return found;
}

/** The module classes an expression of the className uses, marked unconditional when they always apply. */
function referencesOf(expression: ts.Expression, imports: Map<string, ModuleImport>, sourceFile: ts.SourceFile, unconditional: boolean): ModuleReference[] {
  const inner = (e: ts.Expression, always: boolean) => referencesOf(e, imports, sourceFile, always);
  if (ts.isParenthesizedExpression(expression)) return inner(expression.expression, unconditional);
  if (ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.expression)) {
    const module = imports.get(expression.expression.text);
    if (module) return [{ kind: 'static', module, name: expression.name.text, unconditional }];
  }
  if (ts.isElementAccessExpression(expression) && ts.isIdentifier(expression.expression)) {
    const module = imports.get(expression.expression.text);
    const argument = expression.argumentExpression;
    if (module && (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument))) return [{ kind: 'static', module, name: argument.text, unconditional }];
    if (module) return [{ kind: 'dynamic', module, text: expression.getText(sourceFile) }];
  }
  if (ts.isTemplateExpression(expression)) return expression.templateSpans.flatMap((span) => inner(span.expression, unconditional));
  if (ts.isCallExpression(expression)) {
    const callee = expression.expression;
    if (ts.isIdentifier(callee) && CLASS_CALLS.has(callee.text)) return expression.arguments.flatMap((a) => inner(a, unconditional));
    // `[styles.card, extra].join(' ')`
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'join' && ts.isArrayLiteralExpression(callee.expression)) {
      return callee.expression.elements.flatMap((e) => inner(e, unconditional));
    }
  }
  if (ts.isArrayLiteralExpression(expression)) return expression.elements.flatMap((e) => inner(e, unconditional));
  if (ts.isBinaryExpression(expression)) {
    const operator = expression.operatorToken.kind;
    if (operator === ts.SyntaxKind.PlusToken) return [...inner(expression.left, unconditional), ...inner(expression.right, unconditional)];
    return [...inner(expression.left, false), ...inner(expression.right, false)];
  }
  if (ts.isConditionalExpression(expression)) return [...inner(expression.whenTrue, false), ...inner(expression.whenFalse, false)];
  if (ts.isObjectLiteralExpression(expression)) {
    // `clsx({ [styles.active]: on })`: a computed key applies under its condition.
    return expression.properties.flatMap((p) => (p.name && ts.isComputedPropertyName(p.name) ? inner(p.name.expression, false) : []));
  }
  return [];
}

/** The root-relative path of a module the file imports, or why the studio cannot write into it. */
function modulePath(located: LocatedElement, module: ModuleImport): string {
  if (!module.specifier.startsWith('.')) {
    throw unwritable(located, `its CSS module is imported as "${module.specifier}", a path the studio does not resolve (import it relatively)`);
  }
  if (!module.specifier.endsWith('.module.css')) {
    throw unwritable(located, `its class comes from ${module.specifier}, a preprocessor's module the studio does not write (only .module.css)`);
  }
  return path.posix.normalize(path.posix.join(path.posix.dirname(located.file.relative), module.specifier));
}

/** How the file names a module class in code: `styles.cardTitle`, or `styles['card-title']` where that cannot be. */
function accessFor(located: LocatedElement, module: ModuleImport, className: string, camelExports: boolean): string {
  const name = camelExports ? camelCased(className) : className;
  if (/^[A-Za-z_$][\w$]*$/.test(name)) return `${module.binding}.${name}`;
  return `${module.binding}[${quoteString(name, preferredQuote(sourceOf(located.file)))}]`;
}

function moduleOfAbsentClassName(located: LocatedElement, imports: Map<string, ModuleImport>): ModuleImport | null {
  const css = [...imports.values()].find((m) => m.specifier.endsWith('.module.css'));
  return css ?? null;
}

/**
 * CSS mode through the element's CSS module, or null when the element's styling does not go through one (no module
 * imported, or a className with no module class): then the plain stylesheet path applies.
 */
export function cssModuleStyling(located: LocatedElement, change: ModuleRuleChange, context: MutationContext): EditableFile[] | null {
  const { file, entry } = located;
  const sourceFile = sourceOf(file);
  const imports = moduleImports(sourceFile);
  const attribute = findAttribute(entry.opening, 'className');
  if (imports.size === 0) return attribute ? null : newModuleStyling(located, change, context);
  const initializer = attribute?.initializer;
  let reference: Extract<ModuleReference, { kind: 'static' }> | undefined;
  let module: ModuleImport | null;
  if (!attribute) {
    module = moduleOfAbsentClassName(located, imports);
    if (!module) return null;
  } else {
    if (!initializer || !ts.isJsxExpression(initializer) || !initializer.expression) return null;
    const references = referencesOf(initializer.expression, imports, sourceFile, true);
    if (references.length === 0) return null;
    reference = references.find((r): r is Extract<ModuleReference, { kind: 'static' }> => r.kind === 'static' && r.unconditional);
    if (!reference) {
      const dynamic = references.find((r) => r.kind === 'dynamic');
      if (dynamic) throw unwritable(located, `its class is \`${dynamic.text}\`, a class of ${dynamic.module.specifier} chosen by code: the studio cannot tell which rule to write`);
      throw unwritable(located, `its classes from its CSS module apply only under a condition, so no rule of the module always styles it`);
    }
    module = reference.module;
  }
  const sheet = context.file(modulePath(located, module));
  if (!sheet.existed) throw unwritable(located, `its CSS module ${sheet.relative} does not exist`);
  sheet.layoutSource = file;
  const classes = classesOf(parseModule(sheet));
  if (reference) {
    const className = moduleClassFor(reference.name, classes) ?? reference.name;
    if (!/^-?[_a-zA-Z][\w-]*$/.test(className)) throw unwritable(located, `"${className}" of ${module.specifier} is not a class name a rule can select`);
    writeModuleRule(sheet, className, change);
    return [file, sheet];
  }
  // A new class of the module, named as CSS mode names rules; camelCase where the module's classes are.
  const fileBase = path.posix.basename(file.relative).replace(/\.[jt]sx$/, '');
  const kebab = ruleClassFor(entry, [], sheet.text, fileBase).className;
  const camelModule = [...classes].some((c) => /[A-Z]/.test(c)) && ![...classes].some((c) => c.includes('-'));
  const className = camelModule ? uniqueIn(camelCased(kebab), classes) : kebab;
  // Code that names a kebab-case class in camelCase (`styles.cardTitle` for `.card-title`) shows the project's
  // modules export camelCase names: the new class is named that way too.
  const camelExports = [...imports.values()].length > 0 && usesCamelExports(sourceFile, imports, classes);
  writeModuleRule(sheet, className, change);
  if (sheet.changed) insertAttribute(file, entry.opening, `className={${accessFor(located, module, className, camelExports)}}`);
  return [file, sheet];
}

function usesCamelExports(sourceFile: ts.SourceFile, imports: Map<string, ModuleImport>, classes: Set<string>): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && imports.has(node.expression.text)) {
      const name = node.name.text;
      if (!classes.has(name) && moduleClassFor(name, classes)?.includes('-')) found = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** Whether the file imports a plain stylesheet of its own (`import './card.css'`), which CSS mode writes into. */
function importsPlainStylesheet(sourceFile: ts.SourceFile): boolean {
  return sourceFile.statements.some(
    (s) => ts.isImportDeclaration(s) && !s.importClause && ts.isStringLiteral(s.moduleSpecifier) && /^\..*\.css$/.test(s.moduleSpecifier.text) && !/\.module\.css$/.test(s.moduleSpecifier.text),
  );
}

/** The extensions a relative import without one may name (`./Card` is `./Card.tsx`). */
const JSX_CANDIDATES = ['.tsx', '.jsx', '/index.tsx', '/index.jsx'];

/** The project's JSX files the element's file imports relatively: the components it is made of. */
function importedComponentFiles(file: EditableFile, context: MutationContext): EditableFile[] {
  const found: EditableFile[] = [];
  for (const statement of sourceOf(file).statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith('.') || /\.(css|scss|sass|less|json|svg)$/.test(specifier)) continue;
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(file.relative), specifier));
    const candidates = /\.[jt]sx$/.test(base) ? [base] : JSX_CANDIDATES.map((ending) => `${base}${ending}`);
    for (const candidate of candidates) {
      let opened: EditableFile;
      try {
        opened = context.file(candidate);
      } catch {
        // Outside the root or not a file: not one of the project's components.
        continue;
      }
      if (opened.existed && opened.parsed) {
        found.push(opened);
        break;
      }
    }
  }
  return found;
}

/**
 * Whether the project styles with CSS modules, as far as the element's file shows: more of the components it
 * imports (and of the palette's) import a CSS module than a plain stylesheet of their own.
 */
function projectStylesWithModules(file: EditableFile, context: MutationContext): boolean {
  let modules = 0;
  let plain = 0;
  const palette = context.components().map((c) => c.file);
  const files = new Map(importedComponentFiles(file, context).map((f) => [f.relative, f]));
  for (const relative of palette) {
    if (files.has(relative)) continue;
    try {
      files.set(relative, context.file(relative));
    } catch {
      // A component file the studio cannot read (not UTF-8) tells nothing of the project's styling.
    }
  }
  for (const component of files.values()) {
    if (!component.parsed) continue;
    if (moduleImports(component.parsed.sourceFile).size > 0) modules += 1;
    else if (importsPlainStylesheet(component.parsed.sourceFile)) plain += 1;
  }
  return modules > plain;
}

/** A name for the module's import that the file does not use yet (`styles`, else `classes`, `styles2`, …). */
function freeBinding(sourceFile: ts.SourceFile): string {
  const used = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) used.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  for (const name of ['styles', 'classes']) if (!used.has(name)) return name;
  for (let n = 2; ; n += 1) if (!used.has(`styles${n}`)) return `styles${n}`;
}

/**
 * An element without a class in a file with no stylesheet, in a project styled by CSS modules: a class of the
 * file's own module (`Card.module.css` beside `Card.tsx`, created and imported when needed), as its components do.
 */
function newModuleStyling(located: LocatedElement, change: ModuleRuleChange, context: MutationContext): EditableFile[] | null {
  const { file, entry } = located;
  const sourceFile = sourceOf(file);
  if (importsPlainStylesheet(sourceFile) || !projectStylesWithModules(file, context)) return null;
  const fileBase = path.posix.basename(file.relative).replace(/\.[jt]sx$/, '');
  const sheet = context.file(path.posix.join(path.posix.dirname(file.relative), `${fileBase}.module.css`));
  sheet.layoutSource = file;
  const classes = classesOf(parseModule(sheet));
  const kebab = ruleClassFor(entry, [], sheet.text, fileBase).className;
  const camelModule = [...classes].some((c) => /[A-Z]/.test(c)) && ![...classes].some((c) => c.includes('-'));
  // camelCase reads the same under every `localsConvention`: the safe name for a module the studio starts.
  const className = camelModule || classes.size === 0 ? uniqueIn(camelCased(kebab), classes) : kebab;
  writeModuleRule(sheet, className, change);
  if (!sheet.changed) return [file];
  const module: ModuleImport = { binding: freeBinding(sourceFile), specifier: `./${fileBase}.module.css` };
  insertImports(file, [{ name: module.binding, imported: 'default', specifier: module.specifier, typeOnly: false }]);
  insertAttribute(file, entry.opening, `className={${accessFor(located, module, className, false)}}`);
  return [file, sheet];
}
