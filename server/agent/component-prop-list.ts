/**
 * `list_components` on the server: the components the palette offers (`palette-components.ts`), each of the
 * project's own with its props as its source writes them: the props type of its first parameter (an inline type,
 * or an interface or type alias of the same file, also through `forwardRef<T, P>` and `FC<P>`), the names it
 * destructures and the defaults it gives them. Read from the engine's parses, without a type checker: a listing of
 * every component stays as cheap as the palette's, and a type the file does not write is left unnamed
 * (`moreProps`) rather than worked out.
 */
import { ts } from 'ts-morph';
import {
  AGENT_COMPONENTS_LIMIT,
  type AgentComponent,
  type AgentComponentProp,
  type AgentComponents,
  type AgentComponentsRequest,
} from '../../contracts/agent-api.js';
import type { SourceIndex } from '../engine/source-index.js';
import { paletteComponents } from '../project-reads/palette-components.js';

type ComponentFunction = ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction;

interface Declared {
  fn: ComponentFunction;
  /** The props type a wrapper or the variable's annotation gives (`forwardRef<T, P>`, `FC<P>`). */
  propsType?: ts.TypeNode;
}

/** The function a variable's initializer makes, through `memo(…)` and `forwardRef(…)`, and the props type they name. */
function unwrap(node: ts.Expression | undefined, propsType?: ts.TypeNode): Declared | null {
  if (!node) return null;
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return { fn: node, ...(propsType ? { propsType } : {}) };
  if (ts.isParenthesizedExpression(node)) return unwrap(node.expression, propsType);
  if (!ts.isCallExpression(node)) return null;
  const callee = ts.isIdentifier(node.expression) ? node.expression.text : ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : '';
  const typeArguments = node.typeArguments ?? [];
  const named = callee === 'forwardRef' ? typeArguments[1] : callee === 'memo' ? typeArguments[0] : undefined;
  return unwrap(node.arguments[0], propsType ?? named);
}

function declarationOf(sourceFile: ts.SourceFile, name: string): Declared | null {
  for (const statement of sourceFile.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name && statement.body) return { fn: statement };
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name) continue;
      // `const Card: FC<CardProps> = (…) => …`
      const annotated = declaration.type && ts.isTypeReferenceNode(declaration.type) ? declaration.type.typeArguments?.[0] : undefined;
      return unwrap(declaration.initializer, annotated);
    }
  }
  return null;
}

interface TypeReading {
  props: AgentComponentProp[];
  /** Parts of the type the file does not spell out (another module's type, `extends`, a mapped type). */
  more: boolean;
}

/** The members an interface or a type alias of the file declares, by name. */
function localType(sourceFile: ts.SourceFile, name: string): ts.InterfaceDeclaration | ts.TypeAliasDeclaration | undefined {
  return sourceFile.statements.find((statement): statement is ts.InterfaceDeclaration | ts.TypeAliasDeclaration => (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && statement.name.text === name);
}

function membersReading(members: readonly ts.TypeElement[], sourceFile: ts.SourceFile): TypeReading {
  const props: AgentComponentProp[] = [];
  let more = false;
  for (const member of members) {
    if ((ts.isPropertySignature(member) || ts.isMethodSignature(member)) && member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))) {
      const type = ts.isPropertySignature(member) ? member.type?.getText(sourceFile) : member.getText(sourceFile).replace(/;$/, '');
      props.push({ name: member.name.text, ...(type ? { type } : {}), required: member.questionToken === undefined });
    } else more = true;
  }
  return { props, more };
}

/** What a props type node says, `depth` bounding how far aliases are followed. */
function typeReading(node: ts.TypeNode | undefined, sourceFile: ts.SourceFile, depth = 0): TypeReading {
  if (!node || depth > 4) return { props: [], more: node !== undefined };
  if (ts.isTypeLiteralNode(node)) return membersReading(node.members, sourceFile);
  if (ts.isParenthesizedTypeNode(node)) return typeReading(node.type, sourceFile, depth + 1);
  if (ts.isIntersectionTypeNode(node)) {
    const parts = node.types.map((part) => typeReading(part, sourceFile, depth + 1));
    return { props: parts.flatMap((part) => part.props), more: parts.some((part) => part.more) };
  }
  if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && !node.typeArguments) {
    const declared = localType(sourceFile, node.typeName.text);
    if (declared && ts.isInterfaceDeclaration(declared)) {
      const own = membersReading(declared.members, sourceFile);
      return { props: own.props, more: own.more || (declared.heritageClauses?.length ?? 0) > 0 };
    }
    if (declared) return typeReading(declared.type, sourceFile, depth + 1);
  }
  return { props: [], more: true };
}

/** The component's props: its props type's members, with the defaults its destructuring gives; null when it takes none. */
export function propsOf(sourceFile: ts.SourceFile, name: string): { props: AgentComponentProp[]; more: boolean } | null {
  const declared = declarationOf(sourceFile, name);
  if (!declared) return null;
  const parameter = declared.fn.parameters[0];
  if (!parameter) return { props: [], more: false };
  const reading = typeReading(parameter.type ?? declared.propsType, sourceFile);
  const props = new Map(reading.props.map((prop) => [prop.name, prop]));
  let more = reading.more;
  if (ts.isObjectBindingPattern(parameter.name)) {
    for (const element of parameter.name.elements) {
      if (element.dotDotDotToken) {
        more = more || props.size === 0;
        continue;
      }
      const key = element.propertyName ?? element.name;
      if (!ts.isIdentifier(key) && !ts.isStringLiteral(key)) continue;
      const known = props.get(key.text) ?? { name: key.text, required: !element.initializer && reading.props.length === 0 && !parameter.type };
      const withDefault = element.initializer ? { ...known, required: false, default: element.initializer.getText(sourceFile) } : known;
      props.set(key.text, withDefault);
    }
  }
  return { props: [...props.values()], more };
}

export function listComponents(index: SourceIndex, request: AgentComponentsRequest): AgentComponents {
  const needle = request.name?.toLowerCase();
  const all = paletteComponents(index).filter((component) => needle === undefined || component.name.toLowerCase().includes(needle));
  const offset = request.offset ?? 0;
  const limit = Math.min(request.limit ?? AGENT_COMPONENTS_LIMIT, AGENT_COMPONENTS_LIMIT);
  const page = all.slice(offset, offset + limit).map((component): AgentComponent => {
    if (component.package !== undefined) return { ...component };
    const sourceFile = index.cached(component.file)?.parsed.sourceFile;
    const read = sourceFile ? propsOf(sourceFile, component.name) : null;
    return { ...component, ...(read ? { props: read.props, ...(read.more ? { moreProps: true } : {}) } : {}) };
  });
  return { components: page, total: all.length, ...(offset + limit < all.length ? { nextOffset: offset + limit } : {}) };
}
