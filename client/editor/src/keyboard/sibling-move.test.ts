import { describe, expect, it } from 'vitest';
import { STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import { parseElementKey, type NavTreeNode } from '@contracts/frame-protocol.js';
import { siblingMoveTarget } from './sibling-move';

const id = (n: number) => `tempo-00000000-0000-5000-8000-00000000000${n}`;
const node = (key: string, parent: string | null, children: NavTreeNode[] = []) => ({ key, parent, children, tempoElement: parseElementKey(key) }) as unknown as NavTreeNode;
const root = `${STORYBOARD_CODEBASE_ID}|f1|0`;
const main = `${id(1)}|f1|0-0`;
const [a, b, c] = [`${id(2)}|f1|0-0-0`, `${id(3)}|f1|0-0-1`, `${id(4)}|f1|0-0-2`];
// Two items of one `.map`: the same id at two places.
const [item1, item2] = [`${id(6)}|f1|0-0-3`, `${id(6)}|f1|0-0-4`];
const tree = node(root, null, [node(main, root, [node(a, main), node(b, main), node(c, main), node(item1, main), node(item2, main)])]);

describe('the arrows move the selection among its siblings', () => {
  it('before the previous sibling, or after the next one', () => {
    expect(siblingMoveTarget(tree, b, 'earlier')).toEqual({ parentKey: main, beforeKey: a, afterKey: null });
    expect(siblingMoveTarget(tree, b, 'later')).toEqual({ parentKey: main, beforeKey: null, afterKey: c });
  });

  it('nowhere past either end, toward a copy of itself, or among the storyboard’s own children', () => {
    expect(siblingMoveTarget(tree, a, 'earlier')).toBeNull();
    expect(siblingMoveTarget(tree, item2, 'later')).toBeNull();
    expect(siblingMoveTarget(tree, item1, 'later')).toBeNull();
    expect(siblingMoveTarget(tree, main, 'later')).toBeNull();
    expect(siblingMoveTarget(tree, `${id(9)}|f1|9`, 'later')).toBeNull();
  });
});
