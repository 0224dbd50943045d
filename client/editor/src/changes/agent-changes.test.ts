import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANGE_BY_HEADER } from '@contracts/agent-api.js';
import { isMutationKind, type MutationAnswer } from '@contracts/change-kinds.js';
import { mutationBodySchemas } from '@contracts/changes.js';
import type { FrameChangeItem, FrameFunctionMap, FrameFunctionName } from '@contracts/frame-protocol.js';
import { defaultCanvasDocument, type HistoryItem } from '@contracts/studio-api.js';
import { StudioCallError, studioCall, type StudioServer } from '../api/studio-client.js';
import { ElementLookups } from '../frame/element-lookups.js';
import { FrameRegistry } from '../frame/frame-registry.js';
import { useEditorStore } from '../state/editor-store.js';
import { ChangeEngine } from './change-engine.js';

const A = 'tempo-0f8b5c2e-3d4a-5b6c-8d7e-9f0a1b2c3d4e';
const B = 'tempo-1f8b5c2e-3d4a-5b6c-8d7e-9f0a1b2c3d4e';
const SESSION = { client: 'Inspector', session: 'session-1' };

type Call = { frameId: string; name: FrameFunctionName; args: unknown };
type Sent = { path: string; body: unknown; by: unknown };

const frameCalls: Call[] = [];
const sent: Sent[] = [];
/** What the server does with the next write: answer it (this answer merged in), or refuse it. */
const server = { done: 0, undone: 0, answer: {} as Partial<MutationAnswer>, refusal: null as StudioCallError | null, gate: null as Promise<void> | null };

function historyItem(name: string): HistoryItem {
  return { id: `h-${server.done}-${server.undone}`, name, kind: 'addClass', at: new Date(0).toISOString(), files: ['src/routes/index.tsx'], state: 'ready' };
}

/** The studio server's mutate, undo and redo as the engine calls them; bodies checked by the real schemas. */
async function fakeCall(path: string, init: { method?: string; body?: unknown; by?: unknown } = {}): Promise<unknown> {
  if (path.endsWith('/history')) return { undoCount: server.done, redoCount: server.undone };
  const suffix = /^\/canvases\/[^/]+\/parseAndMutate\/(.+)$/.exec(path)?.[1];
  if (!suffix || init.method !== 'POST') throw new StudioCallError(`no route ${path}`, 404, 'ROUTE_NOT_FOUND');
  sent.push({ path: suffix, body: init.body, by: init.by });
  if (server.gate) await server.gate;
  if (server.refusal) throw server.refusal;
  const name = (init.body as { changeName?: string }).changeName ?? '';
  if (suffix.startsWith('mutate/')) {
    const kind = suffix.slice('mutate/'.length);
    if (!isMutationKind(kind) || !mutationBodySchemas[kind].safeParse(init.body).success) throw new StudioCallError(`Invalid change (${kind})`, 400, 'INVALID_CHANGE');
    server.done++;
    server.undone = 0;
  } else {
    const undo = suffix.endsWith('undoChangeToFiles');
    if ((undo ? server.done : server.undone) === 0) throw new StudioCallError(`Nothing to ${undo ? 'undo' : 'redo'} on canvas default`, 409, 'NOTHING_TO_UNDO');
    server.done += undo ? -1 : 1;
    server.undone += undo ? 1 : -1;
  }
  return { changedFiles: [{ path: 'src/routes/index.tsx', beforeHash: 'a', afterHash: 'b' }], prevIdToNewIdMap: {}, addedIds: [], item: historyItem(name), ...server.answer };
}

function fakeFrame(frames: FrameRegistry, frameId: string): () => void {
  useEditorStore.getState().setFrameRuntime(frameId, { ready: true });
  return frames.register({
    frameId,
    async call<N extends FrameFunctionName>(name: N, args: FrameFunctionMap[N]['args']) {
      frameCalls.push({ frameId, name, args });
      if (name === 'applyChangeItemToDocument') {
        const item = (args as { changeItem: FrameChangeItem }).changeItem;
        return { changeId: item.id, success: true, sendNewNavTree: false, instantUpdateData: { addedClass: `${frameId}-${item.id}` } } as FrameFunctionMap[N]['answer'];
      }
      return {} as FrameFunctionMap[N]['answer'];
    },
    inspect: async () => null,
  });
}

const instantUpdates = (frameId: string) =>
  frameCalls.filter((call) => call.frameId === frameId && call.name === 'applyChangeItemToDocument').map((call) => (call.args as { changeItem: FrameChangeItem }).changeItem);

const addClassBody = { reactElement: { codebaseId: A }, className: 'p-4', stylingFramework: 'Tailwind', modifiers: ['hover'], customProperties: {} };

let engine: ChangeEngine;
const stops: Array<() => void> = [];

beforeEach(() => {
  frameCalls.length = 0;
  sent.length = 0;
  Object.assign(server, { done: 0, undone: 0, answer: {}, refusal: null, gate: null });
  const studio: StudioServer = { call: vi.fn(fakeCall) as StudioServer['call'], canWriteSource: () => true };
  const frames = new FrameRegistry();
  engine = new ChangeEngine({ frames, lookups: new ElementLookups(frames, studio), server: studio });
  useEditorStore.setState({ notices: [], selectedKey: null, multiSelectedKeys: [], frames: {} });
  useEditorStore.getState().setCanvas(defaultCanvasDocument('default'));
  stops.push(engine.followCanvas(), fakeFrame(frames, 'frame-1'), fakeFrame(frames, 'frame-2'));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  engine.dispose();
  vi.restoreAllMocks();
});

describe("an agent's change", () => {
  it('is made as the change of its kind: shown in every frame, written with the same body, marked as the agent’s', async () => {
    const answer = await engine.applyAgentChange('addClass', addClassBody);
    for (const frameId of ['frame-1', 'frame-2']) {
      expect(instantUpdates(frameId)).toEqual([expect.objectContaining({ type: 'ADD_CLASS', changeFields: { codebaseIdToAddClass: A, className: 'p-4', addingTailwindClass: true, modifiers: ['hover'], customProperties: {} } })]);
    }
    expect(sent).toEqual([{ path: 'mutate/addClass', body: { ...addClassBody, changeName: 'Add class hover:p-4' }, by: 'agent' }]);
    expect(answer).toEqual({ changedFiles: [{ path: 'src/routes/index.tsx', beforeHash: 'a', afterHash: 'b' }], prevIdToNewIdMap: {}, addedIds: [], item: expect.objectContaining({ name: 'Add class hover:p-4' }) });
    const [change] = engine.store.getState().items;
    expect(change).toMatchObject({ type: 'ADD_CLASS', by: 'agent', state: 'succeeded', humanName: 'Add class hover:p-4' });
    expect(useEditorStore.getState().canvas?.changes).toEqual([expect.objectContaining({ id: change!.id, by: 'agent', state: 'succeeded' })]);
    // The studio's Undo is the person's: an agent's step alone leaves it off (the Changes panel undoes that step).
    expect(engine.store.getState().canUndo).toBe(false);
  });

  it("shows an added class with the CSS the server computed, as the inspector's Enter does, and writes the body as sent", async () => {
    const css = '@layer utilities { .p-4 { padding: calc(var(--spacing) * 4); } }';
    await engine.applyAgentChange('addClass', addClassBody, { css, classes: ['p-4'] });
    expect(instantUpdates('frame-1')).toEqual([expect.objectContaining({ type: 'ADD_CLASS', changeFields: expect.objectContaining({ className: 'p-4', cssEquivalent: css }) })]);
    expect(sent).toEqual([{ path: 'mutate/addClass', body: { ...addClassBody, changeName: 'Add class hover:p-4' }, by: 'agent' }]);
    // CSS for another class is not this class's.
    await engine.applyAgentChange('addClass', { ...addClassBody, className: 'm-2' }, { css, classes: ['p-4'] });
    expect(instantUpdates('frame-1')[1]?.changeFields).not.toHaveProperty('cssEquivalent');
  });

  it('shows the classes an update of the list adds with the CSS the server computed once, the others left to the frame', async () => {
    const css = '@layer utilities { .italic { font-style: italic; } .underline { text-decoration-line: underline; } }';
    const body = { reactElement: { codebaseId: A }, oldClasses: ['p-2'], newClasses: ['p-2', 'italic', 'underline', 'text-brnd'] };
    await engine.applyAgentChange('updateClasses', body, { css, classes: ['italic', 'underline'] });
    const [item] = instantUpdates('frame-1');
    expect(item?.type).toBe('UPDATE_CLASSES');
    const involved = (item?.changeFields as { involvedClasses?: Array<{ tailwind: string; css?: string }> }).involvedClasses;
    expect(involved?.map((entry) => entry.tailwind)).toEqual(['italic', 'underline']);
    expect(involved?.[0]?.css).toBe(css);
    expect(involved?.[1]?.css).not.toContain('{');
    expect(sent[0]?.body).toEqual({ ...body, changeName: expect.any(String) });
  });

  it('takes the name its body gives it', async () => {
    await engine.applyAgentChange('editText', { element: { codebaseId: A }, newText: 'Mới', oldText: 'Cũ', changeName: 'Rename the title' });
    expect(sent[0]).toEqual({ path: 'mutate/editText', body: { element: { codebaseId: A }, newText: 'Mới', oldText: 'Cũ', changeName: 'Rename the title' }, by: 'agent' });
    expect(engine.store.getState().items[0]?.humanName).toBe('Rename the title');
  });

  it('waits in the queue behind the changes before it, and a designer’s change after it carries no author', async () => {
    let open!: () => void;
    server.gate = new Promise<void>((resolve) => (open = resolve));
    const designer = engine.submit('REMOVE_CLASS', { codebaseIdToRemoveClass: A, className: 'p-2' });
    const agent = engine.applyAgentChange('addClass', addClassBody);
    const later = engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'm-1' });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    open();
    await Promise.all([designer, agent, later]);
    expect(sent.map((entry) => [entry.path, entry.by])).toEqual([
      ['mutate/removeClass', undefined],
      ['mutate/addClass', 'agent'],
      ['mutate/addClass', undefined],
    ]);
    expect(useEditorStore.getState().canvas?.changes.map((record) => record.by)).toEqual([undefined, 'agent', undefined]);
  });

  it('applies the id remap of its answer to the selection, the changes waiting and the frames', async () => {
    useEditorStore.setState({ selectedKey: `${A}|frame-1|0-1` });
    server.answer = { prevIdToNewIdMap: { [A]: B } };
    const answer = await engine.applyAgentChange('moveJsxElement', { elementToMove: { codebaseId: A }, beforeElement: { codebaseId: B } });
    expect(answer.prevIdToNewIdMap).toEqual({ [A]: B });
    expect(useEditorStore.getState().selectedKey).toBe(`${B}|frame-1|0-1`);
    expect(frameCalls.filter((call) => call.name === 'updateCodebaseIds').map((call) => [call.frameId, call.args])).toEqual([
      ['frame-1', { prevIdToNewIdMap: { [A]: B } }],
      ['frame-2', { prevIdToNewIdMap: { [A]: B } }],
    ]);
  });

  it("fails with the server's catalogue error as it answered, its instant update taken back", async () => {
    server.refusal = new StudioCallError('The file changed on disk since it was read', 409, 'SOURCE_CONFLICT');
    await expect(engine.applyAgentChange('addClass', addClassBody)).rejects.toEqual({ code: 'SOURCE_CONFLICT', message: 'The file changed on disk since it was read', statusCode: 409 });
    for (const frameId of ['frame-1', 'frame-2']) expect(instantUpdates(frameId).map((item) => item.type)).toEqual(['ADD_CLASS', 'UNDO']);
    expect(engine.store.getState().items[0]).toMatchObject({ state: 'failed', by: 'agent' });
  });

  it('refuses a body its schema refuses, and an unknown call, before any change is made', async () => {
    await expect(engine.applyAgentChange('addClass', { reactElement: { codebaseId: A }, className: 'has space' })).rejects.toMatchObject({
      code: 'INVALID_CHANGE',
      statusCode: 400,
      message: expect.stringMatching(/^Invalid change \(addClass\): className: .*whitespace/),
    });
    await expect(engine.applyAgentChange('addClass', { reactElement: { codebaseId: 'not-an-id' }, className: 'p-4' })).rejects.toMatchObject({ code: 'INVALID_CHANGE', statusCode: 400 });
    await expect(engine.applyAgentChange('resize' as never, {})).rejects.toMatchObject({ code: 'UNKNOWN_CHANGE_KIND', statusCode: 400, message: expect.stringContaining('known: styling, addJsxElement') });
    expect(engine.store.getState().items).toEqual([]);
    expect(sent).toEqual([]);
    expect(frameCalls).toEqual([]);
  });
});

describe("an agent's undo and redo", () => {
  it('take the path of ⌘Z and ⇧⌘Z: the instant update taken back and shown again, written as the agent’s', async () => {
    await engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-4', addingTailwindClass: true }, { by: 'agent', agent: SESSION });
    const undone = await engine.agentUndo(SESSION);
    expect(undone.item).toMatchObject({ name: 'Undo: Add class p-4' });
    const redone = await engine.agentRedo(SESSION);
    expect(redone.changedFiles).toHaveLength(1);
    expect(sent.map((entry) => [entry.path, entry.by])).toEqual([
      ['mutate/addClass', 'agent'],
      ['activities/undoChangeToFiles', 'agent'],
      ['activities/redoChangeToFiles', 'agent'],
    ]);
    const [undo, redo] = instantUpdates('frame-1').slice(1);
    expect(undo).toMatchObject({ type: 'UNDO', changeFields: { changeToUndo: expect.objectContaining({ type: 'ADD_CLASS', instantUpdateData: expect.any(Object) }) } });
    expect(redo).toMatchObject({ type: 'REDO', changeFields: { changeToRedo: expect.objectContaining({ type: 'ADD_CLASS' }) } });
    expect(engine.store.getState().items.map((item) => [item.type, item.by])).toEqual([
      ['ADD_CLASS', 'agent'],
      ['UNDO', 'agent'],
      ['REDO', 'agent'],
    ]);
  });

  it('take back only their own session’s change, and the person’s ⌘Z only the person’s, whatever lies on top', async () => {
    await engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-4', addingTailwindClass: true });
    await engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'italic', addingTailwindClass: true }, { by: 'agent', agent: SESSION });
    await engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'underline', addingTailwindClass: true }, { by: 'agent', agent: { client: 'Other', session: 'other' } });
    const targetOf = (index: number) => (instantUpdates('frame-1')[index]?.changeFields as { changeToUndo?: { changeFields?: { className?: string } } }).changeToUndo?.changeFields?.className;
    await engine.agentUndo(SESSION);
    expect(targetOf(3)).toBe('italic');
    await engine.undoLast();
    expect(targetOf(4)).toBe('p-4');
    expect(engine.store.getState().stacks.undo.map((id) => engine.store.getState().items.find((item) => item.id === id)?.by)).toEqual(['agent']);
  });

  it("leave the person's Redo off: the agent's undone step is the agent's to redo, the person's own is the person's", async () => {
    await engine.applyAgentChange('addClass', addClassBody, undefined, SESSION);
    await engine.agentUndo(SESSION);
    await engine.store.getState().refreshHistory();
    expect(engine.store.getState()).toMatchObject({ history: { undoCount: 0, redoCount: 1 }, canUndo: false, canRedo: false });

    await engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'italic', addingTailwindClass: true });
    await engine.undoLast();
    expect(engine.store.getState().canRedo).toBe(true);
    await engine.redoLast();
    expect(sent.at(-1)).toMatchObject({ path: 'activities/redoChangeToFiles', by: undefined });
    expect(engine.store.getState()).toMatchObject({ canUndo: true, canRedo: false });
  });

  it('fail with NOTHING_TO_UNDO when the server has nothing to undo', async () => {
    await expect(engine.agentUndo()).rejects.toMatchObject({ code: 'NOTHING_TO_UNDO', statusCode: 409 });
    await expect(engine.agentRedo()).rejects.toMatchObject({ code: 'NOTHING_TO_UNDO', statusCode: 409 });
  });
});

describe('the studio client', () => {
  it('says an agent asks for a write in the change-by header, and says nothing for the studio', async () => {
    const headers: Array<Record<string, string>> = [];
    vi.stubGlobal('document', { querySelector: () => ({ content: 'token' }) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: { headers: Record<string, string> }) => {
        headers.push(init.headers);
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    try {
      await studioCall('/canvases/default/parseAndMutate/activities/undoChangeToFiles', { method: 'POST', body: {}, by: 'agent' });
      await studioCall('/canvases/default/parseAndMutate/activities/undoChangeToFiles', { method: 'POST', body: {} });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(headers[0]?.[CHANGE_BY_HEADER]).toBe('agent');
    expect(headers[1]).not.toHaveProperty(CHANGE_BY_HEADER);
  });
});
