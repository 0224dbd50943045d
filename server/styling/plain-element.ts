/**
 * A plain element (`<p>`) in a project that styles with `sx` or styled components: written as that project's developers
 * do (`HostStyling`), not as a new stylesheet. A styled component of the tag declared in the element's file, after its
 * other styled declarations (`const Text = styled.p\`…\``, `const Text = styled('p')({…})`), or a MUI
 * `<Box component="p" sx={{…}}>`; the element takes the new tag, and later changes find their idiom on it.
 */
import { ts } from 'ts-morph';
import type { HostStyling } from '../../contracts/styling-idioms.js';
import type { EditableFile } from '../engine/editable-file.js';
import { conventionsOf, insertImports } from '../engine/file-conventions.js';
import { indentationAt, quoteString, sourceOf, unwritable } from '../engine/jsx-source.js';
import type { LocatedElement, MutationContext } from '../engine/mutation-transform.js';
import { importsOf, namesInScopeAt, topLevelNames } from '../mutations/imports.js';
import { componentNameOf, tagRole } from '../mutations/rule-class-name.js';
import { emotionCssStyling } from './emotion-css.js';
import { styledObjectWithChange, sxWithChange } from './mui-sx.js';
import type { StylingBody } from './style-change.js';
import { renderStyleObject } from './style-object.js';
import { templateWithChange } from './styled-template.js';
import { styledDeclarationOf } from './styling-systems.js';

const pascal = (kebab: string): string => kebab.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** A name for the styled component no name in scope has: its role (`Title`), else the component's (`CardTitle`), numbered. */
export function styledNameFor(located: LocatedElement): string {
  const sourceFile = sourceOf(located.file);
  const taken = new Set([...topLevelNames(sourceFile), ...namesInScopeAt(located.entry.node, sourceFile)]);
  const role = pascal(tagRole(located.entry.tagName));
  const owner = componentNameOf(located.entry.node)?.name;
  const candidates = [role, ...(owner && owner !== role ? [`${owner}${role}`] : [])];
  const free = candidates.find((name) => !taken.has(name));
  if (free) return free;
  for (let n = 2; ; n += 1) if (!taken.has(`${role}${n}`)) return `${role}${n}`;
}

/** The element's tag renamed (opening and closing), with `attributes` added to its opening tag. */
export function retag(located: LocatedElement, tag: string, attributes: string): void {
  const { file, entry } = located;
  const sourceFile = sourceOf(file);
  file.replace(entry.opening.tagName.getStart(sourceFile), entry.opening.tagName.end, tag);
  if (attributes) file.insert(entry.opening.attributes.end, ` ${attributes}`);
  if (ts.isJsxElement(entry.node)) {
    const closing = entry.node.closingElement.tagName;
    file.replace(closing.getStart(sourceFile), closing.end, tag);
  }
}

/** The top-level statement holding the node. */
function topLevelStatementOf(node: ts.Node): ts.Statement {
  let at = node;
  while (!ts.isSourceFile(at.parent)) at = at.parent;
  return at as ts.Statement;
}

/** Writes a new styled declaration after the file's last one before the element's component, else just before it. */
export function insertDeclaration(file: EditableFile, located: LocatedElement, declaration: string): void {
  const sourceFile = sourceOf(file);
  const holder = topLevelStatementOf(located.entry.node);
  const eol = file.eol ?? '\n';
  const before = sourceFile.statements.slice(0, sourceFile.statements.indexOf(holder));
  const lastStyled = before.findLast(
    (statement) =>
      ts.isVariableStatement(statement) &&
      statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && styledDeclarationOf(sourceFile, d.name.text) !== null),
  );
  if (lastStyled) {
    file.insert(lastStyled.end, `${eol}${eol}${declaration}`);
    return;
  }
  // Before the statement's leading comments (its doc comment stays on it).
  const comments = ts.getLeadingCommentRanges(sourceFile.text, holder.getFullStart()) ?? [];
  const start = comments[0]?.pos ?? holder.getStart(sourceFile);
  file.insert(start, `${declaration}${eol}${eol}${indentationAt(file.text, start)}`);
}

/** Brings `styled` (as the project imports it) or MUI's `Box` into the file, refusing where the name means another. */
export function importName(located: LocatedElement, name: string, specifier: string, isDefault: boolean): void {
  const sourceFile = sourceOf(located.file);
  const imported = importsOf(sourceFile).get(name);
  if (imported) {
    if (imported.specifier === specifier || (name === 'Box' && imported.specifier.startsWith('@mui/'))) return;
    throw unwritable(located, `${located.file.relative} imports a "${name}" from "${imported.specifier}", not the project's (from "${specifier}")`);
  }
  if (topLevelNames(sourceFile).has(name) || namesInScopeAt(located.entry.node, sourceFile).has(name)) {
    throw unwritable(located, `${located.file.relative} has its own "${name}", so the project's cannot be imported there`);
  }
  insertImports(located.file, [{ name, imported: isDefault ? 'default' : name, specifier, typeOnly: false }]);
}

/** Styles a plain element the project's way (`host`): it becomes a styled component of its file, or a MUI Box. */
export function plainElementStyling(located: LocatedElement, body: StylingBody, context: MutationContext, host: HostStyling): EditableFile[] {
  const { file, entry } = located;
  const sourceFile = sourceOf(file);
  const eol = file.eol ?? '\n';
  const { quote, jsxQuote, semicolons } = conventionsOf(sourceFile);
  const tag = entry.tagName;
  // The element keeps its tag and takes a `css` prop, as the project's own elements do.
  if (host.idiom === 'emotion-css') return emotionCssStyling(located, body, context);
  if (host.idiom === 'mui-sx') {
    const object = sxWithChange(located, body, context, null);
    importName(located, 'Box', '@mui/material', false);
    retag(located, 'Box', `component=${quoteString(tag, jsxQuote)} sx={${renderStyleObject(object, '', file.indentUnit, eol)}}`);
    return [file];
  }
  const name = styledNameFor(located);
  // MUI's `styled` takes the tag as an argument only; styled-components' and emotion's have `styled.p` too.
  const factory = host.styled.specifier.startsWith('@mui/') ? `styled(${quoteString(tag, quote)})` : /^[a-z]\w*$/.test(tag) ? `styled.${tag}` : `styled(${quoteString(tag, quote)})`;
  const styles = styledDeclarationStyles(located, body, context, host.idiom === 'styled-object', name);
  importName(located, 'styled', host.styled.specifier, host.styled.isDefault);
  insertDeclaration(file, located, `const ${name} = ${factory}${styles}${semicolons ? ';' : ''}`);
  retag(located, name, '');
  return [file];
}

/**
 * What follows `styled(…)` in a new declaration named `name` carrying the change: a style object laid out as the
 * file writes them, or a template.
 */
export function styledDeclarationStyles(located: LocatedElement, body: StylingBody, context: MutationContext, asObject: boolean, name: string): string {
  const { file } = located;
  const eol = file.eol ?? '\n';
  if (!asObject) return `\`${templateWithChange(located, body, eol, new Map(), name)}\``;
  const object = styledObjectWithChange(located, body, context, null);
  object.multiline = true;
  object.trailingComma = true;
  return `(${renderStyleObject(object, '', file.indentUnit, eol)})`;
}
