import { describe, expect, it } from 'vitest';
import { STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import { parseElementKey, type NavTreeNode } from '@contracts/frame-protocol.js';
import { stepFrom } from './selection-walk';

const id = (n: number) => `tempo-00000000-0000-5000-8000-00000000000${n}`;
const node = (key: string, parent: string | null, children: NavTreeNode[] = []) => ({ key, parent, children, tempoElement: parseElementKey(key) }) as unknown as NavTreeNode;
const root = `${STORYBOARD_CODEBASE_ID}|f1|0`;
const main = `${id(1)}|f1|0-0`;
const [a, b, c] = [`${id(2)}|f1|0-0-0`, `${id(3)}|f1|0-0-1`, `${id(4)}|f1|0-0-2`];
const inner = `${id(5)}|f1|0-0-0-0`;
const tree = node(root, null, [node(main, root, [node(a, main, [node(inner, a)]), node(b, main), node(c, main)])]);

describe('walking the selection', () => {
  it('goes into the first child and out to the parent, never to the storyboard', () => {
    expect(stepFrom(tree, a, 'firstChild')).toBe(inner);
    expect(stepFrom(tree, b, 'firstChild')).toBeNull();
    expect(stepFrom(tree, inner, 'parent')).toBe(a);
    expect(stepFrom(tree, main, 'parent')).toBeNull();
  });

  it('goes on to the next and previous sibling, round at either end', () => {
    expect(stepFrom(tree, a, 'nextSibling')).toBe(b);
    expect(stepFrom(tree, c, 'nextSibling')).toBe(a);
    expect(stepFrom(tree, a, 'previousSibling')).toBe(c);
    expect(stepFrom(tree, inner, 'nextSibling')).toBeNull();
  });
});
