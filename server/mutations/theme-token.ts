/**
 * A theme token's new value (the theme panel): the declaration of its variable in an `@theme` block of the
 * project's CSS gets the value, and nothing else of the file changes. The stylesheet is the one that declares the
 * token, or one it imports; a token the project takes from Tailwind's defaults is declared in the entry's `@theme`
 * block (a block is made after the Tailwind import when there is none). A Tailwind 3 project keeps its theme in
 * its config: the change names that file, which `tailwind3-config-token.ts` writes; a Tailwind 3 stylesheet is
 * refused with where the theme is.
 */
import path from 'node:path';
import postcss, { type AtRule, type ChildNode, type Declaration, type Root } from 'postcss';
import type { MutationBody } from '../../contracts/changes.js';
import { appError, type AppError } from '../../contracts/errors.js';
import type { EditableFile } from '../engine/editable-file.js';
import type { MutationContext, MutationTransform } from '../engine/mutation-transform.js';
import { TAILWIND_3_CONFIGS, writeTailwind3Token } from './tailwind3-config-token.js';

type Body = MutationBody<'themeToken'>;

/** How deep `@import`s of the project's own stylesheets are followed to find a declaration. */
const IMPORT_DEPTH = 4;

function refusal(where: string, why: string): AppError {
  return appError('UNWRITABLE_PATTERN', where, why);
}

function tailwind3Refusal(context: MutationContext, where: string): AppError {
  const config = TAILWIND_3_CONFIGS.find((name) => context.file(name).existed);
  return refusal(where, `this project uses Tailwind 3, whose theme is its config${config ? ` (${config})` : ''}, not CSS: the token is written there`);
}

function parsed(file: EditableFile): Root {
  try {
    return postcss.parse(file.text, { from: undefined });
  } catch (error) {
    throw refusal(file.relative, `the stylesheet does not parse (${(error as Error).message.split('\n')[0]}); nothing was written`);
  }
}

const isTheme = (node: ChildNode): node is AtRule => node.type === 'atrule' && node.name === 'theme';
/** `@theme reference` emits nothing: a declaration added there would not show. */
const emitsVariables = (block: AtRule) => !/\breference\b/.test(block.params);

function themeBlocks(root: Root): AtRule[] {
  return root.nodes.filter(isTheme);
}

/** The declaration that gives the variable its value (the last one, as in the cascade). */
function declarationOf(root: Root, variable: string): Declaration | undefined {
  let found: Declaration | undefined;
  for (const block of themeBlocks(root)) {
    block.each((node) => {
      if (node.type === 'decl' && node.prop === variable) found = node;
    });
  }
  return found;
}

function rewriteValue(file: EditableFile, declaration: Declaration, value: string): void {
  const start = declaration.source!.start!.offset + declaration.prop.length + (declaration.raws.between ?? '').length;
  const raw = declaration.raws.value?.raw ?? declaration.value;
  const leading = raw.length - raw.trimStart().length;
  if (raw.trim() === value) return;
  file.replace(start + leading, start + raw.trimEnd().length, value);
}

/** The stylesheets a stylesheet imports by a relative path, root-relative. */
function importedStylesheets(file: EditableFile, root: Root): string[] {
  const imports: string[] = [];
  root.each((node) => {
    if (node.type !== 'atrule' || node.name !== 'import') return;
    const specifier = /^(?:url\()?\s*["']([^"']+)["']/.exec(node.params)?.[1];
    if (specifier?.startsWith('.') && specifier.endsWith('.css')) imports.push(path.posix.join(path.posix.dirname(file.relative), specifier));
  });
  return imports;
}

/** The file whose `@theme` declares the variable: the stylesheet or one it imports; null when none does. */
function findDeclaration(context: MutationContext, file: EditableFile, variable: string, depth = 0, seen = new Set<string>()): [EditableFile, Declaration] | null {
  seen.add(file.relative);
  const root = parsed(file);
  const own = declarationOf(root, variable);
  if (own) return [file, own];
  if (depth >= IMPORT_DEPTH) return null;
  for (const relative of importedStylesheets(file, root)) {
    if (seen.has(relative)) continue;
    const imported = context.file(relative);
    if (!imported.existed) continue;
    const found = findDeclaration(context, imported, variable, depth + 1, seen);
    if (found) return found;
  }
  return null;
}

/** Adds the declaration at the end of the stylesheet's last `@theme` block, or in a block made after the Tailwind import. */
function addDeclaration(file: EditableFile, root: Root, variable: string, value: string): void {
  const declaration = `${variable}: ${value};`;
  const block = themeBlocks(root).filter(emitsVariables).at(-1);
  if (block) {
    const last = block.last;
    if (!last) {
      // An empty block: `@theme {}` or `@theme {\n}`.
      const open = file.text.indexOf('{', block.source!.start!.offset);
      const after = block.raws.after ?? '';
      file.insert(open + 1, `\n${file.indentUnit}${declaration}${after.includes('\n') ? '' : '\n'}`);
      return;
    }
    const before = last.raws.before?.includes('\n') ? last.raws.before.slice(last.raws.before.lastIndexOf('\n')) : `\n${file.indentUnit}`;
    const end = last.source!.end!.offset;
    // The last declaration of a block may go without its semicolon; the new one after it needs one between.
    const separator = last.type === 'decl' && !block.raws.semicolon ? ';' : '';
    file.insert(end, `${separator}${before}${declaration}`);
    return;
  }
  const tailwindImport = root.nodes.find((node): node is AtRule => node.type === 'atrule' && node.name === 'import' && /^["']tailwindcss["']/.test(node.params));
  if (!tailwindImport) {
    throw refusal(file.relative, 'the stylesheet neither loads Tailwind (@import "tailwindcss") nor has an @theme block to declare the token in');
  }
  const end = tailwindImport.source!.end!.offset;
  // A blank line on each side of the new block, as a person would leave it.
  const blankAfter = /^\r?\n[ \t]*\S/.test(file.text.slice(end)) ? '\n' : '';
  file.insert(end, `\n\n@theme {\n${file.indentUnit}${declaration}\n}${blankAfter}`);
}

export const themeToken: MutationTransform<Body> = (context, body) => {
  const where = body.stylesheet;
  if (TAILWIND_3_CONFIGS.includes(path.posix.basename(where))) {
    const config = context.file(where);
    writeTailwind3Token(config, context.theme, body.variable, body.value);
    return [config];
  }
  if (!where.endsWith('.css')) throw refusal(where, 'a theme token is declared in a stylesheet (.css)');
  const file = context.file(where);
  if (!file.existed) throw refusal(file.relative, 'the stylesheet does not exist');
  const root = parsed(file);
  if (root.nodes.some((node) => node.type === 'atrule' && node.name === 'tailwind')) throw tailwind3Refusal(context, file.relative);
  const found = findDeclaration(context, file, body.variable);
  if (found) {
    const [declaringFile, declaration] = found;
    rewriteValue(declaringFile, declaration, body.value);
    return [declaringFile];
  }
  addDeclaration(file, root, body.variable, body.value);
  return [file];
};
