/**
 * Where the words an element shows are written (docs/editing-through-code.md). An element's text is read as parts:
 * literals of the project (JSX text, a string, a template's literal part, a string attribute at a call site), each
 * with its place in its file, and computed parts, each with where its value comes from. A binding is followed from
 * the element to its literals: a prop to the call sites that pass it (also through components that pass it on), an
 * identifier to its `const` (in the file or an imported module of the project), member access into a literal object
 * or array, a `.map` callback's parameter to the array's entries, `cond ? a : b`, `??`, `||`, `&&` to their
 * branches, templates and `+` to their pieces. Syntax only, over the parses the engine already has: nothing is
 * guessed, and what cannot be followed to a literal says why.
 */
import { ts } from 'ts-morph';
import type { JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import { apiEndpointOf } from './api-endpoint.js';
import { componentCallSites } from './component-call-sites.js';
import { findDeclaration, resolveModule, type LoadSource } from './module-declarations.js';
import { bindingOf, componentNameOf, computed, decodeEntities, jsxTextPart, literalPart, MAX_ALTERNATIVES, placeOf, product, propertyNameOf, short, sourceLoader, unwrap, type HomeForm, type TextReading, type TextSources } from './text-parts.js';

export type { TextHome, TextReading } from './text-parts.js';
export { decodeEntities } from './text-parts.js';

export type { ParsedProjectFile, TextSources } from './text-parts.js';

const MAX_DEPTH = 24;
/** Methods of strings and numbers that change the words: text shown through them is not a literal's. */
const TRANSFORMS = /^(?:to(?:Upper|Lower|LocaleUpper|LocaleLower)Case|trim\w*|slice|substring|replace\w*|pad\w+|toFixed|toLocale\w*|join|concat|repeat|normalize|at|charAt|split|format)$/;

/** Methods that build a list out of another: their entries come from that list. */
const ARRAY_BUILDERS = /^(?:map|flatMap|filter|slice|sort|toSorted|concat|reverse|toReversed)$/;
/** Packages whose hooks and calls bring data from a server. */
const DATA_PACKAGES = /^(?:@tanstack\/(?:react-)?query|swr|axios|ky|ofetch|@apollo\/client|urql|@trpc\/)/;

interface Value {
  node: ts.Node;
  via: string[];
  /** A value code makes at run time (one call site of several passes an API's value): read as a computed part. */
  why?: string;
}
type Resolved = Value[] | { why: string };

/** Where a call's value comes from, in a person's words. */
function describeCall(call: ts.CallExpression, follower: TextFollower): string {
  const callee = unwrap(call.expression);
  if (ts.isPropertyAccessExpression(callee) && TRANSFORMS.test(callee.name.text)) return `transformed by \`${callee.name.text}()\` at ${placeOf(call)}`;
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : short(callee);
  // A list built from other data (`rows.map(…)`, `(data ?? []).filter(…)`) comes from where that data comes from.
  if (ts.isPropertyAccessExpression(callee) && ARRAY_BUILDERS.test(name)) {
    return follower.originOf(callee.expression) ?? `built by \`.${name}()\` at ${placeOf(call)}`;
  }
  if (ts.isIdentifier(callee)) {
    const from = follower.packageOf(callee);
    const endpoint = (start: ts.Node) => apiEndpointOf(start, (identifier) => follower.declarationOf(identifier));
    if (from && DATA_PACKAGES.test(from)) {
      const request = endpoint(call);
      if (request) return `from the API (\`${request}\`) at run time, read by \`${name}()\` at ${placeOf(call)}`;
      return `from the API at run time (\`${name}()\` of \`${from}\` at ${placeOf(call)})`;
    }
    if (from) return `from the package \`${from}\` (\`${name}()\` at ${placeOf(call)})`;
    const declared = follower.declarationOf(callee);
    if (declared) {
      // A hook of the project (`useCountry()`) that asks the API: the request is what the person recognises.
      const request = /^use[A-Z]/.test(name) ? (endpoint(call) ?? endpoint(declared)) : null;
      if (request) return `from the API (\`${request}\`) at run time, through \`${name}()\` declared at ${placeOf(declared)}`;
      const runTime = /^use[A-Z]/.test(name) ? ' at run time' : '';
      return `computed by \`${name}()\`${runTime}, declared at ${placeOf(declared)}`;
    }
  }
  return `computed by \`${name}()\` at ${placeOf(call)}`;
}

/** The call that makes a value, itself or a branch of a condition or fallback around it (`data ? f(data) : []`), or null. */
function madeBy(node: ts.Node): ts.CallExpression | null {
  const value = ts.isExpression(node) ? unwrap(node) : node;
  if (ts.isCallExpression(value)) return value;
  if (ts.isConditionalExpression(value)) return madeBy(value.whenTrue) ?? madeBy(value.whenFalse);
  return isFallback(value) ? (madeBy(value.left) ?? madeBy(value.right)) : null;
}

/** `a ?? b`, `a || b`: a value with a fallback. */
function isFallback(node: ts.Node): node is ts.BinaryExpression {
  return ts.isBinaryExpression(node) && (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || node.operatorToken.kind === ts.SyntaxKind.BarBarToken);
}

/** What a function body returns (its own returns, not those of functions inside it), or null when one returns nothing. */
function returnsOf(body: ts.ConciseBody): ts.Expression[] | null {
  if (!ts.isBlock(body)) return [body];
  const found: ts.Expression[] = [];
  let bare = false;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isReturnStatement(node)) {
      if (node.expression) found.push(node.expression);
      else bare = true;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return bare || found.length === 0 ? null : found;
}

/** Follows one element's text (or one expression) to the literals that write it. */
export class TextFollower {
  private readonly load: LoadSource;
  private depth = 0;
  /** Where each name the follower went through is read (`file:line`): the element's own way to its literals. */
  readonly visited = new Set<string>();
  /** Where each call site the follower went through is written (`file:line`), by its element id. */
  readonly sitePlaces = new Map<string, string>();

  /**
   * `instance`: the call sites (element ids) the page rendered the element through; a prop is then followed to those
   * of them only, so a component used more often than the readings kept still has its words found.
   */
  constructor(
    private readonly sources: TextSources,
    private readonly instance: readonly string[] = [],
  ) {
    this.load = sourceLoader(sources);
  }

  /** Every way the element's children can make its text. */
  elementReadings(entry: JsxElementEntry): TextReading[] {
    if (!ts.isJsxElement(entry.node)) return [];
    return this.childrenReadings(entry.node.children, []);
  }

  private childrenReadings(children: readonly ts.JsxChild[], via: string[]): TextReading[] {
    let readings: TextReading[] = [{ parts: [], via }];
    for (const child of children) {
      if (ts.isJsxText(child)) {
        const part = jsxTextPart(child);
        if (part) readings = product(readings, [{ parts: [part], via: [] }]);
      } else if (ts.isJsxExpression(child)) {
        if (child.expression) readings = product(readings, this.expressionReadings(child.expression, []));
      } else {
        readings = product(readings, computed(`shown by the child element \`${short(ts.isJsxElement(child) ? child.openingElement : child)}\` at ${placeOf(child)}`));
      }
    }
    return readings;
  }

  /** Every way an expression can make text. */
  expressionReadings(expression: ts.Expression, via: string[]): TextReading[] {
    const returned = this.returnedWords(expression, via);
    if (returned) return returned;
    const resolved = this.resolve(expression, via);
    if (!Array.isArray(resolved)) return computed(resolved.why, via);
    return resolved.flatMap((value) => this.valueReadings(value)).slice(0, MAX_ALTERNATIVES);
  }

  /**
   * A call of a function of the project whose every return is words written out (`return on ? 'Active' :
   * 'Inactive'`): the ways those returns make text. Null for any other call, or a function that computes any part
   * of what it returns (`formatArea()`), which stays refused as computed by it.
   */
  private returnedWords(given: ts.Expression, via: string[]): TextReading[] | null {
    const call = unwrap(given);
    if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || /^use[A-Z]/.test(call.expression.text) || this.depth > MAX_DEPTH) return null;
    const declared = this.declarationOf(call.expression);
    const fn = declared && ts.isVariableDeclaration(declared) ? (declared.initializer ? unwrap(declared.initializer) : null) : declared;
    if (!fn || !(ts.isFunctionDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) || !fn.body) return null;
    if (declared && ts.isVariableDeclaration(declared) && !(declared.parent.flags & ts.NodeFlags.Const)) return null;
    const returns = returnsOf(fn.body);
    if (!returns) return null;
    this.depth += 1;
    try {
      const readings = returns.flatMap((expression) => this.expressionReadings(expression, via)).slice(0, MAX_ALTERNATIVES);
      return readings.every((reading) => reading.parts.every((part) => part.kind === 'literal')) ? readings : null;
    } finally {
      this.depth -= 1;
    }
  }

  private valueReadings({ node, via, why }: Value): TextReading[] {
    if (why !== undefined) return computed(why, via);
    if (ts.isJsxElement(node)) return this.childrenReadings(node.children, via);
    if (ts.isJsxSelfClosingElement(node)) return [{ parts: [], via }];
    if (ts.isStringLiteral(node)) {
      const form: HomeForm = ts.isJsxAttribute(node.parent) ? 'attribute' : 'string';
      return [{ parts: [literalPart(node, node.getStart() + 1, node.end - 1, form, form === 'attribute' ? decodeEntities(node.text) : node.text)], via }];
    }
    if (ts.isNoSubstitutionTemplateLiteral(node)) return [{ parts: [literalPart(node, node.getStart() + 1, node.end - 1, 'template', node.text)], via }];
    if (ts.isTemplateExpression(node)) return this.templateReadings(node, via);
    if (ts.isBinaryExpression(node)) return this.binaryReadings(node, via);
    if (ts.isConditionalExpression(node)) {
      return [...this.expressionReadings(node.whenTrue, via), ...this.expressionReadings(node.whenFalse, via)].slice(0, MAX_ALTERNATIVES);
    }
    if (node.kind === ts.SyntaxKind.NullKeyword || node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword) return [{ parts: [], via }];
    if (ts.isIdentifier(node) && node.text === 'undefined') return [{ parts: [], via }];
    if (ts.isNumericLiteral(node)) return computed(`a number written as code at ${placeOf(node)}`, via);
    if (ts.isJsxFragment(node)) return this.childrenReadings(node.children, via);
    return computed(`computed by \`${short(node)}\` at ${placeOf(node)}`, via);
  }

  private templateReadings(node: ts.TemplateExpression, via: string[]): TextReading[] {
    const literal = (piece: ts.TemplateHead | ts.TemplateMiddle | ts.TemplateTail): TextReading[] => {
      // A head's text sits between '`' and '${', a middle's and tail's between '}' and '${' or '`'.
      const start = piece.getStart() + 1;
      const end = piece.end - (ts.isTemplateTail(piece) ? 1 : 2);
      return [{ parts: [literalPart(piece, start, end, 'template', piece.text)], via: [] }];
    };
    let readings = product([{ parts: [], via }], literal(node.head));
    for (const span of node.templateSpans) {
      readings = product(readings, this.expressionReadings(span.expression, []));
      readings = product(readings, literal(span.literal));
    }
    return readings;
  }

  private binaryReadings(node: ts.BinaryExpression, via: string[]): TextReading[] {
    const operator = node.operatorToken.kind;
    if (operator === ts.SyntaxKind.PlusToken) return product(this.expressionReadings(node.left, via), this.expressionReadings(node.right, []));
    if (operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.BarBarToken) {
      return [...this.expressionReadings(node.left, via), ...this.expressionReadings(node.right, via)].slice(0, MAX_ALTERNATIVES);
    }
    // `open && 'Text'` shows the text or nothing.
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return [...this.expressionReadings(node.right, via), { parts: [], via }];
    return computed(`computed by \`${short(node)}\` at ${placeOf(node)}`, via);
  }

  /** The expressions a value can be (literals, templates, conditions…), bindings followed; or why it cannot be. */
  resolve(given: ts.Expression, via: string[]): Resolved {
    if (this.depth > MAX_DEPTH) return { why: `bound through too many steps (\`${short(given)}\` at ${placeOf(given)})` };
    this.depth += 1;
    try {
      const expression = unwrap(given);
      if (ts.isIdentifier(expression) && expression.text !== 'undefined') return this.resolveIdentifier(expression, via);
      if (ts.isPropertyAccessExpression(expression)) return this.resolveMember(expression.expression, expression.name.text, via, expression);
      if (ts.isElementAccessExpression(expression)) {
        const argument = unwrap(expression.argumentExpression);
        const key = ts.isStringLiteral(argument) || ts.isNumericLiteral(argument) ? argument.text : null;
        return this.resolveMember(expression.expression, key, via, expression);
      }
      if (ts.isCallExpression(expression)) return { why: describeCall(expression, this) };
      if (ts.isAwaitExpression(expression)) return { why: `awaited at run time at ${placeOf(expression)}` };
      return [{ node: expression, via }];
    } finally {
      this.depth -= 1;
    }
  }

  private resolveIdentifier(identifier: ts.Identifier, via: string[]): Resolved {
    this.visited.add(placeOf(identifier));
    const binding = bindingOf(identifier);
    if (!binding) return { why: `\`${identifier.text}\` is not declared in the project's source` };
    if (binding.kind === 'function') return { why: `\`${identifier.text}\` is a function declared at ${placeOf(binding.node)}` };
    if (binding.kind === 'top') return this.resolveImported(identifier, binding.sourceFile, via);
    if (binding.kind === 'variable') {
      const { declaration, element } = binding;
      const list = declaration.parent;
      if (!ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const)) {
        return { why: `\`${identifier.text}\` is a variable that can change at run time (declared at ${placeOf(declaration)})` };
      }
      if (ts.isForOfStatement(list.parent) || ts.isForInStatement(list.parent) || !declaration.initializer) {
        return { why: `\`${identifier.text}\` is set at run time at ${placeOf(declaration)}` };
      }
      if (!element) return this.resolve(declaration.initializer, via);
      return this.pick(this.resolve(declaration.initializer, via), element, identifier, declaration);
    }
    return this.resolveParameter(binding.fn, binding.index, binding.element, identifier, via);
  }

  /** A destructured name: the member it takes of what the pattern destructures. */
  private pick(from: Resolved, element: ts.BindingElement, identifier: ts.Identifier, at: ts.Node): Resolved {
    const key = ts.isArrayBindingPattern(element.parent) ? String(element.parent.elements.indexOf(element)) : propertyNameOf(element);
    if (key === null || !ts.isIdentifier(element.name)) return { why: `\`${identifier.text}\` is destructured at ${placeOf(at)} in a way not followed` };
    if (!Array.isArray(from)) return from;
    const members = this.members(from, key, at);
    if (Array.isArray(members) && element.initializer && members.length === 0) return this.resolve(element.initializer, []);
    return members;
  }

  private resolveParameter(fn: ts.SignatureDeclaration, index: number, element: ts.BindingElement | null, identifier: ts.Identifier, via: string[]): Resolved {
    const call = fn.parent;
    // `ENTRIES.map((entry) => …)`: the parameter is each entry of the array.
    if (index === 0 && ts.isCallExpression(call) && call.arguments[0] === fn && ts.isPropertyAccessExpression(call.expression) && /^(?:map|flatMap|forEach)$/.test(call.expression.name.text)) {
      const array = this.resolve(call.expression.expression, via);
      if (!Array.isArray(array)) return array;
      const entries = this.members(array, null, call);
      // A list code makes (`data?.items ?? []`) says where its data comes from.
      if (!Array.isArray(entries)) return { why: this.originOf(call.expression.expression) ?? entries.why };
      if (!element) return entries;
      return this.pick(entries, element, identifier, fn);
    }
    const component = componentNameOf(fn);
    if (index === 0 && component) {
      if (!element) return [{ node: fn.parameters[0]!, via }];
      const prop = propertyNameOf(element);
      if (!prop || !ts.isIdentifier(element.name)) return { why: `\`${identifier.text}\` is destructured from the props of ${component} in a way not followed` };
      return this.propValues(fn, component, prop, element.initializer ?? null, via);
    }
    const passed = this.argumentValues(fn, index, via);
    if (passed) return element ? this.pick(passed, element, identifier, fn) : passed;
    const owner = ts.isFunctionDeclaration(fn) && fn.name ? `${fn.name.text}()` : 'a function';
    return { why: `\`${identifier.text}\` is a parameter of ${owner} at ${placeOf(fn)}, given at run time` };
  }

  private resolveImported(identifier: ts.Identifier, sourceFile: ts.SourceFile, via: string[]): Resolved {
    const from = this.packageOf(identifier);
    if (from) return { why: `from the package \`${from}\`` };
    const declaration = findDeclaration(sourceFile, identifier.text, this.load, 0);
    if (!declaration) return { why: `\`${identifier.text}\` is not declared in the project's source (a global or an unresolved import)` };
    const node = declaration.node;
    if (!ts.isVariableDeclaration(node)) return { why: `\`${identifier.text}\` is declared at ${placeOf(node)}, not as a constant` };
    if (!(node.parent.flags & ts.NodeFlags.Const) || !node.initializer) return { why: `\`${identifier.text}\` is a variable that can change at run time (declared at ${placeOf(node)})` };
    return this.resolve(node.initializer, via);
  }

  /** `a.b`, `a[i]`: the member of a literal object or array, or a prop when `a` is a component's props. */
  private resolveMember(object: ts.Expression, key: string | null, via: string[], at: ts.Node): Resolved {
    const base = this.resolve(object, via);
    if (!Array.isArray(base)) return base;
    const props = base.filter((value) => ts.isParameter(value.node));
    if (props.length > 0 && key !== null) {
      const fn = props[0]!.node.parent as ts.SignatureDeclaration;
      return this.propValues(fn, componentNameOf(fn) ?? 'the component', key, null, via);
    }
    return this.members(base, key, at);
  }

  /** The member `key` (null: every entry) of each literal object or array the values are. */
  private members(values: Value[], key: string | null, at: ts.Node): Resolved {
    const out: Value[] = [];
    for (const value of values) {
      const { node, via } = value;
      if (value.why !== undefined) {
        out.push(value);
        continue;
      }
      if (ts.isArrayLiteralExpression(node)) {
        const elements = key === null ? [...node.elements] : /^\d+$/.test(key) ? [node.elements[Number(key)]] : [];
        if (key !== null && !/^\d+$/.test(key)) return { why: `\`${short(at)}\` reads \`${key}\` of an array (at ${placeOf(at)})` };
        if (key !== null && node.elements.slice(0, Number(key) + 1).some(ts.isSpreadElement)) return { why: `\`${short(at)}\` reads an array whose entries are not all written out (at ${placeOf(node)})` };
        for (const element of elements) {
          if (element && ts.isSpreadElement(element)) {
            // `[...known, more]`: every entry of a constant array spread in is an entry of this one.
            const spread = this.resolve(element.expression, via);
            const entries = Array.isArray(spread) ? this.members(spread, null, element) : spread;
            if (!Array.isArray(entries)) return { why: `\`${short(at)}\` reads an array whose entries are not all written out (at ${placeOf(node)})` };
            out.push(...entries);
            continue;
          }
          if (!element) return { why: `\`${short(at)}\` reads an array whose entries are not all written out (at ${placeOf(node)})` };
          const resolved = this.resolve(element, via);
          if (!Array.isArray(resolved)) return resolved;
          out.push(...resolved);
        }
      } else if (ts.isObjectLiteralExpression(node) && key === null) {
        // `LABELS[status]`: the key is known at run time only, so every value of the object is one the page may show.
        for (const property of node.properties) {
          const value = ts.isPropertyAssignment(property) ? property.initializer : ts.isShorthandPropertyAssignment(property) ? property.name : null;
          if (!value) return { why: `\`${short(at)}\` reads an object whose entries are not all written out (at ${placeOf(node)})` };
          const resolved = this.resolve(value, via);
          if (!Array.isArray(resolved)) return resolved;
          out.push(...resolved);
        }
      } else if (ts.isObjectLiteralExpression(node) && key !== null) {
        const property = node.properties.find((p) => p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) || ts.isNumericLiteral(p.name)) && p.name.text === key);
        if (!property || node.properties.some(ts.isSpreadAssignment)) return { why: `\`${short(at)}\` reads \`${key}\`, which the object at ${placeOf(node)} does not write out` };
        const value = ts.isPropertyAssignment(property) ? property.initializer : ts.isShorthandPropertyAssignment(property) ? property.name : null;
        if (!value) return { why: `\`${key}\` of the object at ${placeOf(node)} is a method` };
        const resolved = this.resolve(value, via);
        if (!Array.isArray(resolved)) return resolved;
        out.push(...resolved);
      } else {
        // `data ? filterByText(data.content, …) : []`: the list a call makes comes from where the data it is given does.
        const call = madeBy(node);
        if (call) return { why: call.arguments.map((argument) => this.originOf(argument)).find((origin) => origin?.startsWith('from the API')) ?? describeCall(call, this) };
        return { why: `\`${short(at)}\` is not read from an object or array written in the project (at ${placeOf(at)})` };
      }
    }
    return out;
  }

  /**
   * What the call sites of a component pass as a prop (its default where one passes nothing). A call site whose
   * value code makes is a computed value of its own, so the other call sites' words are still found (and an edit
   * through that call site, or one its words could be confused with, is refused with the reason).
   */
  private propValues(fn: ts.SignatureDeclaration, component: string, prop: string, fallback: ts.Expression | null, via: string[]): Resolved {
    const all = componentCallSites(this.sources, this.load, fn, component);
    const through = all.filter((site) => this.instance.includes(site.entry.id));
    const sites = through.length > 0 ? through : all;
    if (sites.length === 0) return { why: `the prop \`${prop}\` of ${component}, which no file of the project renders` };
    const out: Value[] = [];
    for (const site of sites) {
      const path = [...via, site.entry.id];
      this.sitePlaces.set(site.entry.id, placeOf(site.entry.node));
      const values = this.siteValues(site.entry, component, prop, fallback, path);
      if (Array.isArray(values)) out.push(...values);
      else out.push({ node: site.entry.node, via: path, why: values.why });
    }
    return out;
  }

  /** What one call site passes as a prop. */
  private siteValues(entry: JsxElementEntry, component: string, prop: string, fallback: ts.Expression | null, path: string[]): Resolved {
    if (prop === 'children' && ts.isJsxElement(entry.node)) return [{ node: entry.node, via: path }];
    const attribute = entry.opening.attributes.properties.find((a) => ts.isJsxAttribute(a) && a.name.getText() === prop) as ts.JsxAttribute | undefined;
    if (!attribute) {
      const spread = entry.opening.attributes.properties.find(ts.isJsxSpreadAttribute);
      if (spread) return { why: `the prop \`${prop}\` of ${component} is passed in \`{...${short(spread.expression)}}\` at ${placeOf(spread)}` };
      return fallback ? this.resolve(fallback, path) : [];
    }
    const initializer = attribute.initializer;
    if (!initializer) return { why: `the prop \`${prop}\` of ${component} is \`true\` at ${placeOf(attribute)}` };
    if (ts.isStringLiteral(initializer)) return [{ node: initializer, via: path }];
    if (!ts.isJsxExpression(initializer) || !initializer.expression) return { why: `the prop \`${prop}\` of ${component} at ${placeOf(attribute)} is not text` };
    return this.resolve(initializer.expression, path);
  }

  /**
   * A parameter of a function of this file that is not a component (`const rows = (pairs) => <FactList rows={pairs}
   * />`): what its calls in the file pass there, each call's value apart. Null when it has no name or no call.
   */
  private argumentValues(fn: ts.SignatureDeclaration, index: number, via: string[]): Value[] | null {
    const declaration = ts.isFunctionDeclaration(fn) ? fn : ts.isVariableDeclaration(fn.parent) && fn.parent.initializer === fn ? fn.parent : null;
    if (!declaration?.name || !ts.isIdentifier(declaration.name)) return null;
    // An exported function is called from other files too: its parameters stay given at run time.
    const statement = ts.isFunctionDeclaration(declaration) ? declaration : declaration.parent.parent;
    if (ts.isSourceFile(statement.parent) && ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return null;
    const name = declaration.name.text;
    const out: Value[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name) {
        const binding = bindingOf(node.expression);
        const same = binding && ((binding.kind === 'function' && binding.node === declaration) || (binding.kind === 'variable' && binding.declaration === declaration));
        const argument = same ? node.arguments[index] : undefined;
        if (argument) {
          const resolved = this.resolve(argument, via);
          if (Array.isArray(resolved)) out.push(...resolved);
          else out.push({ node: argument, via, why: resolved.why });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(fn.getSourceFile());
    return out.length > 0 ? out : null;
  }

  /** Where data comes from when code makes it (`data ?? []` is `data`'s), or null when it is written in the project. */
  originOf(expression: ts.Expression, depth = 0): string | null {
    let current = unwrap(expression);
    while (isFallback(current)) current = unwrap(current.left);
    const resolved = this.resolve(current, []);
    if (!Array.isArray(resolved)) return resolved.why;
    // `const items = data?.items ?? []`: the name is the fallback's, whose data is its left side's.
    const made = resolved.find((value) => value.why !== undefined);
    if (made) return made.why!;
    if (depth >= 4) return null;
    for (const { node } of resolved) {
      const origin = node !== current && isFallback(node) ? this.originOf(node, depth + 1) : null;
      if (origin) return origin;
    }
    return null;
  }

  /** The package an identifier is imported from, or null when it is not imported from a package. */
  packageOf(identifier: ts.Identifier): string | null {
    const binding = bindingOf(identifier);
    if (!binding || binding.kind !== 'top') return null;
    for (const statement of binding.sourceFile.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const clause = statement.importClause;
      const named = clause?.namedBindings;
      const imports =
        clause?.name?.text === identifier.text ||
        (named && ts.isNamedImports(named) && named.elements.some((e) => e.name.text === identifier.text)) ||
        (named && ts.isNamespaceImport(named) && named.name.text === identifier.text);
      if (!imports) continue;
      const specifier = statement.moduleSpecifier.text;
      return specifier.startsWith('.') || resolveModule(binding.sourceFile, specifier, this.load) ? null : specifier;
    }
    return null;
  }

  /** Where a function the text calls is declared in the project, or null. */
  declarationOf(identifier: ts.Identifier): ts.Node | null {
    const binding = bindingOf(identifier);
    if (!binding) return null;
    if (binding.kind === 'function') return binding.node;
    if (binding.kind === 'variable') return binding.declaration;
    if (binding.kind === 'top') return findDeclaration(binding.sourceFile, identifier.text, this.load, 0)?.node ?? null;
    return null;
  }
}
