/**
 * A nav tree node for tests: the key is also the name and (after `tempo-`) the codebase id; `root` is the
 * storyboard. Children get their parent's key.
 */
import { STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import type { NavTreeNode } from '@contracts/frame-protocol.js';

export function fixtureNode(key: string, tagName: string, children: NavTreeNode[] = [], isComponent = false): NavTreeNode {
  const built = {
    key,
    name: key,
    tagName,
    isComponent,
    children,
    parent: null as string | null,
    tempoElement: { codebaseId: key === 'root' ? STORYBOARD_CODEBASE_ID : `tempo-${key}`, storyboardId: 'f', uniquePath: '0' },
  } as NavTreeNode;
  for (const child of children) child.parent = key;
  return built;
}
