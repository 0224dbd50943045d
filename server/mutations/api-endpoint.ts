/**
 * The API endpoint a call that fetches data asks (`useQuery(regionsQueryOptions(id))` → `GET /vam/region/country`),
 * read from the project's code the call reaches: its arguments, the project's functions they call (in any module),
 * and the members of the project's objects they call (`api.regionsOfCountry(…)`), up to the first call that names a
 * method and a path (`request('GET', '/vam/…')`, `client.get('/…')`, `fetch('/…')`). So a text refused as data from
 * the API says which request brings it. Syntax only: what cannot be read so names no endpoint.
 */
import { ts } from 'ts-morph';
import { unwrap } from './text-parts.js';

const METHODS = /^(?:GET|POST|PUT|PATCH|DELETE)$/;
const METHOD_CALLS = /^(?:get|post|put|patch|delete)$/;
/** How many function bodies and object members are read before giving up: real chains are three or four deep. */
const MAX_BODIES = 24;

/** Where an identifier the code calls is declared in the project (a function, a `const`), or null. */
export type DeclarationOf = (identifier: ts.Identifier) => ts.Node | null;

/** `'/vam/region/country'`, `` `/vam/drone/${id}` ``, `'https://…'`: a request's path as written, or null. */
function pathOf(expression: ts.Expression): string | null {
  const node = unwrap(expression);
  const text = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : ts.isTemplateExpression(node) ? node.getText().slice(1, -1) : null;
  // The query (`?droneId=${id}`) is the request's arguments, not which endpoint it is.
  return text !== null && /^(?:\/|https?:\/\/)/.test(text) ? text.replace(/\?.*$/s, '') : null;
}

/** `fetch(url, { method: 'POST' })`: the method its options name, GET when they name none. */
function fetchMethod(options: ts.Expression | undefined): string | null {
  const object = options ? unwrap(options) : undefined;
  if (!object || !ts.isObjectLiteralExpression(object)) return options ? null : 'GET';
  const method = object.properties.find((property) => property.name && ts.isIdentifier(property.name) && property.name.text === 'method');
  if (!method) return 'GET';
  const value = ts.isPropertyAssignment(method) ? unwrap(method.initializer) : undefined;
  return value && ts.isStringLiteral(value) && METHODS.test(value.text.toUpperCase()) ? value.text.toUpperCase() : null;
}

/** The `METHOD /path` a call sends, when its own arguments say both. */
function requestOf(call: ts.CallExpression): string | null {
  const index = call.arguments.findIndex((argument) => pathOf(argument) !== null);
  if (index < 0) return null;
  const path = pathOf(call.arguments[index]!)!;
  const callee = unwrap(call.expression);
  const named = call.arguments.map(unwrap).find((argument) => ts.isStringLiteral(argument) && METHODS.test(argument.text));
  if (named) return `${(named as ts.StringLiteral).text} ${path}`;
  if (ts.isPropertyAccessExpression(callee) && METHOD_CALLS.test(callee.name.text)) return `${callee.name.text.toUpperCase()} ${path}`;
  if (ts.isIdentifier(callee) && callee.text === 'fetch' && index === 0) {
    const method = fetchMethod(call.arguments[1]);
    return method ? `${method} ${path}` : null;
  }
  return null;
}

/** What calling this callee runs, in the project: a function's body, an object member's value. */
function calleeBodies(callee: ts.Expression, declarationOf: DeclarationOf): ts.Node[] {
  if (ts.isIdentifier(callee)) {
    const declared = declarationOf(callee);
    if (!declared) return [];
    if (ts.isFunctionLike(declared)) return [declared];
    return ts.isVariableDeclaration(declared) && declared.initializer ? [declared.initializer] : [];
  }
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
    const declared = declarationOf(callee.expression);
    const object = declared && ts.isVariableDeclaration(declared) && declared.initializer ? unwrap(declared.initializer) : undefined;
    if (!object || !ts.isObjectLiteralExpression(object)) return [];
    const member = object.properties.find((property) => property.name && ts.isIdentifier(property.name) && property.name.text === callee.name.text);
    if (member && ts.isPropertyAssignment(member)) return [member.initializer];
    return member && ts.isMethodDeclaration(member) ? [member] : [];
  }
  return [];
}

/** The first request the code of `start` reaches (breadth first), as `GET /path`, or null. */
export function apiEndpointOf(start: ts.Node, declarationOf: DeclarationOf): string | null {
  const queue: ts.Node[] = [start];
  const read = new Set<ts.Node>(queue);
  while (queue.length > 0 && read.size <= MAX_BODIES) {
    const calls: ts.CallExpression[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) calls.push(node);
      ts.forEachChild(node, visit);
    };
    visit(queue.shift()!);
    for (const call of calls) {
      const request = requestOf(call);
      if (request) return request;
    }
    for (const call of calls) {
      for (const body of calleeBodies(unwrap(call.expression), declarationOf)) {
        if (!read.has(body)) queue.push(body), read.add(body);
      }
    }
  }
  return null;
}
