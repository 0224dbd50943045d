/**
 * The questions about a component that a syntax tree cannot answer: does it accept `className`, and which of its
 * props are required (with a literal a new element can be given for each)? Answered by the type checker of a
 * second ts-morph Project over the real files, made the first time a question is asked (the engine's own Project
 * has no checker, so edits never wait for one), and cached per component until the file declaring it changes.
 * A component the checker cannot type (an `any`, a missing package) gets no answer: the caller lets the change be.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Project, ts } from 'ts-morph';
import type { PropValue } from '../../contracts/change-kinds.js';

export interface RequiredProp {
  name: string;
  /** A value of the prop's type a new element can be written with, or null when no literal can be one. */
  value: Exclude<PropValue, null> | null;
  /** The prop's type as the checker prints it (for errors). */
  type: string;
}

export interface ComponentProps {
  acceptsClassName: boolean;
  required: RequiredProp[];
  /** Every prop it takes, or 'any' when its props have an index signature. */
  accepted: string[] | 'any';
}

/**
 * How a file refers to a component: an import of it (`specifier`, `imported`) or a name declared in the file itself;
 * or a host element's tag, whose props are React's `JSX.IntrinsicElements[tag]`.
 */
export type ComponentReference =
  | { kind: 'import'; from: string; specifier: string; imported: string; member: string[] }
  | { kind: 'local'; from: string; text: string; tagStart: number }
  | { kind: 'host'; from: string; tag: string };

interface CachedAnswer {
  answer: ComponentProps | null;
  /** mtime and size of each file the answer came from, when it was worked out. */
  stamps: Map<string, string>;
}

const PROBE = '__studio_component_probe__';

/** The project's compiler options: its app tsconfig (Vite's layout), else its tsconfig, else defaults for TSX. */
function compilerOptionsOf(root: string): ts.CompilerOptions {
  for (const name of ['tsconfig.app.json', 'tsconfig.json']) {
    const file = path.join(root, name);
    if (!fs.existsSync(file)) continue;
    const read = ts.readConfigFile(file, (f) => ts.sys.readFile(f));
    if (read.error) continue;
    const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, file);
    if (parsed.options.jsx === undefined && (parsed.projectReferences?.length ?? 0) > 0) continue;
    return { ...parsed.options, noEmit: true, skipLibCheck: true, composite: false, incremental: false };
  }
  return { jsx: ts.JsxEmit.ReactJSX, strict: true, skipLibCheck: true, noEmit: true, moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 };
}

function stampOf(file: string): string {
  try {
    const stat = fs.statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'absent';
  }
}

/** Title-cased words of a prop name: the placeholder text a required string prop gets (`cardTitle` → `Card title`). */
function placeholderFor(name: string): string {
  if (name === 'children') return 'Text';
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The union's members in the order the source writes them (the checker's order is its own), when a type node says. */
function sourceOrderedLiterals(symbol: ts.Symbol, checker: ts.TypeChecker): Array<string | number> | null {
  let node: ts.TypeNode | undefined = (symbol.valueDeclaration && (ts.isPropertySignature(symbol.valueDeclaration) || ts.isPropertyDeclaration(symbol.valueDeclaration)) ? symbol.valueDeclaration.type : undefined);
  for (let hops = 0; node && hops < 4; hops += 1) {
    while (ts.isParenthesizedTypeNode(node)) node = node.type;
    if (ts.isUnionTypeNode(node)) {
      const values: Array<string | number> = [];
      for (const member of node.types) {
        if (ts.isLiteralTypeNode(member) && ts.isStringLiteral(member.literal)) values.push(member.literal.text);
        else if (ts.isLiteralTypeNode(member) && ts.isNumericLiteral(member.literal)) values.push(Number(member.literal.text));
      }
      return values;
    }
    if (!ts.isTypeReferenceNode(node)) return null;
    const target = checker.getSymbolAtLocation(node.typeName);
    const resolved = target && target.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(target) : target;
    const declaration = resolved?.declarations?.find(ts.isTypeAliasDeclaration);
    node = declaration?.type;
  }
  return null;
}

/** A literal of the prop's type: a literal union's first member, a placeholder text, 0, false; null when none can be. */
function defaultValue(name: string, symbol: ts.Symbol, type: ts.Type, checker: ts.TypeChecker): Exclude<PropValue, null> | null {
  const members = (type.isUnion() ? type.types : [type]).filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)));
  if (members.length === 0) return null;
  if (members.every((t) => t.flags & ts.TypeFlags.BooleanLike)) return false;
  const literals = members.every((t) => t.isStringLiteral()) || members.every((t) => t.isNumberLiteral());
  if (literals) {
    const ordered = sourceOrderedLiterals(symbol, checker)?.find((value) => members.some((t) => (t as ts.LiteralType).value === value));
    return ordered ?? ((members[0] as ts.LiteralType).value as string | number);
  }
  if (members.some((t) => t.flags & ts.TypeFlags.String)) return placeholderFor(name);
  if (members.some((t) => t.flags & ts.TypeFlags.Number)) return 0;
  return null;
}

/** What a component's type says of its props; null when the checker cannot tell (`any`, not a component). */
function propsOfComponentType(type: ts.Type, checker: ts.TypeChecker, at: ts.Node): ComponentProps | null {
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return null;
  let props: ts.Type | null = null;
  const call = type.getCallSignatures()[0];
  const construct = type.getConstructSignatures()[0];
  if (call) {
    const parameter = call.getParameters()[0];
    if (!parameter) return { acceptsClassName: false, required: [], accepted: [] };
    props = checker.getTypeOfSymbolAtLocation(parameter, at);
  } else if (construct) {
    const instanceProps = construct.getReturnType().getProperty('props');
    props = instanceProps ? checker.getTypeOfSymbolAtLocation(instanceProps, at) : null;
  }
  return props ? describeProps(props, checker, at) : null;
}

/** What a props type takes and requires; null for `any`. */
function describeProps(props: ts.Type, checker: ts.TypeChecker, at: ts.Node): ComponentProps | null {
  if (props.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return null;
  // Props that are a union (`{ href: string } | { onClick(): void }`) take what any of their members takes.
  const members = props.isUnion() ? props.types : [props];
  const accepted = members.some((member) => checker.getIndexInfoOfType(member, ts.IndexKind.String))
    ? 'any'
    : [...new Set(members.flatMap((member) => checker.getPropertiesOfType(member).map((p) => p.name)))];
  const acceptsClassName = accepted === 'any' || accepted.includes('className');
  const required: RequiredProp[] = [];
  for (const property of checker.getPropertiesOfType(props)) {
    if (property.flags & ts.SymbolFlags.Optional) continue;
    const propertyType = checker.getTypeOfSymbolAtLocation(property, at);
    if (propertyType.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) continue;
    required.push({ name: property.name, value: defaultValue(property.name, property, propertyType, checker), type: checker.typeToString(propertyType) });
  }
  return { acceptsClassName, required, accepted };
}

/** Answers the type questions of one root; lasting state: the checker's Project and the answers so far. */
export class ComponentTypes {
  private project: Project | null = null;
  private readonly answers = new Map<string, CachedAnswer>();
  /** A package's exports by folder and specifier: dependencies do not change while the server runs. */
  private readonly exported = new Map<string, readonly string[] | null>();

  constructor(private readonly root: string) {}

  /** What the component a reference names takes, or null when the checker cannot tell. */
  propsOf(reference: ComponentReference): ComponentProps | null {
    const key =
      reference.kind === 'import'
        ? `${path.posix.dirname(reference.from)}|${reference.specifier}|${reference.imported}|${reference.member.join('.')}`
        : reference.kind === 'host'
          ? `<${reference.tag}>`
          : `${reference.from}|${reference.tagStart}`;
    const cached = this.answers.get(key);
    if (cached && [...cached.stamps].every(([file, stamp]) => stampOf(file) === stamp)) return cached.answer;
    const worked = this.workOut(reference);
    this.answers.set(key, worked);
    return worked.answer;
  }

  /** The values a package exports, as resolved from the root-relative file `from`; null when it has no types. */
  exportsOf(from: string, specifier: string): readonly string[] | null {
    const key = `${path.posix.dirname(from)}|${specifier}`;
    if (!this.exported.has(key)) this.exported.set(key, this.readExports(from, specifier));
    return this.exported.get(key) ?? null;
  }

  private readExports(from: string, specifier: string): readonly string[] | null {
    const project = this.projectNow();
    const directory = path.join(this.root, ...path.posix.dirname(from).split('/'));
    const probe = project.createSourceFile(path.join(directory, `${PROBE}.tsx`), `export * as probe from ${JSON.stringify(specifier)};\n`, { overwrite: true });
    const statement = probe.compilerNode.statements[0];
    const checker = project.getTypeChecker().compilerObject;
    const module = statement && ts.isExportDeclaration(statement) && statement.moduleSpecifier ? checker.getSymbolAtLocation(statement.moduleSpecifier) : undefined;
    // An untyped package resolves to no module symbol (or to its JavaScript, which says nothing reliable).
    if (!module || !module.declarations?.some((declaration) => declaration.getSourceFile().isDeclarationFile)) return null;
    return checker
      .getExportsOfModule(module)
      .filter((symbol) => ((symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol).flags & ts.SymbolFlags.Value) !== 0)
      .map((symbol) => symbol.name);
  }

  private projectNow(): Project {
    if (!this.project) {
      this.project = new Project({ compilerOptions: compilerOptionsOf(this.root), skipAddingFilesFromTsConfig: true });
      return this.project;
    }
    // Files of the root the checker read may have changed on disk since (dependencies do not, while the server
    // runs). They are the program's files, not the Project's: ts-morph keeps files it resolved out of its list.
    for (const file of this.project.getProgram().compilerObject.getSourceFiles()) {
      const name = file.fileName;
      if (name.includes('/node_modules/') || path.basename(name).startsWith(PROBE)) continue;
      const sourceFile = this.project.getSourceFile(name);
      if (!sourceFile) continue;
      if (!fs.existsSync(name)) this.project.removeSourceFile(sourceFile);
      else sourceFile.refreshFromFileSystemSync();
    }
    return this.project;
  }

  private workOut(reference: ComponentReference): CachedAnswer {
    const project = this.projectNow();
    const directory = path.join(this.root, ...path.posix.dirname(reference.from).split('/'));
    let node: ts.Node | undefined;
    let probe;
    if (reference.kind === 'import') {
      const clause = reference.imported === 'default' ? PROBE : reference.imported === '*' ? `* as ${PROBE}` : `{ ${reference.imported} as ${PROBE} }`;
      const text = `import ${clause} from ${JSON.stringify(reference.specifier)};\nexport const probe = ${[PROBE, ...reference.member].join('.')};\n`;
      probe = project.createSourceFile(path.join(directory, `${PROBE}.tsx`), text, { overwrite: true });
      const statement = probe.compilerNode.statements[1];
      node = statement && ts.isVariableStatement(statement) ? statement.declarationList.declarations[0]?.initializer : undefined;
    } else if (reference.kind === 'host') {
      const text = `import type { JSX } from 'react';\nexport const probe = null as unknown as JSX.IntrinsicElements[${JSON.stringify(reference.tag)}];\n`;
      probe = project.createSourceFile(path.join(directory, `${PROBE}.tsx`), text, { overwrite: true });
      const statement = probe.compilerNode.statements[1];
      node = statement && ts.isVariableStatement(statement) ? statement.declarationList.declarations[0]?.initializer : undefined;
    } else {
      probe = project.createSourceFile(path.join(directory, `${PROBE}${path.posix.extname(reference.from)}`), reference.text, { overwrite: true });
      let found = probe.getDescendantAtPos(reference.tagStart)?.compilerNode;
      // `Card.Header`: the whole tag, not its first name.
      while (found && ts.isPropertyAccessExpression(found.parent) && found.parent.expression === found) found = found.parent;
      node = found && (ts.isIdentifier(found) || ts.isPropertyAccessExpression(found)) ? found : undefined;
    }
    const stamps = new Map<string, string>();
    if (!node) return { answer: null, stamps };
    const checker = project.getTypeChecker().compilerObject;
    const type = checker.getTypeAtLocation(node);
    // A host element's props do not change while the server runs (they are the installed React's).
    if (reference.kind === 'host') return { answer: describeProps(type, checker, node), stamps };
    const answer = propsOfComponentType(type, checker, node);
    // The answer holds while the files declaring the component (and the props' types) keep their bytes.
    const symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(node) ? node.name : node);
    const declared = symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    for (const declaration of declared?.declarations ?? []) {
      const file = declaration.getSourceFile().fileName;
      if (!file.includes('/node_modules/')) stamps.set(file, stampOf(file));
    }
    // A component of the edited file itself: its text changes with every edit, so the answer is not kept.
    if (reference.kind === 'local') stamps.set(`${reference.from}#text`, 'never');
    return { answer, stamps };
  }
}

/** One ComponentTypes per engine index: the type answers of a root live as long as the engine that edits it. */
const perIndex = new WeakMap<object, ComponentTypes>();

export function componentTypesOf(index: { readonly root: string }): ComponentTypes {
  let types = perIndex.get(index);
  if (!types) {
    types = new ComponentTypes(index.root);
    perIndex.set(index, types);
  }
  return types;
}
