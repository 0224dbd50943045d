/**
 * "This element only" for a styled component shared by other places: a wrapper of it declared in the element's file,
 * as these projects' developers restyle one use (`const AppHeading = styled(Heading)\`color: …;\``), after the file's
 * other styled declarations; the element takes the wrapper's name and its file keeps its import of the component.
 * Later changes to the element find the wrapper as its own styled component and write into it.
 */
import { ts } from 'ts-morph';
import type { HostStyling } from '../../contracts/styling-idioms.js';
import type { EditableFile } from '../engine/editable-file.js';
import { conventionsOf } from '../engine/file-conventions.js';
import { sourceOf, unwritable } from '../engine/jsx-source.js';
import type { LocatedElement, MutationContext } from '../engine/mutation-transform.js';
import { importsOf } from '../mutations/imports.js';
import { importName, insertDeclaration, retag, styledDeclarationStyles, styledNameFor } from './plain-element.js';
import type { StylingBody } from './style-change.js';
import { styledObjectHomeStyling, transformFollow } from './styled-home.js';
import { styledTemplateStyling } from './styled-template.js';
import { styledHomeOf, type StyledHome } from './styling-systems.js';

/** The `styled` to wrap with: the file's own, else the one the component's declaring file uses, else the project's. */
function styledImportFor(located: LocatedElement, declaring: ts.SourceFile | null, context: MutationContext): HostStyling['styled'] | null {
  for (const sourceFile of [sourceOf(located.file), declaring]) {
    const imported = sourceFile ? importsOf(sourceFile).get('styled') : undefined;
    if (imported && !imported.typeOnly) return { specifier: imported.specifier, isDefault: imported.imported === 'default' };
  }
  return context.theme.styling?.host?.styled ?? null;
}

/** Whether the element's component is declared in its file, not exported, and used there by this element alone. */
function isOwnWrapper(located: LocatedElement, home: StyledHome): boolean {
  const statement = home.name.parent.parent.parent;
  const exported = ts.isVariableStatement(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const uses = located.file.parsed?.entries.filter((entry) => entry.tagName === located.entry.tagName).length ?? 0;
  return home.relative === located.file.relative && !exported && uses === 1;
}

/** Restyles this element alone: a styled wrapper of its component in its file, which the element becomes. */
export function styledWrapperStyling(located: LocatedElement, body: StylingBody, context: MutationContext): EditableFile[] {
  const { file, entry } = located;
  const tag = entry.tagName;
  if (!/^[A-Z][\w$]*$/.test(tag)) throw unwritable(located, `a styled wrapper wraps a component, and <${tag}> is not one the file names`);
  const home = styledHomeOf(sourceOf(file), tag, transformFollow(located, context));
  // Already this element's own (a wrapper written before, as the same choice stays on): its declaration takes the change.
  if (home && isOwnWrapper(located, home)) return home.declared.kind === 'styled-template' ? styledTemplateStyling(located, body, context) : styledObjectHomeStyling(located, body, context);
  const styled = styledImportFor(located, home?.sourceFile ?? null, context);
  if (!styled) throw unwritable(located, 'the project imports no `styled` to write a wrapper with');
  const name = styledNameFor(located);
  // A component styled with an object is wrapped with one, as its file writes them; else with a template.
  const styles = styledDeclarationStyles(located, body, context, home?.declared.kind === 'styled-object', name);
  importName(located, 'styled', styled.specifier, styled.isDefault);
  insertDeclaration(file, located, `const ${name} = styled(${tag})${styles}${conventionsOf(sourceOf(file)).semicolons ? ';' : ''}`);
  retag(located, name, '');
  return [file];
}
