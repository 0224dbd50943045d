/**
 * A nav tree node for tests, with every field the protocol requires filled with a neutral value, so a test states
 * only what it is about.
 */
import type { NavTreeNode } from './frame-protocol.js';

export function navTreeNodeFixture(key: string, fields: Partial<NavTreeNode> = {}): NavTreeNode {
  return {
    parent: null,
    children: [],
    classList: [],
    directlySetClassList: [],
    name: key,
    tagName: 'div',
    isComponent: false,
    props: {},
    literalChildren: [],
    scope: null,
    pageBoundingBox: { pageX: 0, pageY: 0, width: 0, height: 0 },
    level: 0,
    tempoElement: { codebaseId: key, storyboardId: 'f1', uniquePath: '0' },
    key,
    ...fields,
  };
}
