import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAME_MESSAGE_SOURCE, type NavTreeNode } from '@contracts/frame-protocol.js';
import { flattenNavTree, navTreePartNodes } from '@contracts/nav-tree-parts.js';
import { navTreeNodeFixture } from '@contracts/nav-tree-test-support.js';
import { FrameConnection } from './frame-connection';

const ORIGIN = 'http://127.0.0.1:4600';

function setup(timeoutMs = 1000) {
  const posted: { message: { id: string; type: string; payload: unknown }; origin: string }[] = [];
  const frameWindow = { postMessage: (message: never, origin: string) => void posted.push({ message, origin }) };
  const messages: unknown[] = [];
  const trees: NavTreeNode[] = [];
  const errors: string[] = [];
  const connection = new FrameConnection(
    'frame-1',
    { contentWindow: () => frameWindow, origin: ORIGIN },
    { onMessage: (message) => messages.push(message), onNavTree: (tree) => trees.push(tree), onNavTreeError: (error) => errors.push(error) },
    timeoutMs,
  );
  const fromFrame = (type: string, payload: unknown, overrides: Partial<{ origin: string; source: unknown; marker: string }> = {}) =>
    connection.receive({ origin: overrides.origin ?? ORIGIN, source: overrides.source ?? frameWindow, data: { source: overrides.marker ?? FRAME_MESSAGE_SOURCE, type, payload } });
  return { connection, posted, messages, trees, errors, fromFrame, frameWindow };
}

afterEach(() => vi.useRealTimers());

describe('frame connection', () => {
  it('takes only its own frame\'s overlay messages from this origin', () => {
    const { fromFrame, messages } = setup();
    expect(fromFrame('LATEST_HREF', { href: '/a' }, { origin: 'http://evil.example' })).toBe(false);
    expect(fromFrame('LATEST_HREF', { href: '/a' }, { source: {} })).toBe(false);
    expect(fromFrame('LATEST_HREF', { href: '/a' }, { marker: 'someone-else' })).toBe(false);
    expect(fromFrame('LATEST_HREF', null)).toBe(false);
    expect(messages).toEqual([]);
    expect(fromFrame('LATEST_HREF', { href: '/a' })).toBe(true);
    expect(messages).toEqual([{ type: 'LATEST_HREF', payload: { href: '/a' } }]);
  });

  it('posts calls to the exact origin and resolves them by request id', async () => {
    const { connection, posted, fromFrame } = setup();
    const first = connection.call('setZoomPerc', { zoomPerc: 50 });
    const second = connection.call('goBack', {});
    expect(posted.map((entry) => entry.origin)).toEqual([ORIGIN, ORIGIN]);
    expect(posted[0]!.message).toMatchObject({ type: 'executeFunction', payload: { functionName: 'setZoomPerc', args: { zoomPerc: 50 } } });
    const [firstId, secondId] = posted.map((entry) => entry.message.id);
    expect(firstId).not.toBe(secondId);
    fromFrame('FUNCTION_ERROR', { requestId: secondId, functionName: 'goBack', error: 'no referrer' });
    fromFrame('FUNCTION_RESULT', { requestId: firstId, functionName: 'setZoomPerc', result: { zoomPerc: 50 } });
    await expect(first).resolves.toEqual({ zoomPerc: 50 });
    await expect(second).rejects.toThrow('no referrer');
  });

  it('answers inspections by INSPECT_ELEMENT_RESULT', async () => {
    const { connection, posted, fromFrame } = setup();
    const found = connection.inspect({ componentName: 'Card', isComponent: true });
    const missing = connection.inspect({ componentName: 'Nope', isComponent: true });
    fromFrame('INSPECT_ELEMENT_RESULT', { requestId: posted[0]!.message.id, result: { id: 'x', props: {}, state: null }, error: null });
    fromFrame('INSPECT_ELEMENT_RESULT', { requestId: posted[1]!.message.id, result: null, error: 'Could not find component' });
    await expect(found).resolves.toEqual({ id: 'x', props: {}, state: null });
    await expect(missing).rejects.toThrow('Could not find component');
  });

  it('rejects a call the frame does not answer in time, with a clear message', async () => {
    vi.useFakeTimers();
    const { connection } = setup(500);
    const call = connection.call('refresh', {});
    vi.advanceTimersByTime(501);
    await expect(call).rejects.toThrow('The frame frame-1 did not answer refresh within 0.5 s');
  });

  it('rejects waiting calls when the frame reloads, and reports the new overlay', async () => {
    const { connection, fromFrame, messages } = setup();
    const call = connection.call('updateOutlines', {});
    fromFrame('OVERLAY_READY', { href: '/', storyboardId: 'frame-1' });
    await expect(call).rejects.toThrow('reloaded');
    expect(messages).toEqual([{ type: 'OVERLAY_READY', payload: { href: '/', storyboardId: 'frame-1' } }]);
  });

  it('puts nav trees sent in parts back together', () => {
    const { fromFrame, trees, errors } = setup();
    const leaf = (key: string): NavTreeNode =>
      navTreeNodeFixture(key, {
        parent: 'r',
        pageBoundingBox: { pageX: 0, pageY: 0, width: 1, height: 1 },
        level: 1,
        tempoElement: { codebaseId: key, storyboardId: 'frame-1', uniquePath: '0-0' },
      });
    const root: NavTreeNode = { ...leaf('r'), parent: null, children: [leaf('a'), leaf('b'), leaf('c')] };
    const flat = flattenNavTree(root);
    fromFrame('NAV_TREE_PART', { buildId: 1, partIndex: 0, partCount: 2, nodes: navTreePartNodes(flat, 0, 2) });
    fromFrame('NAV_TREE_PART', { buildId: 1, partIndex: 1, partCount: 2, nodes: navTreePartNodes(flat, 1, 2) });
    expect(trees).toEqual([]);
    fromFrame('NAV_TREE', { buildId: 1, partCount: 2, nodeCount: 4, documentHtml: '<html></html>' });
    expect(errors).toEqual([]);
    expect(trees[0]!.children.map((child) => child.key)).toEqual(['a', 'b', 'c']);
    fromFrame('NAV_TREE', { buildId: 2, partCount: 1, nodeCount: 1, documentHtml: '' });
    expect(errors).toHaveLength(1);
  });

  it('refuses to call a frame that is not loaded', async () => {
    const connection = new FrameConnection('gone', { contentWindow: () => null, origin: ORIGIN }, { onMessage: () => {}, onNavTree: () => {} });
    await expect(connection.call('refresh', {})).rejects.toThrow('The frame gone is not loaded');
  });
});
