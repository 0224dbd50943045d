/**
 * A prop bound to a constant of the project (`tone={DEFAULT_TONE}`, `const DEFAULT_TONE = 'green'`): where the
 * constant is written, which `changePropValue` writes a new value over, and its other uses that would show the new
 * value too, named before the change ("also used by …"). Uses are looked for in the file that declares the
 * constant, the element's file, and every JSX file of the project that imports the constant from its module (the
 * import index of `component-call-sites.ts`).
 */
import { ts } from 'ts-morph';
import type { SourceProp } from '../../contracts/studio-api.js';
import { resolveConstant, type SourceReader } from '../mutations/project-declarations.js';

type Constant = NonNullable<Extract<SourceProp, { kind: 'expression' }>['constant']>;

function usesIn(sourceFile: ts.SourceFile, relative: string, name: string, except: ts.Node): string[] {
  const uses: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && node.text === name && node !== except && !ts.isImportSpecifier(node.parent) && !ts.isExportSpecifier(node.parent)) {
      uses.push(`${relative}:${sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return uses;
}

/** The files importing an export of a module, with the name each gives it, and how to read one of them. */
export interface ConstantImporters {
  of(home: string, name: string): ReadonlyArray<{ relative: string; local: string }>;
  load(relative: string): ts.SourceFile | null;
}

export function propConstant(attribute: ts.JsxAttribute, sourceFile: ts.SourceFile, relative: string, reader: SourceReader, importers?: ConstantImporters): Constant | undefined {
  const declared = resolveConstant(sourceFile, relative, attribute, reader);
  const expression = attribute.initializer && ts.isJsxExpression(attribute.initializer) ? attribute.initializer.expression : undefined;
  if (!declared || !expression) return undefined;
  const line = declared.sourceFile.getLineAndCharacterOfPosition(declared.name.getStart(declared.sourceFile)).line + 1;
  const here = `${relative}:${sourceFile.getLineAndCharacterOfPosition(expression.getStart(sourceFile)).line + 1}`;
  const uses = new Set(usesIn(declared.sourceFile, declared.relative, declared.name.text, declared.name));
  if (declared.relative !== relative) for (const use of usesIn(sourceFile, relative, declared.name.text, declared.name)) uses.add(use);
  for (const importer of importers?.of(declared.relative, declared.name.text) ?? []) {
    const other = importer.relative === relative ? sourceFile : importers!.load(importer.relative);
    if (other && importer.relative !== declared.relative) for (const use of usesIn(other, importer.relative, importer.local, declared.name)) uses.add(use);
  }
  uses.delete(here);
  return { file: declared.relative, line, alsoUsedBy: [...uses] };
}
