import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import { parseElementKey, START_TEXT_EDIT_EVENT, type NavTreeNode } from '@contracts/frame-protocol.js';
import type { ElementSourceInfo } from '@contracts/studio-api.js';
import { FrameRegistry } from '../frame/frame-registry';
import { useEditorStore } from '../state/editor-store';
import { handleEditorKey, runEditorCommand, type CommandServices } from './editor-commands';

const engine = { submit: vi.fn(() => new Promise(() => {})), undoLast: vi.fn(), redoLast: vi.fn() };
const registry = new FrameRegistry();
const moveDrag = { cancel: vi.fn(() => false) };
const services = { changes: engine, frames: { channel: (frameId: string) => registry.channel(frameId), moveDrag } } as unknown as CommandServices;

const A = 'tempo-00000000-0000-5000-8000-00000000000a';
const B = 'tempo-00000000-0000-5000-8000-00000000000b';
const P = 'tempo-00000000-0000-5000-8000-00000000000c';
const keyA = `${A}|f1|0-0-0`;
const keyB = `${B}|f1|0-0-1`;
const keyP = `${P}|f1|0-0`;
const rootKey = `${STORYBOARD_CODEBASE_ID}|f1|0`;

const leaf = (key: string, parent: string, children: NavTreeNode[] = []) => ({ key, parent, children, tempoElement: parseElementKey(key) }) as unknown as NavTreeNode;
const tree = leaf(rootKey, null as never, [leaf(keyP, rootKey, [leaf(keyA, keyP), leaf(keyB, keyP)])]);

const info = (codebaseId: string, overrides: Partial<ElementSourceInfo>) => ({ codebaseId, isStaticText: false, dynamicText: [], ...overrides }) as ElementSourceInfo;

const press = (key: string, flags: { ctrlKey?: boolean; shiftKey?: boolean } = {}) =>
  handleEditorKey({ key, metaKey: false, shiftKey: flags.shiftKey ?? false, ctrlKey: flags.ctrlKey ?? false, activeElement: { tagName: 'BODY', isContentEditable: false, elementType: null } }, services);

beforeEach(() => {
  vi.clearAllMocks();
  useEditorStore.setState({ selectedKey: null, multiSelectedKeys: [], explainTextOf: null, elementInfo: {}, frames: { f1: { ready: true, href: '/', navTree: tree, hydration: null } } });
});

describe('editor commands', () => {
  it('deletes, duplicates and wraps the whole selection, each id once', () => {
    useEditorStore.setState({ selectedKey: keyA, multiSelectedKeys: [keyA, keyB, keyA] });
    expect(press('Delete')).toBe(true);
    expect(engine.submit).toHaveBeenCalledWith('REMOVE_JSX', { codebaseIdsToRemove: [A, B] });
    // Both children of P deleted: no sibling stays, so the selection goes to their parent.
    expect(useEditorStore.getState()).toMatchObject({ selectedKey: keyP, multiSelectedKeys: [] });

    useEditorStore.setState({ selectedKey: keyB, multiSelectedKeys: [keyA, keyB] });
    press('d', { ctrlKey: true });
    expect(engine.submit).toHaveBeenLastCalledWith('DUPLICATE', { codebaseIdsToDuplicate: [B, A] });
    press('g', { ctrlKey: true });
    expect(engine.submit).toHaveBeenLastCalledWith('WRAP_DIV', { codebaseIdsToWrap: [B, A] });
  });

  it('does nothing to an empty selection or the storyboard itself', () => {
    expect(press('Backspace')).toBe(false);
    useEditorStore.setState({ selectedKey: rootKey });
    expect(runEditorCommand('delete', services)).toBe(false);
    expect(engine.submit).not.toHaveBeenCalled();
  });

  it('undoes and redoes', () => {
    press('z', { ctrlKey: true });
    press('z', { ctrlKey: true, shiftKey: true });
    press('y', { ctrlKey: true });
    expect(engine.undoLast).toHaveBeenCalledTimes(1);
    expect(engine.redoLast).toHaveBeenCalledTimes(2);
  });

  it('cancels a move by drag on Escape, and leaves the selection as it is', () => {
    useEditorStore.setState({ selectedKey: keyA });
    moveDrag.cancel.mockReturnValueOnce(true);
    expect(press('Escape')).toBe(true);
    expect(useEditorStore.getState().selectedKey).toBe(keyA);
  });

  it('goes to the parent on Escape, then to nothing (never the storyboard)', () => {
    useEditorStore.setState({ selectedKey: keyA, multiSelectedKeys: [keyA, keyB] });
    press('Escape');
    expect(useEditorStore.getState()).toMatchObject({ selectedKey: keyP, multiSelectedKeys: [] });
    press('Escape');
    expect(useEditorStore.getState().selectedKey).toBeNull();
    expect(press('Escape')).toBe(false);
  });

  it('leaves a deleted element for its next sibling, else the previous one', () => {
    useEditorStore.setState({ selectedKey: keyA, multiSelectedKeys: [] });
    press('Delete');
    expect(useEditorStore.getState().selectedKey).toBe(keyB);
    useEditorStore.setState({ selectedKey: keyB, multiSelectedKeys: [] });
    press('Delete');
    expect(useEditorStore.getState().selectedKey).toBe(keyA);
  });

  it('goes to the parent on Escape from a key a step behind the tree (its element was just wrapped or moved)', () => {
    useEditorStore.setState({ selectedKey: `${A}|f1|0-0-5` });
    press('Escape');
    expect(useEditorStore.getState().selectedKey).toBe(keyP);
  });

  it('edits static text in the frame on Enter, and explains text from expressions instead', async () => {
    const call = vi.fn().mockResolvedValue({ dispatched: true });
    const unregister = registry.register({ frameId: 'f1', call, inspect: vi.fn() } as never);
    useEditorStore.setState({ selectedKey: keyA, elementInfo: { [A]: info(A, { isStaticText: true }), [B]: info(B, { dynamicText: [{ expression: 'title', line: 3 }] }) } });
    press('Enter');
    await vi.waitFor(() => expect(call).toHaveBeenCalledWith('dispatchEvent', { eventName: START_TEXT_EDIT_EVENT, detail: { elementKey: keyA } }));
    useEditorStore.setState({ selectedKey: keyB });
    press('Enter');
    await vi.waitFor(() => expect(useEditorStore.getState().explainTextOf).toBe(keyB));
    useEditorStore.setState({ selectedKey: keyP, explainTextOf: null, elementInfo: { [P]: info(P, {}) } });
    press('Enter');
    await Promise.resolve();
    expect(useEditorStore.getState().explainTextOf).toBeNull();
    unregister();
  });
});
