/**
 * A prop bound to a constant of the project (`tone={DEFAULT_TONE}`, `const DEFAULT_TONE = 'green'`; also
 * `texts.DEFAULT_TONE` of `import * as texts`, and a member of a literal object, `texts.group.KEY`): where the
 * constant is written, which `changePropValue` writes a new value over, and its other uses that would show the new
 * value too, named before the change ("also used by …"). The uses are those the text lookup names for a literal's
 * constant (`constant-uses.ts`): across the project's JSX files and the `.ts` modules they import, through
 * re-exports, aliases and namespace imports.
 */
import { ts } from 'ts-morph';
import type { SourceProp } from '../../contracts/studio-api.js';
import type { LoadSource } from '../mutations/module-declarations.js';
import { constantLiteralOf, resolveConstant, type SourceReader } from '../mutations/project-declarations.js';
import { constantUses } from './constant-uses.js';

type Constant = NonNullable<Extract<SourceProp, { kind: 'expression' }>['constant']>;

/** The project's JSX files, and how to read any of its modules (with its path aliases) to follow imports. */
export interface ProjectModules {
  files(): readonly string[];
  load: LoadSource;
}

/** Per loader (one lookup call): a constant's uses, found once however many elements are bound to it. */
const usesOf = new WeakMap<LoadSource, Map<string, string[]>>();

function usesOfConstant(declaration: ts.VariableDeclaration, relative: string, members: readonly string[], modules: ProjectModules): string[] {
  let known = usesOf.get(modules.load);
  if (!known) usesOf.set(modules.load, (known = new Map()));
  const key = `${relative}\0${declaration.pos}\0${members.join('.')}`;
  let uses = known.get(key);
  if (!uses) known.set(key, (uses = constantUses(declaration, modules.files(), modules.load, members)));
  return uses;
}

export function propConstant(attribute: ts.JsxAttribute, sourceFile: ts.SourceFile, relative: string, reader: SourceReader, modules: ProjectModules): Constant | undefined {
  const declared = resolveConstant(sourceFile, relative, attribute, reader);
  const expression = attribute.initializer && ts.isJsxExpression(attribute.initializer) ? attribute.initializer.expression : undefined;
  // Only a literal is written over (`changePropValue`): a computed constant (`client={queryClient}`) is not offered,
  // and its uses are not searched across the project.
  if (!declared || !expression || !constantLiteralOf(declared)) return undefined;
  // A member's line is that of its value in the object: what a new value is written over.
  const written = declared.members.length > 0 ? declared.node : declared.name;
  const line = declared.sourceFile.getLineAndCharacterOfPosition(written.getStart(declared.sourceFile)).line + 1;
  const here = `${relative}:${sourceFile.getLineAndCharacterOfPosition(expression.getStart(sourceFile)).line + 1}`;
  const declaration = declared.name.parent as ts.VariableDeclaration;
  const uses = usesOfConstant(declaration, declared.relative, declared.members, modules).filter((use) => use !== here);
  return { file: declared.relative, line, alsoUsedBy: uses };
}
