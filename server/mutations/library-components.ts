/**
 * Components of the libraries a project uses (`@mui/material`, `@chakra-ui/react`, `@coreui/react`): the ones its
 * files already render, found from their imports, and, for a name no file uses yet, the exports of a package the
 * project already imports from (as the type checker reads them). A change writes such a component's import as the
 * project's developer would, joined to the file's import of that package.
 */
import { ts } from 'ts-morph';
import type { PaletteComponent } from '../../contracts/studio-api.js';
import type { LocatedElement, MutationContext } from '../engine/mutation-transform.js';
import { sourceOf } from '../engine/jsx-source.js';

/** The package a bare specifier names (`@mui/material/Box` → `@mui/material`), or null for a path or a scope alone. */
export function packageOfSpecifier(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return null;
  const parts = specifier.split('/');
  if (specifier.startsWith('@')) return parts.length >= 2 && parts[0] !== '@' && parts[1] ? `${parts[0]}/${parts[1]}` : null;
  return parts[0] || null;
}

/** The packages a project's `package.json` names, of every kind of dependency (an unreadable one names none). */
export function manifestPackages(text: string): Set<string> {
  try {
    const manifest = JSON.parse(text) as Record<string, unknown>;
    const names = new Set<string>();
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
      const dependencies = manifest[field];
      if (dependencies && typeof dependencies === 'object') for (const name of Object.keys(dependencies)) names.add(name);
    }
    return names;
  } catch {
    return new Set();
  }
}

/** The names a file renders as the first part of a JSX tag (`Card` of `<Card.Header>`). */
function renderedNames(sourceFile: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      let tag: ts.Node = node.tagName;
      while (ts.isPropertyAccessExpression(tag)) tag = tag.expression;
      if (ts.isIdentifier(tag)) names.add(tag.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return names;
}

const PASCAL_CASE = /^[A-Z][A-Za-z0-9]*$/;
/** React's own components (`Fragment`, `Suspense`) shape a tree; they are not a library's to add from a palette. */
const NOT_COMPONENT_LIBRARIES = new Set(['react', 'react-dom']);

/**
 * The library components a file renders: a PascalCase name it imports from one of the project's packages and uses
 * as a tag, by the name the package exports it under (a default import of a subpath, `@mui/material/Box`, by its
 * local name). Namespace imports and types are left out.
 */
export function libraryComponentsOfSource(sourceFile: ts.SourceFile, relative: string, packages: ReadonlySet<string>): PaletteComponent[] {
  const rendered = renderedNames(sourceFile);
  const found: PaletteComponent[] = [];
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    const specifier = statement.moduleSpecifier.text;
    const library = packageOfSpecifier(specifier);
    if (!clause || clause.isTypeOnly || !library || !packages.has(library) || NOT_COMPONENT_LIBRARIES.has(library)) continue;
    if (clause.name && rendered.has(clause.name.text) && PASCAL_CASE.test(clause.name.text)) {
      found.push({ name: clause.name.text, file: relative, isDefaultExport: true, package: specifier });
    }
    const bindings = clause.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const exported = (element.propertyName ?? element.name).text;
      // Imported under another name (`Link as RouterLink`): the palette would write the exported name, which may clash.
      if (element.isTypeOnly || element.propertyName || !rendered.has(element.name.text) || !PASCAL_CASE.test(exported)) continue;
      found.push({ name: exported, file: relative, isDefaultExport: false, package: specifier });
    }
  }
  return found;
}

/** At most this many packages are asked for their exports on one tag change: each costs the checker a module graph. */
const MAX_PACKAGES_ASKED = 12;

/**
 * The library components a tag the project renders nowhere may be: each package the file imports from (first), then
 * the other packages whose components the project renders, whose exports (as the checker reads their types) hold a
 * component value of that name. A package the checker cannot read is not offered: nothing is guessed.
 */
export function exportedByProjectPackages(context: MutationContext, located: LocatedElement, name: string): PaletteComponent[] {
  if (!context.packageExports) return [];
  let packages: Set<string>;
  try {
    packages = manifestPackages(context.file('package.json').text);
  } catch {
    return [];
  }
  const specifiers: string[] = [];
  for (const statement of sourceOf(located.file).statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.importClause?.isTypeOnly) continue;
    const library = packageOfSpecifier(statement.moduleSpecifier.text);
    // The package's main entry, where its components are exported by name (not a subpath's one default export).
    if (library && packages.has(library)) specifiers.push(library);
  }
  for (const component of context.components()) if (component.package) specifiers.push(packageOfSpecifier(component.package) ?? component.package);
  const asked = [...new Set(specifiers)].slice(0, MAX_PACKAGES_ASKED);
  return asked
    .filter((specifier) => context.packageExports!(located.file.relative, specifier)?.includes(name))
    .map((specifier) => ({ name, file: located.file.relative, isDefaultExport: false, package: specifier }));
}
