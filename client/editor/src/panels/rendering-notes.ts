/**
 * What the inspector says about how often the selected element is on the page, from what the source says of it and
 * of the elements around it: a `.map` repeats the element, so an edit changes every copy; a condition only decides
 * whether the one element shows, so it makes no copies; and an element written once inside a component that its
 * parent renders once per item (a card of a list) is on the page once per item, though nothing in its own file says
 * so, and an edit changes every item.
 */
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import type { ElementSourceInfo } from '@contracts/studio-api.js';

/** The nodes above the one with this key, nearest first; empty when the tree does not have it. */
function ancestorsOf(tree: NavTreeNode, key: string): NavTreeNode[] {
  const stack: Array<{ node: NavTreeNode; above: NavTreeNode[] }> = [{ node: tree, above: [] }];
  while (stack.length > 0) {
    const { node, above } = stack.pop()!;
    if (node.key === key) return [...above].reverse();
    for (const child of node.children) stack.push({ node: child, above: [...above, node] });
  }
  return [];
}

export function renderingNotes(
  node: Pick<NavTreeNode, 'key'> | null,
  tree: NavTreeNode | null,
  info: ElementSourceInfo | null,
  infoOf: (codebaseId: string) => ElementSourceInfo | undefined,
): string[] {
  if (info?.rendering === 'repeated') return ['Rendered from a list (a .map): there is one copy per item, and an edit changes every copy.'];
  const notes: string[] = [];
  if (info?.rendering === 'conditional') {
    notes.push('Rendered by a condition: it shows only while the condition holds; an edit changes the one place it is written.');
  }
  if (!node || !tree) return notes;
  for (const ancestor of ancestorsOf(tree, node.key)) {
    const written = infoOf(ancestor.tempoElement.codebaseId);
    if (written?.rendering !== 'repeated') continue;
    const where = `${written.file}:${written.line}`;
    notes.push(
      ancestor.isComponent
        ? `This component, ${ancestor.name}, is rendered once per item by its parent's map in ${where}: an edit changes every item.`
        : `Inside <${written.tagName}>, rendered once per item by a map in ${where}: an edit changes every item.`,
    );
    break;
  }
  return notes;
}
