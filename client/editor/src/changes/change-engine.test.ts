import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mutationBodySchemas } from '@contracts/changes.js';
import { isMutationKind } from '@contracts/change-kinds.js';
import type { ApplyChangeResult, FrameChangeItem, FrameFunctionMap, FrameFunctionName } from '@contracts/frame-protocol.js';
import { defaultCanvasDocument } from '@contracts/studio-api.js';
import { StudioCallError, type StudioServer } from '../api/studio-client.js';
import { ElementLookups } from '../frame/element-lookups.js';
import { FrameRegistry } from '../frame/frame-registry.js';
import { useEditorStore } from '../state/editor-store.js';
import { ChangeEngine, EDITS_NEED_DEV } from './change-engine.js';
import { LOOKUP_REFRESH_DELAY_MS, placeholderIdMap } from './change-writer.js';
import { CHANGE_WAITS_FOR_FRAME_MS } from './instant-preview.js';

const A = 'tempo-0f8b5c2e-3d4a-5b6c-8d7e-9f0a1b2c3d4e';
const B = 'tempo-1f8b5c2e-3d4a-5b6c-8d7e-9f0a1b2c3d4e';
const C = 'tempo-2f8b5c2e-3d4a-5b6c-8d7e-9f0a1b2c3d4e';

type Call = { frameId: string; name: FrameFunctionName; args: unknown };
const log: string[] = [];
const frameCalls: Call[] = [];

/** A frame as the overlay answers: instant updates succeed except where a test says otherwise. */
function fakeFrame(frameId: string, answer: (item: FrameChangeItem) => Partial<ApplyChangeResult> | Promise<Partial<ApplyChangeResult>> = (item) => ({ success: true, instantUpdateData: { addedClass: `g-${frameId}-${item.id}` } })) {
  useEditorStore.getState().setFrameRuntime(frameId, { ready: true });
  return frames.register({
    frameId,
    async call<N extends FrameFunctionName>(name: N, args: FrameFunctionMap[N]['args']) {
      frameCalls.push({ frameId, name, args });
      if (name === 'applyChangeItemToDocument') {
        const item = (args as FrameFunctionMap['applyChangeItemToDocument']['args']).changeItem;
        log.push(`instant ${frameId} ${item.type}`);
        const result = await answer(item);
        return { changeId: item.id, success: false, sendNewNavTree: true, instantUpdateData: {}, ...result } as FrameFunctionMap[N]['answer'];
      }
      if (name === 'setIsFlushing') log.push(`flushing ${frameId} ${(args as { isFlushing: boolean }).isFlushing}`);
      return {} as FrameFunctionMap[N]['answer'];
    },
    inspect: async () => null,
  });
}

/** A studio server: mutations validated by the real body schemas, and a history like the engine's. */
const server = {
  done: 0,
  undone: 0,
  reject: null as null | ((path: string) => Error | null),
  answer: null as null | ((path: string, body: unknown) => Partial<import('@contracts/change-kinds.js').MutationAnswer>),
  gate: null as null | Promise<void>,
  bodies: [] as Array<{ path: string; body: unknown }>,
};

function fakeStudioCall(path: string, init: { method?: string; body?: unknown } = {}): Promise<unknown> {
  if (path.endsWith('/history')) return Promise.resolve({ undoCount: server.done, redoCount: server.undone });
  const match = /^\/canvases\/([^/]+)\/parseAndMutate\/(.+)$/.exec(path);
  if (!match || init.method !== 'POST') return Promise.reject(new StudioCallError(`no route ${path}`, 404, 'ROUTE_NOT_FOUND'));
  const suffix = match[2]!;
  server.bodies.push({ path: suffix, body: init.body });
  log.push(`call ${suffix}`);
  const run = async () => {
    if (server.gate) await server.gate;
    const refusal = server.reject?.(suffix);
    if (refusal) throw refusal;
    if (suffix.startsWith('mutate/')) {
      const kind = suffix.slice('mutate/'.length);
      if (!isMutationKind(kind)) throw new StudioCallError(`Unknown change type: ${kind}`, 400, 'UNKNOWN_CHANGE_KIND');
      const parsed = mutationBodySchemas[kind].safeParse(init.body);
      if (!parsed.success) throw new StudioCallError(`Invalid change (${kind}): ${parsed.error.message}`, 400, 'INVALID_CHANGE');
      server.done++;
      server.undone = 0;
    } else {
      // Undo and redo carry nothing but the name the editor shows for them.
      expect(init.body).toEqual({ changeName: expect.stringMatching(/^(Undo|Redo)/) });
      const undo = suffix === 'activities/undoChangeToFiles';
      if ((undo ? server.done : server.undone) === 0) throw new StudioCallError(`Nothing to ${undo ? 'undo' : 'redo'} on canvas default`, 409, 'NOTHING_TO_UNDO');
      server.done += undo ? -1 : 1;
      server.undone += undo ? 1 : -1;
    }
    log.push(`answer ${suffix}`);
    return { changedFiles: [{ path: 'src/routes/index.tsx', beforeHash: 'a', afterHash: 'b' }], prevIdToNewIdMap: {}, addedIds: [], ...server.answer?.(suffix, init.body) };
  };
  return run();
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const unregister: Array<() => void> = [];
const notices = () => useEditorStore.getState().notices.map((notice) => `${notice.kind}: ${notice.text}`);
const frameItems = (frameId: string) =>
  frameCalls.filter((call) => call.frameId === frameId && call.name === 'applyChangeItemToDocument').map((call) => (call.args as { changeItem: FrameChangeItem }).changeItem);

const studioCall = vi.fn(fakeStudioCall);
const canWriteSource = vi.fn(() => true);
let frames: FrameRegistry;
let engine: ChangeEngine;
let stopFollowingCanvas: () => void;

beforeEach(() => {
  log.length = 0;
  frameCalls.length = 0;
  Object.assign(server, { done: 0, undone: 0, reject: null, answer: null, gate: null, bodies: [] });
  studioCall.mockReset().mockImplementation(fakeStudioCall);
  canWriteSource.mockReset().mockReturnValue(true);
  const studio: StudioServer = { call: studioCall as StudioServer['call'], canWriteSource };
  frames = new FrameRegistry();
  engine = new ChangeEngine({ frames, lookups: new ElementLookups(frames, studio), server: studio });
  stopFollowingCanvas = engine.followCanvas();
  useEditorStore.setState({ notices: [], selectedKey: null, multiSelectedKeys: [], frames: {} });
  useEditorStore.getState().setCanvas(defaultCanvasDocument('default'));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  stopFollowingCanvas();
  engine.dispose();
  for (const drop of unregister.splice(0)) drop();
  vi.restoreAllMocks();
});

describe('a change', () => {
  it('goes pending → instant update sent → finished → succeeded, instant update first, then the server', async () => {
    unregister.push(fakeFrame('frame-1'));
    const states: string[] = [];
    const stop = engine.store.subscribe((state) => {
      const last = state.items.at(-1);
      if (last && states.at(-1) !== last.state) states.push(last.state);
    });
    const change = await engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-4', addingTailwindClass: true });
    stop();
    expect(states).toEqual(['pending', 'instant-update-sent', 'instant-update-finished', 'succeeded']);
    expect(change).toMatchObject({ state: 'succeeded', humanName: 'Add class p-4', consumed: true, instantUpdateSent: true, instantUpdateFinished: true, instantUpdateSuccessful: true, failed: false, files: ['src/routes/index.tsx'] });
    expect(change.instantUpdateDataByFrame).toEqual({ 'frame-1': { addedClass: `g-frame-1-${change.id}` } });
    expect(log).toEqual(['instant frame-1 ADD_CLASS', 'flushing frame-1 true', 'call mutate/addClass', 'answer mutate/addClass', 'flushing frame-1 false']);
    expect(server.bodies).toEqual([
      { path: 'mutate/addClass', body: { reactElement: { codebaseId: A }, className: 'p-4', stylingFramework: 'Tailwind', modifiers: [], customProperties: {}, changeName: 'Add class p-4' } },
    ]);
    expect(useEditorStore.getState().canvas?.changes).toMatchObject([{ id: change.id, type: 'ADD_CLASS', humanName: 'Add class p-4', state: 'succeeded', files: ['src/routes/index.tsx'] }]);
  });

  it('is sent while its instant update is still on its way, and ends only after that update finished', async () => {
    const frameAnswer = deferred();
    unregister.push(
      fakeFrame('frame-1', async (item) => {
        await frameAnswer.promise;
        return { success: true, instantUpdateData: { addedClass: `g-${item.id}` } };
      }),
    );
    const states: string[] = [];
    const stop = engine.store.subscribe((state) => {
      const last = state.items.at(-1);
      if (last && states.at(-1) !== last.state) states.push(last.state);
    });
    const pending = engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-4', addingTailwindClass: true });
    await vi.waitFor(() => expect(log).toContain('answer mutate/addClass'));
    expect(engine.store.getState().items.at(-1)?.state).toBe('instant-update-sent');
    frameAnswer.resolve();
    const change = await pending;
    stop();
    expect(states).toEqual(['pending', 'instant-update-sent', 'instant-update-finished', 'succeeded']);
    expect(change.instantUpdateDataByFrame).toEqual({ 'frame-1': { addedClass: `g-${change.id}` } });
  });

  it('an ADD_JSX, whose request tells whether it showed, is sent only once its instant update has finished', async () => {
    const frameAnswer = deferred();
    unregister.push(
      fakeFrame('frame-1', async () => {
        await frameAnswer.promise;
        return { success: true, instantUpdateData: {} };
      }),
    );
    const pending = engine.submit('ADD_JSX', { codebaseIdToAddTo: A, addNativeTag: 'div', htmlForInstantUpdate: '<div></div>' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.bodies).toEqual([]);
    frameAnswer.resolve();
    await pending;
    expect(server.bodies).toMatchObject([{ path: 'mutate/addJsxElement', body: { hasInstantUpdate: true } }]);
  });

  it('rejected while its instant update is on its way: the update is taken back once it has shown', async () => {
    const frameAnswer = deferred();
    unregister.push(
      fakeFrame('frame-1', async (item) => {
        if (item.type === 'ADD_CLASS') await frameAnswer.promise;
        return { success: true, instantUpdateData: { addedClass: `g-${item.id}` } };
      }),
    );
    server.reject = () => new StudioCallError('The source cannot take it', 409, 'CONFLICT');
    const pending = engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-4', addingTailwindClass: true });
    await vi.waitFor(() => expect(log).toContain('call mutate/addClass'));
    frameAnswer.resolve();
    const change = await pending;
    expect(change).toMatchObject({ state: 'failed', error: 'The source cannot take it' });
    expect(frameItems('frame-1').map((item) => item.type)).toEqual(['ADD_CLASS', 'UNDO']);
  });

  it('is shown in every ready frame, and not in a frame that is not ready', async () => {
    unregister.push(fakeFrame('frame-1'), fakeFrame('frame-2'), fakeFrame('frame-3'));
    useEditorStore.getState().setFrameRuntime('frame-3', { ready: false });
    const change = await engine.submit('REMOVE_JSX', { codebaseIdsToRemove: [A, A, B] });
    expect(Object.keys(change.instantUpdateDataByFrame).sort()).toEqual(['frame-1', 'frame-2']);
    expect(frameItems('frame-3')).toEqual([]);
    expect(frameItems('frame-1')[0]).toMatchObject({ type: 'REMOVE_JSX', changeFields: { codebaseIdsToRemove: [A, B] }, humanName: 'Delete 2 elements' });
    expect(server.bodies[0]?.body).toEqual({ elementsToRemove: [{ codebaseId: A }, { codebaseId: B }], changeName: 'Delete 2 elements' });
  });

  it('waits for the changes before it: one server call at a time, in order', async () => {
    unregister.push(fakeFrame('frame-1'));
    const gate = deferred();
    server.gate = gate.promise;
    const first = engine.submit('EDIT_TEXT', { codebaseIdToEditText: A, newText: 'Một', oldText: 'x' }, { instant: false });
    const second = engine.submit('CHANGE_TAG', { codebaseIdToChange: B, newTagName: 'section' });
    const third = engine.submit('ADD_CLASS', { codebaseIdToAddClass: C, className: 'm-2', addingTailwindClass: true });
    await vi.waitFor(() => expect(log).toContain('call mutate/editText'));
    expect(log.filter((line) => line.startsWith('call'))).toEqual(['call mutate/editText']);
    expect(engine.store.getState().isFlushing).toBe(true);
    gate.resolve();
    const done = await Promise.all([first, second, third]);
    expect(done.map((change) => change.state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(log.filter((line) => line.startsWith('call') || line.startsWith('answer'))).toEqual([
      'call mutate/editText',
      'answer mutate/editText',
      'call mutate/changeElementTag',
      'answer mutate/changeElementTag',
      'call mutate/addClass',
      'answer mutate/addClass',
    ]);
    expect(engine.store.getState().isFlushing).toBe(false);
    expect(log.at(-1)).toBe('flushing frame-1 false');
  });

  it('during a flush is shown instantly only when it is a styling or class change', async () => {
    unregister.push(fakeFrame('frame-1'));
    const gate = deferred();
    server.gate = gate.promise;
    const first = engine.submit('EDIT_TEXT', { codebaseIdToEditText: A, newText: 'a', oldText: 'b' }, { instant: false });
    await vi.waitFor(() => expect(engine.store.getState().isFlushing).toBe(true));
    const duplicate = engine.submit('DUPLICATE', { codebaseIdsToDuplicate: [B] });
    const styling = engine.submit('STYLING', { codebaseId: B, stylingChanges: { color: 'red' }, stylingFramework: 'Inline' });
    await vi.waitFor(() => expect(frameItems('frame-1').map((item) => item.type)).toEqual(['STYLING']));
    gate.resolve();
    const [, dup, style] = await Promise.all([first, duplicate, styling]);
    expect(dup).toMatchObject({ state: 'succeeded', instantUpdateSent: false, instantUpdateSuccessful: false });
    expect(style).toMatchObject({ state: 'succeeded', instantUpdateSent: true, instantUpdateSuccessful: true });
    expect(frameItems('frame-1').map((item) => item.type)).toEqual(['STYLING']);
  });

  it('rejected: its instant update is taken back in each frame with what it did there, and the server says why', async () => {
    unregister.push(fakeFrame('frame-1'), fakeFrame('frame-2'));
    server.reject = () => new StudioCallError('Cannot write this change back faithfully (src/a.tsx:3): the className is dynamic', 422, 'UNWRITABLE_PATTERN');
    const change = await engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-4', addingTailwindClass: true });
    expect(change).toMatchObject({ state: 'failed', failed: true, error: 'Cannot write this change back faithfully (src/a.tsx:3): the className is dynamic' });
    for (const frameId of ['frame-1', 'frame-2']) {
      const [applied, rollback] = frameItems(frameId);
      expect(applied?.type).toBe('ADD_CLASS');
      expect(rollback).toMatchObject({ type: 'UNDO', changeFields: { changeToUndo: { id: change.id, type: 'ADD_CLASS', instantUpdateData: { addedClass: `g-${frameId}-${change.id}` } } } });
    }
    // The rollback runs outside the flush, which the overlay would otherwise hold it back in.
    expect(log.indexOf('flushing frame-1 false')).toBeLessThan(log.lastIndexOf('instant frame-1 UNDO'));
    expect(notices()).toEqual(['error: Add class p-4 failed: Cannot write this change back faithfully (src/a.tsx:3): the className is dynamic']);
    expect(useEditorStore.getState().canvas?.changes.at(-1)).toMatchObject({ id: change.id, state: 'failed', error: change.error });
    expect(engine.store.getState().canUndo).toBe(false);
  });

  it('a rejection does not stop the changes after it', async () => {
    server.reject = (path) => (path === 'mutate/wrapInDiv' ? new StudioCallError('Element x not found', 404, 'ELEMENT_NOT_FOUND') : null);
    const results = await Promise.all([engine.submit('WRAP_DIV', { codebaseIdsToWrap: [A] }), engine.submit('REMOVE_CLASS', { codebaseIdToRemoveClass: A, className: 'p-2' })]);
    expect(results.map((change) => change.state)).toEqual(['failed', 'succeeded']);
  });

  it("says 'Successfully added' for an ADD_JSX without instant update and 'Prop changed' for CHANGE_PROP", async () => {
    unregister.push(fakeFrame('frame-1', (item) => (item.type === 'ADD_JSX' ? { success: false } : { success: true, instantUpdateData: {} })));
    const added = await engine.submit('ADD_JSX', { codebaseIdToAddTo: A, addNativeTag: 'section', htmlForInstantUpdate: '<section></section>' });
    expect(server.bodies.at(-1)?.body).toMatchObject({ hasInstantUpdate: false, canvasId: 'default', newElement: { type: 'native', nativeTag: 'section' } });
    expect(added.instantUpdateSuccessful).toBe(false);
    await engine.submit('CHANGE_PROP', { codebaseIdToChange: A, propName: 'title', propValue: 'Cây cao su' });
    expect(notices()).toEqual(['success: Successfully added', 'success: Prop changed']);
  });

  it('says nothing for an ADD_JSX shown instantly, and tells the server so; keeps the added ids', async () => {
    unregister.push(fakeFrame('frame-1'));
    server.answer = () => ({ addedIds: [C] });
    const added = await engine.submit('ADD_JSX', { codebaseIdToAddTo: A, addNativeTag: 'div', htmlForInstantUpdate: '<div></div>' });
    expect(server.bodies.at(-1)?.body).toMatchObject({ hasInstantUpdate: true });
    expect(added.addedIds).toEqual([C]);
    expect(notices()).toEqual([]);
  });

  it("shows what the server's answer says besides the files (the undo history is full)", async () => {
    unregister.push(fakeFrame('frame-1'));
    server.answer = () => ({ notice: 'Undo history is full' });
    const change = await engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-4' });
    expect(change.state).toBe('succeeded');
    expect(notices()).toEqual(['info: Undo history is full']);
  });

  it('shown in the preview only is never written', async () => {
    unregister.push(fakeFrame('frame-1'));
    const change = await engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-8', temporaryOnly: true });
    expect(change.state).toBe('succeeded');
    expect(server.bodies).toEqual([]);
    expect(frameItems('frame-1')).toHaveLength(1);
    expect(engine.store.getState().canUndo).toBe(false);
  });

  it("UNKNOWN is created consumed, never sent, and fails with 'Unsupported operation'", async () => {
    unregister.push(fakeFrame('frame-1'));
    const change = await engine.submit('UNKNOWN', {});
    expect(change).toMatchObject({ state: 'failed', consumed: true, error: 'Unsupported operation', instantUpdateSent: false });
    expect(frameCalls).toEqual([]);
    expect(studioCall).not.toHaveBeenCalled();
    expect(notices()).toEqual(['error: Unknown change failed: Unsupported operation']);
  });

  it('fails at once, saying edits need dev, when the studio cannot write source', async () => {
    unregister.push(fakeFrame('frame-1'));
    canWriteSource.mockReturnValue(false);
    const change = await engine.submit('EDIT_TEXT', { codebaseIdToEditText: A, newText: 'a', oldText: 'b' });
    expect(change).toMatchObject({ state: 'failed', error: EDITS_NEED_DEV });
    expect(EDITS_NEED_DEV).toMatch(/plantation-studio dev/);
    expect(frameCalls).toEqual([]);
    expect(studioCall).not.toHaveBeenCalled();
    expect(notices()).toEqual([`error: Edit text failed: ${EDITS_NEED_DEV}`]);
  });
});

describe('what a change may rely on', () => {
  it('runs the server-rejection handler only when the server refused it', async () => {
    const onServerRejection = vi.fn();
    server.reject = (path) => (path === 'mutate/editText' ? new StudioCallError('The text of <p> is "khác" in the source, not "Cũ"; nothing was written', 409, 'SOURCE_CONFLICT') : null);
    const refused = await engine.submit('EDIT_TEXT', { codebaseIdToEditText: A, newText: 'Mới', oldText: 'Cũ' }, { onServerRejection });
    expect(onServerRejection).toHaveBeenCalledTimes(1);
    expect(onServerRejection.mock.calls[0]?.[0]).toMatchObject({ id: refused.id, state: 'failed', error: refused.error });
    await engine.submit('CHANGE_TAG', { codebaseIdToChange: A, newTagName: 'h2' }, { onServerRejection });
    await engine.submit('UNKNOWN', {}, { onServerRejection });
    expect(onServerRejection).toHaveBeenCalledTimes(1);
  });

  it('reloads the frames when the server refuses text typed in place, which no instant update can take back', async () => {
    unregister.push(fakeFrame('frame-1'));
    server.reject = () => new StudioCallError('The text of <p> is "khác" in the source, not "Cũ"; nothing was written', 409, 'SOURCE_CONFLICT');
    await engine.submit('EDIT_TEXT', { codebaseIdToEditText: A, newText: 'Mới', oldText: 'Cũ' }, { instant: false });
    expect(frameCalls.filter((call) => call.name === 'refresh')).toHaveLength(1);
    await engine.submit('CHANGE_TAG', { codebaseIdToChange: A, newTagName: 'h2' });
    expect(frameCalls.filter((call) => call.name === 'refresh')).toHaveLength(1);
  });

  it("refuses a change type it does not know with 'Unknown change type: {type}'", async () => {
    const change = await engine.submit('RESIZE' as never, {} as never);
    expect(change).toMatchObject({ state: 'failed', error: 'Unknown change type: RESIZE' });
    expect(studioCall.mock.calls.filter(([path]) => path.includes('parseAndMutate'))).toEqual([]);
  });

  it('does not wait for ever for a frame that never answers: its instant update counts as failed', async () => {
    vi.useFakeTimers();
    try {
      unregister.push(fakeFrame('frame-1', () => new Promise<never>(() => undefined)));
      const pending = engine.submit('REMOVE_JSX', { codebaseIdsToRemove: [A] });
      await vi.advanceTimersByTimeAsync(CHANGE_WAITS_FOR_FRAME_MS);
      await vi.advanceTimersByTimeAsync(CHANGE_WAITS_FOR_FRAME_MS);
      const change = await pending;
      expect(change).toMatchObject({ state: 'succeeded', instantUpdateSent: true, instantUpdateSuccessful: false });
      expect(server.bodies).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks for the server's history when a canvas opens, and drops the stacks of the canvas before", async () => {
    await engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-4', addingTailwindClass: true });
    expect(engine.store.getState().stacks.undo).toHaveLength(1);
    server.done = 0;
    useEditorStore.getState().setCanvas(defaultCanvasDocument('other'));
    expect(engine.store.getState().stacks).toEqual({ undo: [], redo: [] });
    await vi.waitFor(() => expect(studioCall).toHaveBeenLastCalledWith('/canvases/other/history'));
    await vi.waitFor(() => expect(engine.store.getState()).toMatchObject({ history: { undoCount: 0, redoCount: 0 }, canUndo: false }));
  });
});

describe('ids after an answer', () => {
  it('follow the answer in the selection, the changes still waiting and the frames', async () => {
    unregister.push(fakeFrame('frame-1'));
    useEditorStore.getState().select(`${A}|frame-1|0-1`);
    useEditorStore.getState().setMultiSelected([`${A}|frame-1|0-1`, `${C}|frame-1|0-2`]);
    server.answer = (path) => (path === 'mutate/moveJsxElement' ? { prevIdToNewIdMap: { [A]: B } } : {});
    const gate = deferred();
    server.gate = gate.promise;
    const move = engine.submit('MOVE_JSX', { codebaseIdToMove: A, codebaseIdToMoveTo: C });
    const edit = engine.submit('EDIT_TEXT', { codebaseIdToEditText: A, newText: 'Mới', oldText: 'Cũ' }, { instant: false });
    gate.resolve();
    const [moved, edited] = await Promise.all([move, edit]);
    expect(useEditorStore.getState().selectedKey).toBe(`${B}|frame-1|0-1`);
    expect(useEditorStore.getState().multiSelectedKeys).toEqual([`${B}|frame-1|0-1`, `${C}|frame-1|0-2`]);
    expect(server.bodies[1]?.body).toMatchObject({ element: { codebaseId: B } });
    expect(edited.changeFields).toMatchObject({ codebaseIdToEditText: B });
    expect(frameCalls.find((call) => call.name === 'updateCodebaseIds')?.args).toEqual({ prevIdToNewIdMap: { [A]: B } });
    // Undoing the move's instant update maps the new ids back first.
    expect(moved.instantUpdateDataByFrame['frame-1']?.prevIdToNewIdMap).toEqual({ [A]: B });
  });
});

describe('undo and redo', () => {
  it('undo takes back the last change in the files and, instantly, in the frames; redo brings it back', async () => {
    unregister.push(fakeFrame('frame-1'));
    const added = await engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-4', addingTailwindClass: true });
    await vi.waitFor(() => expect(engine.store.getState().history).toEqual({ undoCount: 1, redoCount: 0 }));
    expect(engine.store.getState()).toMatchObject({ canUndo: true, canRedo: false });
    const undo = await engine.undoLast();
    expect(undo).toMatchObject({ type: 'UNDO', humanName: 'Undo: Add class p-4', state: 'succeeded', instantUpdateSuccessful: true });
    expect(frameItems('frame-1').at(-1)).toMatchObject({ type: 'UNDO', changeFields: { changeToUndo: { id: added.id, type: 'ADD_CLASS', instantUpdateData: { addedClass: `g-frame-1-${added.id}` } } } });
    expect(server.bodies.at(-1)).toEqual({ path: 'activities/undoChangeToFiles', body: { changeName: 'Undo: Add class p-4' } });
    expect(engine.store.getState()).toMatchObject({ canUndo: false, canRedo: true });
    const redo = await engine.redoLast();
    expect(redo).toMatchObject({ humanName: 'Redo: Add class p-4', state: 'succeeded', instantUpdateSent: true });
    expect(frameItems('frame-1').at(-1)).toMatchObject({ type: 'REDO', changeFields: { changeToRedo: { id: added.id, type: 'ADD_CLASS' } } });
    expect(server.bodies.at(-1)).toEqual({ path: 'activities/redoChangeToFiles', body: { changeName: 'Redo: Add class p-4' } });
    expect(engine.store.getState()).toMatchObject({ canUndo: true, canRedo: false });
    // The next undo takes back what the redo showed.
    await engine.undoLast();
    expect(frameItems('frame-1').at(-1)?.changeFields).toMatchObject({ changeToUndo: { instantUpdateData: { addedClass: `g-frame-1-${redo.id}` } } });
  });

  it('redo is shown instantly only for REMOVE_JSX, ADD_CLASS, STYLING and UPDATE_CLASSES', async () => {
    unregister.push(fakeFrame('frame-1'));
    await engine.submit('DUPLICATE', { codebaseIdsToDuplicate: [A] });
    await engine.submit('REMOVE_JSX', { codebaseIdsToRemove: [B] });
    await engine.undoLast();
    await engine.undoLast();
    const redoDuplicate = await engine.redoLast();
    expect(redoDuplicate).toMatchObject({ humanName: 'Redo: Duplicate element', instantUpdateSent: false, state: 'succeeded' });
    const redoRemove = await engine.redoLast();
    expect(redoRemove).toMatchObject({ humanName: 'Redo: Delete element', instantUpdateSent: true });
    expect(frameItems('frame-1').map((item) => item.type)).toEqual(['DUPLICATE', 'REMOVE_JSX', 'UNDO', 'UNDO', 'REDO']);
  });

  it('two undos pressed at once take back two different changes, newest first', async () => {
    unregister.push(fakeFrame('frame-1'));
    const first = await engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-1', addingTailwindClass: true });
    const gate = deferred();
    server.gate = gate.promise;
    const second = engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-2', addingTailwindClass: true });
    const undos = [engine.undoLast(), engine.undoLast()];
    gate.resolve();
    const [secondDone, undoA, undoB] = await Promise.all([second, ...undos]);
    expect([undoA!.humanName, undoB!.humanName]).toEqual(['Undo: Add class p-2', 'Undo: Add class p-1']);
    expect(undoA!.changeFields).toMatchObject({ changeToUndo: { id: secondDone!.id } });
    expect(undoB!.changeFields).toMatchObject({ changeToUndo: { id: first.id } });
    expect(server.done).toBe(0);
  });

  it('a conflict on disk leaves the stacks as they were, says so, and shows the change again', async () => {
    unregister.push(fakeFrame('frame-1'));
    const added = await engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-4', addingTailwindClass: true });
    server.reject = (path) =>
      path.startsWith('activities/') ? new StudioCallError('src/routes/index.tsx was changed on disk since the studio wrote this change; nothing was written', 409, 'SOURCE_CONFLICT') : null;
    const undo = await engine.undoLast();
    expect(undo).toMatchObject({ state: 'failed', error: 'src/routes/index.tsx was changed on disk since the studio wrote this change; nothing was written' });
    expect(notices()).toEqual(['error: Undo: Add class p-4 failed: src/routes/index.tsx was changed on disk since the studio wrote this change; nothing was written']);
    expect(engine.store.getState().stacks).toEqual({ undo: [added.id], redo: [] });
    expect(engine.store.getState()).toMatchObject({ canUndo: true, canRedo: false });
    // The instant undo is rolled back by showing the change again (a redo of it in the frame).
    expect(frameItems('frame-1').map((item) => item.type)).toEqual(['ADD_CLASS', 'UNDO', 'REDO']);
    server.reject = null;
    const retry = await engine.undoLast();
    expect(retry).toMatchObject({ humanName: 'Undo: Add class p-4', state: 'succeeded' });
  });

  it('after a reload the server history still allows an undo, a plain one with no instant update', async () => {
    unregister.push(fakeFrame('frame-1'));
    server.done = 2;
    await engine.store.getState().refreshHistory();
    expect(engine.store.getState()).toMatchObject({ history: { undoCount: 2, redoCount: 0 }, canUndo: true, canRedo: false });
    const undo = await engine.undoLast();
    expect(undo).toMatchObject({ humanName: 'Undo', state: 'succeeded', instantUpdateSent: false });
    expect(frameItems('frame-1')).toEqual([]);
    await vi.waitFor(() => expect(engine.store.getState().history).toEqual({ undoCount: 1, redoCount: 1 }));
    expect(engine.store.getState()).toMatchObject({ canUndo: true, canRedo: true });
  });

  it("after a reload, undo and redo are named after the server's steps, and the answer's step names the row", async () => {
    const step = (id: string) => ({ id, name: `Add class ${id}`, kind: 'addClass', at: '2026-01-01T10:00:00.000Z', files: ['src/a.tsx'], state: 'ready' as const });
    server.done = 2;
    server.undone = 1;
    studioCall.mockImplementation(async (path, init) => {
      if (path.endsWith('/history')) return { undoCount: server.done, redoCount: server.undone, done: [step('a'), step('b')].slice(0, server.done), undone: [step('b'), step('c')].slice(2 - server.undone) };
      const answer = (await fakeStudioCall(path, init)) as object;
      return { ...answer, item: step(path.endsWith('undoChangeToFiles') ? 'b' : 'x') };
    });
    await engine.store.getState().refreshHistory();
    const undo = engine.undoLast();
    expect(engine.store.getState().items.at(-1)).toMatchObject({ type: 'UNDO', humanName: 'Undo: Add class b' });
    expect(await undo).toMatchObject({ humanName: 'Undo: Add class b', state: 'succeeded', historyId: 'b' });
    await engine.store.getState().refreshHistory();
    const redo = engine.redoLast();
    expect(engine.store.getState().items.at(-1)).toMatchObject({ type: 'REDO', humanName: 'Redo: Add class b' });
    await redo;
  });

  it("asks for the server's counts after a write only once the hot reload has had its turn", async () => {
    const historyCalls = () => studioCall.mock.calls.filter(([path]) => String(path).endsWith('/history')).length;
    await engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-4', addingTailwindClass: true });
    await vi.waitFor(() => expect(engine.store.getState().history).toEqual({ undoCount: 1, redoCount: 0 }));
    const before = historyCalls();
    await engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-5', addingTailwindClass: true });
    // The editor's own counts follow at once; the server is not asked while Vite serves the written module.
    expect(engine.store.getState().history).toEqual({ undoCount: 2, redoCount: 0 });
    expect(historyCalls()).toBe(before);
    await vi.waitFor(() => expect(historyCalls()).toBe(before + 1), { timeout: LOOKUP_REFRESH_DELAY_MS + 1000 });
  });

  it('with nothing to undo on the server, says so and forgets its stale stack', async () => {
    await engine.submit('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-4', addingTailwindClass: true });
    server.done = 0; // the server restarted
    const undo = await engine.undoLast();
    expect(undo).toMatchObject({ state: 'failed', error: 'Nothing to undo on canvas default' });
    await vi.waitFor(() => expect(engine.store.getState().canUndo).toBe(false));
  });
});

describe('placeholder ids of created elements', () => {
  it('maps each frame\'s one placeholder to the first added id, and leaves several created trees alone', () => {
    const real = 'tempo-6f1c2d4e-1b2a-5c3d-8e4f-0a1b2c3d4e5f';
    const frames = {
      a: { addedIds: ['tempo-wrap-in-div-placeholder'] },
      b: { addedIds: ['tempo-duplicate-placeholder-7'] },
    };
    expect(placeholderIdMap({ instantUpdateDataByFrame: frames }, [real, 'tempo-00000000-0000-5000-8000-000000000000'])).toEqual({
      'tempo-wrap-in-div-placeholder': real,
      'tempo-duplicate-placeholder-7': real,
    });
    expect(placeholderIdMap({ instantUpdateDataByFrame: { a: { addedIds: ['tempo-duplicate-placeholder-1', 'tempo-duplicate-placeholder-2'] } } }, [real])).toEqual({});
    expect(placeholderIdMap({ instantUpdateDataByFrame: frames }, [])).toEqual({});
  });
});
