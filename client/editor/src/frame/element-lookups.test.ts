import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import type { ElementSourceInfo } from '@contracts/studio-api.js';
import { codebaseIdsOf, ElementLookups, frameLookupsFor, idsToLookUp, shownTextsOf } from './element-lookups';
import { FrameRegistry } from './frame-registry';

const A = 'tempo-6f1c1d7e-1111-5aaa-8aaa-000000000001';
const B = 'tempo-6f1c1d7e-1111-5aaa-8aaa-000000000002';
const C = 'tempo-6f1c1d7e-1111-5aaa-8aaa-000000000003';

const node = (codebaseId: string, children: NavTreeNode[] = []) => ({ tempoElement: { codebaseId, storyboardId: 'f', uniquePath: '0' }, children }) as unknown as NavTreeNode;

describe('element lookups', () => {
  it('lists the ids of a tree once each, without the storyboard', () => {
    const tree = node(STORYBOARD_CODEBASE_ID, [node(A, [node(B), node(B)]), node(C)]);
    expect(codebaseIdsOf(tree).sort()).toEqual([A, B, C].sort());
  });

  it('asks only about ids it knows nothing of, never placeholders or malformed ids', () => {
    expect(idsToLookUp([A, B, C, 'tempo-duplicate-placeholder-1', 'nonsense'], { [A]: {} }, { [B]: true })).toEqual([C]);
  });

  it('gives the frame the names as written and the static-text facts of known ids', () => {
    const info = { [A]: { tagName: 'Pagination', isStaticText: false }, [B]: { tagName: 'h1', isStaticText: true } } as unknown as Record<string, ElementSourceInfo>;
    expect(frameLookupsFor([A, B, C], info)).toEqual({ [A]: { name: 'Pagination', isStaticText: false }, [B]: { name: 'h1', isStaticText: true } });
  });
});

describe('what the lookup is told of bound text', () => {
  const shown = (codebaseId: string, literalChildren: string[], children: NavTreeNode[] = [], isComponent = false) =>
    ({ tempoElement: { codebaseId, storyboardId: 'f', uniquePath: '0' }, children, literalChildren, isComponent }) as unknown as NavTreeNode;

  it('sends the text each element shows and the component elements it was rendered through, innermost first', async () => {
    // A card (C) renders a fact (A) whose <dt> (B) shows `{label}`; the page shows D's text once.
    const D = 'tempo-6f1c1d7e-1111-5aaa-8aaa-000000000004';
    const tree = shown(STORYBOARD_CODEBASE_ID, [], [shown(C, [], [shown(A, [], [shown(B, ['  Quốc ', 'gia '])], true), shown(D, ['Vườn'])], true)]);
    const call = vi.fn().mockResolvedValue({ elements: {} });
    await new ElementLookups(new FrameRegistry(), { call }).lookUp([A, B, C, D], [tree]);
    expect(call).toHaveBeenCalledWith(expect.any(String), { method: 'POST', body: { codebaseIds: [A, B, C, D], texts: { [B]: 'Quốc gia', [D]: 'Vườn' }, instances: { [B]: [A, C], [D]: [C] } } });
  });

  it("asks a new tree's elements first for what their own files say, then for every fact, telling the frame after each", async () => {
    const { useEditorStore } = await import('../state/editor-store');
    // An id no earlier test asked about (their answers are in the store).
    const E = 'tempo-6f1c1d7e-1111-5aaa-8aaa-000000000005';
    const tree = shown(STORYBOARD_CODEBASE_ID, [], [shown(E, ['Vườn'])]);
    const facts = (more: object) => ({ elements: { [E]: { codebaseId: E, tagName: 'h1', isStaticText: false, ...more } } });
    const call = vi.fn().mockResolvedValueOnce(facts({ reach: 'file' })).mockResolvedValueOnce(facts({ textHome: { editable: true, places: [], computed: [] } }));
    const told: unknown[] = [];
    const channel = { call: vi.fn(async (_name: string, payload: unknown) => void told.push(payload)) };
    await new ElementLookups(new FrameRegistry(), { call }).giveFrame(channel as never, tree);
    expect(call.mock.calls.map(([, request]) => (request as { body: { reach?: string } }).body.reach)).toEqual(['file', undefined]);
    expect(told).toEqual([{ lookups: { [E]: { name: 'h1', isStaticText: false } } }, { lookups: { [E]: { name: 'h1', isStaticText: false, boundText: true } } }]);
    expect(useEditorStore.getState().elementInfo[E]).not.toHaveProperty('reach');
  });

  it('tells nothing of an element the page shows several times: the inspector asks for the selected instance', () => {
    const tree = shown(STORYBOARD_CODEBASE_ID, [], [shown(A, [], [shown(B, ['Quốc gia'])], true), shown(A, [], [shown(B, ['Khu vực'])], true)]);
    expect(shownTextsOf(tree)).toEqual({ texts: {}, instances: {} });
  });
});

describe('stale facts', () => {
  it('asks again about ids whose file was written since, and not about the others it knows', () => {
    const a = 'tempo-6f1c2d4e-1b2a-5c3d-8e4f-0a1b2c3d4e5f';
    const b = 'tempo-6f1c2d4e-1b2a-5c3d-8e4f-0a1b2c3d4e60';
    expect(idsToLookUp([a, b], { [a]: {}, [b]: {} }, {}, { [b]: true })).toEqual([b]);
    expect(idsToLookUp([a, b], { [a]: {}, [b]: {} }, {})).toEqual([]);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('wait for the refresh scheduled after a write, while a tree still asks about ids never seen', () => {
    vi.useFakeTimers();
    const lookups = new ElementLookups(new FrameRegistry(), { call: vi.fn() });
    const stale = { [A]: true } as const;
    expect(lookups.staleToAskNow(stale)).toBe(stale);
    lookups.scheduleRefresh(1000);
    expect(lookups.staleToAskNow(stale)).toEqual({});
    expect(idsToLookUp([A, B], { [A]: {} }, {}, lookups.staleToAskNow(stale))).toEqual([B]);
    vi.advanceTimersByTime(1000);
    expect(lookups.staleToAskNow(stale)).toBe(stale);
    lookups.scheduleRefresh(1000);
    lookups.cancelRefresh();
    expect(lookups.staleToAskNow(stale)).toBe(stale);
  });
});
