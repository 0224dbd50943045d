import { ts } from 'ts-morph';

/** Whether JSX is written anywhere inside the node (a component's body, an expression that renders elements). */
export function containsJsx(node: ts.Node): boolean {
  if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)) return true;
  return ts.forEachChild(node, containsJsx) ?? false;
}
