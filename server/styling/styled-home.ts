/**
 * The styled component an element is (`<Heading>`), followed to where it is declared: its own file, or the project
 * module its import brings it from (relative paths, the project's aliases, index re-exports, default and named
 * exports), so a change to it is written in the declaration every use shares, as its developers write one. A
 * component of a package, or one declared under node_modules, is not the project's to write: refused, saying so.
 */
import type { ts } from 'ts-morph';
import { moduleBases, projectAliases } from '../engine/import-conventions.js';
import type { EditableFile } from '../engine/editable-file.js';
import { sourceOf, unwritable } from '../engine/jsx-source.js';
import type { LocatedElement, MutationContext } from '../engine/mutation-transform.js';
import { contextReader } from '../mutations/project-declarations.js';
import { styledObjectStyling, styledObjectWithChange } from './mui-sx.js';
import type { StylingBody } from './style-change.js';
import { writeStyleObject } from './style-object.js';
import { importSourceOf, styledHomeOf, type ModuleFollow, type StyledDeclaration, type StyledHome } from './styling-systems.js';

/** How a transform follows the element's tag: from its file, through the modules the change can read. */
export function transformFollow(located: LocatedElement, context: MutationContext): ModuleFollow {
  return { relative: located.file.relative, reader: contextReader(context) };
}

const IN_PACKAGES = /(^|\/)node_modules\//;

/**
 * The declaration of the element's styled component of this kind, and the file to write it in (the element's own,
 * or the module that declares it, parsed as the change reads it). Throws where it is not the project's to write.
 */
export function styledHomeFor(located: LocatedElement, context: MutationContext, kind: StyledDeclaration['kind']): { file: EditableFile; sourceFile: ts.SourceFile; home: StyledHome } {
  const sourceFile = sourceOf(located.file);
  const tag = located.entry.tagName;
  const home = styledHomeOf(sourceFile, tag, transformFollow(located, context));
  const what = kind === 'styled-template' ? 'a template' : 'a style object';
  const wrapper = `choose "this element only" to restyle it with a styled wrapper in ${located.file.relative}`;
  if (!home) {
    const from = importSourceOf(sourceFile, tag);
    // A package's specifier: neither a relative path nor one of the project's aliases.
    if (from && moduleBases(located.file.relative, from, projectAliases(context)).length === 0) {
      throw unwritable(located, `<${tag}> is declared in the package "${from}" (node_modules), not in the project's source, which is all the studio writes; ${wrapper}`);
    }
    throw unwritable(located, `<${tag}> is not a styled component with ${what} the studio can follow to its declaration`);
  }
  if (IN_PACKAGES.test(home.relative)) {
    throw unwritable(located, `<${tag}> is declared in ${home.relative} (node_modules), not in the project's source, which is all the studio writes; ${wrapper}`);
  }
  if (home.declared.kind !== kind) throw unwritable(located, `${home.name.text} (${home.relative}) is not a styled component with ${what}`);
  const file = home.relative === located.file.relative ? located.file : context.file(home.relative);
  return { file, sourceFile: home.sourceFile, home };
}

/** A `styled()` object: written into the declaration of the element's component, in its file or the one it is imported from. */
export function styledObjectHomeStyling(located: LocatedElement, body: StylingBody, context: MutationContext): EditableFile[] {
  const { file, sourceFile, home } = styledHomeFor(located, context, 'styled-object');
  if (file === located.file) return styledObjectStyling(located, body, context);
  if (home.declared.kind !== 'styled-object') return [];
  // The object is laid out and quoted as the declaring file's own, which must be a JSX file the engine parses.
  if (!file.parsed) throw unwritable(located, `${home.name.text} is declared in ${file.relative}, whose style objects the studio writes only in .tsx and .jsx files`);
  // Laid out in the declaring file; a refusal names the element at its declaration there.
  const declaredAt = { file, entry: { ...located.entry, start: home.declared.node.getStart(sourceFile) } };
  const object = styledObjectWithChange(declaredAt, body, context, home.declared.node);
  writeStyleObject(file, home.declared.node, object, sourceFile);
  return [file];
}
