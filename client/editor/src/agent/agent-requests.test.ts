import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentScreenshot, AgentSelection } from '@contracts/agent-api.js';
import type { FrameFunctionMap, FrameFunctionName } from '@contracts/frame-protocol.js';
import { navTreeNodeFixture } from '@contracts/nav-tree-test-support.js';
import { defaultCanvasDocument, type ElementSourceInfo } from '@contracts/studio-api.js';
import { StudioCallError } from '../api/studio-client';
import type { FrameChannel } from '../frame/frame-registry';
import { useEditorStore } from '../state/editor-store';
import { answerAgentRequest, type AgentChangeEngine, type AgentRequestParts } from './agent-requests';
import { IMAGES_BUDGET_MS } from './describe-selection';
import { ELEMENT_CAPTURE_TIMEOUT_MS } from './element-captures';

const A = 'tempo-6f1c1d7e-1111-5aaa-8aaa-000000000001';
const B = 'tempo-6f1c1d7e-1111-5aaa-8aaa-000000000002';
const C = 'tempo-6f1c1d7e-1111-5aaa-8aaa-000000000003';
const keyOf = (id: string, frameId = 'frame-1', path = '0-1') => `${id}|${frameId}|${path}`;

const infoOf = (codebaseId: string, fields: Partial<ElementSourceInfo> = {}): ElementSourceInfo => ({
  codebaseId,
  file: 'src/pages/home.tsx',
  line: 12,
  column: 7,
  tagName: 'button',
  isComponent: false,
  rendering: 'static',
  isStaticText: true,
  dynamicText: [],
  snippet: '<button className="px-4">Lưu</button>',
  props: {},
  classes: { always: ['px-4'], conditional: [] },
  propChoices: {},
  ...fields,
});

/** A JPEG `data:` URL standing for a capture. */
const JPEG = 'data:image/jpeg;base64,/9j/AAAA';

/** A frame's channel answering the calls the agent bridge makes. */
function fakeChannel(frameId: string, answers: Partial<{ [N in FrameFunctionName]: (args: FrameFunctionMap[N]['args']) => FrameFunctionMap[N]['answer'] }> = {}): FrameChannel & { calls: Array<[string, unknown]> } {
  const calls: Array<[string, unknown]> = [];
  return {
    frameId,
    calls,
    call: vi.fn(async (name: FrameFunctionName, args: unknown) => {
      calls.push([name, args]);
      const answer = (answers as Record<string, ((args: unknown) => unknown) | undefined>)[name];
      if (!answer) throw new Error(`${name} is not answered in this test`);
      return answer(args);
    }) as FrameChannel['call'],
    inspect: vi.fn(),
  };
}

const engine = (): AgentChangeEngine => ({
  applyAgentChange: vi.fn(async () => ({ prevIdToNewIdMap: {}, changedFiles: ['src/pages/home.tsx'] }) as never),
  agentUndo: vi.fn(async () => ({ prevIdToNewIdMap: {} }) as never),
  agentRedo: vi.fn(async () => ({ prevIdToNewIdMap: {} }) as never),
});

function parts(channels: Record<string, FrameChannel>, overrides: Partial<AgentRequestParts> = {}): AgentRequestParts {
  return {
    channel: (frameId) => channels[frameId],
    lookUp: vi.fn(async () => true),
    capture: vi.fn(async () => JPEG),
    engine: engine(),
    ...overrides,
  };
}

beforeEach(() => {
  const canvas = defaultCanvasDocument('default');
  canvas.frames.push({ id: 'frame-2', name: 'Mobile', route: '/drone', viewport: { preset: 'mobile', width: 375, height: 812 }, x: 1400, y: 0 });
  useEditorStore.setState({ frames: {}, selectedKey: null, multiSelectedKeys: [], elementInfo: {}, withoutSource: {}, staleSource: {} });
  useEditorStore.getState().setCanvas(canvas);
});

afterEach(() => {
  vi.useRealTimers();
  // The store is the module's: what a test put in it is not left to the next file of the worker.
  useEditorStore.setState(useEditorStore.getInitialState(), true);
});

describe('describe-selection', () => {
  it('answers no frames when nothing is selected', async () => {
    const answer = await answerAgentRequest({ type: 'describe-selection', requestId: 'r1' }, parts({}));
    expect(answer).toEqual({ ok: true, result: { canvasId: 'default', frames: [] } });
  });

  it('describes every element of a multi-selection: name, source, key styles and image; an unknown id is looked up', async () => {
    const tree = navTreeNodeFixture(keyOf(A, 'frame-1', '0'), {
      tempoElement: { codebaseId: A, storyboardId: 'frame-1', uniquePath: '0' },
      children: [
        navTreeNodeFixture(keyOf(B), { name: 'Save button', tagName: 'button', tempoElement: { codebaseId: B, storyboardId: 'frame-1', uniquePath: '0-1' } }),
        navTreeNodeFixture(keyOf(C, 'frame-1', '0-2'), { name: 'CountryCard', tagName: 'div', tempoElement: { codebaseId: C, storyboardId: 'frame-1', uniquePath: '0-2' } }),
      ],
    });
    const state = useEditorStore.getState();
    state.setFrameRuntime('frame-1', { ready: true, href: '/?page=1&storyboard=true&storyboardId=frame-1&framework=VITE', navTree: tree });
    state.mergeElementInfo({ [B]: infoOf(B) });
    state.setMultiSelected([keyOf(B), keyOf(C, 'frame-1', '0-2')]);
    state.select(keyOf(B));
    const channel = fakeChannel('frame-1', {
      getCssEvals: () => ({ styles: { display: 'flex', position: 'static', 'font-size': '14px', 'box-shadow': 'none', 'justify-content': 'center' }, parentDisplay: null, parentFlexDirection: null, darkModeAncestor: false }),
    });
    const lookUp = vi.fn(async () => {
      useEditorStore.getState().mergeElementInfo({
        [C]: infoOf(C, { tagName: 'CountryCard', isComponent: true, rendering: 'repeated', props: { name: { kind: 'expression', expression: 'country.name', line: 30 } as never }, classes: null }),
      });
      return true;
    });
    const capture = vi.fn(async (_channel: FrameChannel, key: string) => {
      if (key === keyOf(C, 'frame-1', '0-2')) throw new Error('Resource not found: /media/x.png');
      return JPEG;
    });

    const answer = await answerAgentRequest({ type: 'describe-selection', requestId: 'r2' }, parts({ 'frame-1': channel }, { lookUp, capture }));

    expect(lookUp).toHaveBeenCalledWith([C]);
    expect(answer.ok).toBe(true);
    const selection = (answer as { result: AgentSelection }).result;
    expect(selection.canvasId).toBe('default');
    expect(selection.frames).toHaveLength(1);
    const [frame] = selection.frames;
    expect(frame).toMatchObject({ frameId: 'frame-1', frameName: 'Desktop', route: '/?page=1' });
    expect(frame!.elements).toEqual([
      {
        codebaseId: B,
        name: 'Save button',
        tagName: 'button',
        source: {
          file: 'src/pages/home.tsx',
          line: 12,
          column: 7,
          snippet: '<button className="px-4">Lưu</button>',
          component: null,
          props: {},
          rendering: 'static',
          classes: { always: ['px-4'], conditional: [] },
        },
        keyStyles: { display: 'flex', 'justify-content': 'center', 'font-size': '14px' },
        image: { mimeType: 'image/jpeg', data: '/9j/AAAA' },
      },
      {
        codebaseId: C,
        name: 'CountryCard',
        tagName: 'CountryCard',
        source: expect.objectContaining({ component: 'CountryCard', rendering: 'repeated', classes: null, props: { name: { kind: 'expression', expression: 'country.name', line: 30 } } }),
        keyStyles: { display: 'flex', 'justify-content': 'center', 'font-size': '14px' },
        imageError: 'Resource not found: /media/x.png',
      },
    ]);
    // The primary element is described first, each captured with its own key.
    expect(capture.mock.calls.map(([, key]) => key)).toEqual([keyOf(B), keyOf(C, 'frame-1', '0-2')]);
  });

  it('says why there is no image when the frame is not ready, and leaves out the source of an element the source does not have', async () => {
    const state = useEditorStore.getState();
    state.markWithoutSource([A]);
    state.select(keyOf(A, 'frame-2'));
    const lookUp = vi.fn(async () => true);
    const answer = await answerAgentRequest({ type: 'describe-selection', requestId: 'r3' }, parts({}, { lookUp }));
    expect(lookUp).not.toHaveBeenCalled();
    const [frame] = (answer as { result: AgentSelection }).result.frames;
    expect(frame).toMatchObject({ frameId: 'frame-2', frameName: 'Mobile', route: '/drone' });
    expect(frame!.elements[0]).toEqual({ codebaseId: A, name: A, tagName: '', keyStyles: {}, imageError: expect.stringContaining('frame-2 is not ready') });
  });
});

describe('the images of a selection', () => {
  it('stop being captured once the answer would be late, each saying why', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const state = useEditorStore.getState();
    state.setMultiSelected([keyOf(A), keyOf(B), keyOf(C)]);
    state.select(keyOf(A));
    state.markWithoutSource([A, B, C]);
    const channel = fakeChannel('frame-1', { getCssEvals: () => null });
    const timeouts: number[] = [];
    const capture = vi.fn(async (_channel: FrameChannel, _key: string, timeoutMs: number) => {
      timeouts.push(timeoutMs);
      // A slow page: the first capture takes all but half a second of what the images may take.
      vi.setSystemTime(Date.now() + IMAGES_BUDGET_MS - 500);
      return JPEG;
    });
    const answer = await answerAgentRequest({ type: 'describe-selection', requestId: 'slow' }, parts({ 'frame-1': channel }, { capture }));
    const elements = (answer as { result: AgentSelection }).result.frames[0]!.elements;
    expect(timeouts).toEqual([ELEMENT_CAPTURE_TIMEOUT_MS]);
    expect(elements[0]!.image).toEqual({ mimeType: 'image/jpeg', data: '/9j/AAAA' });
    expect(elements.slice(1).map((element) => element.imageError)).toEqual([expect.stringContaining('Not captured'), expect.stringContaining('Not captured')]);
  });
});

describe('capture-frame', () => {
  const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' });
  const shot = () => ({ png, width: 1280, height: 800 });
  const rendered = () => ({ rendered: true });

  it('captures the frame named by its id, at its viewport', async () => {
    const channels = {
      'frame-1': fakeChannel('frame-1', { captureFrame: shot, pageRendered: rendered }),
      'frame-2': fakeChannel('frame-2', { captureFrame: () => ({ png, width: 375, height: 812 }), pageRendered: rendered }),
    };
    const answer = await answerAgentRequest({ type: 'capture-frame', requestId: 'r1', frameId: 'frame-2' }, parts(channels));
    // The frame's Blob as it is: the bridge client uploads it apart.
    expect(answer).toEqual({ ok: true, result: { frameId: 'frame-2', frameName: 'Mobile', route: '/drone', viewport: { width: 375, height: 812 }, image: png } });
    expect((answer as { result: { image: unknown } }).result.image).toBe(png);
    expect(channels['frame-1'].calls).toEqual([]);
  });

  it('names the frames there are for an unknown frame id', async () => {
    const answer = await answerAgentRequest({ type: 'capture-frame', requestId: 'r2', frameId: 'nope' }, parts({}));
    expect(answer).toEqual({ ok: false, error: { code: 'NOT_FOUND', statusCode: 404, message: expect.stringMatching(/Frame "nope" not found.*"frame-1" \(Desktop\), "frame-2" \(Mobile\)/) } });
  });

  it('takes the first frame showing the route, else the selection\'s frame, else the first (a route no frame shows opens one: e2e)', async () => {
    const channels = { 'frame-1': fakeChannel('frame-1', { captureFrame: shot, pageRendered: rendered }), 'frame-2': fakeChannel('frame-2', { captureFrame: shot, pageRendered: rendered }) };
    useEditorStore.getState().setFrameRuntime('frame-1', { href: '/drone?storyboard=true&storyboardId=frame-1' });
    const byRoute = await answerAgentRequest({ type: 'capture-frame', requestId: 'r3', route: '/drone' }, parts(channels));
    expect((byRoute as { result: AgentScreenshot }).result.frameId).toBe('frame-1');
    const first = await answerAgentRequest({ type: 'capture-frame', requestId: 'r4' }, parts(channels));
    expect((first as { result: AgentScreenshot }).result.frameId).toBe('frame-1');
    useEditorStore.getState().select(keyOf(A, 'frame-2'));
    const ofSelection = await answerAgentRequest({ type: 'capture-frame', requestId: 'r5' }, parts(channels));
    expect((ofSelection as { result: AgentScreenshot }).result.frameId).toBe('frame-2');
  });

  it('says so when the frame has no overlay ready, or its capture fails', async () => {
    const notReady = await answerAgentRequest({ type: 'capture-frame', requestId: 'r6', frameId: 'frame-2' }, parts({}));
    expect(notReady).toEqual({ ok: false, error: { code: 'AGENT_FRAME_NOT_READY', statusCode: 409, message: expect.stringContaining('"Mobile" (frame-2)') } });
    const failing = fakeChannel('frame-1', { pageRendered: rendered });
    const failed = await answerAgentRequest({ type: 'capture-frame', requestId: 'r7' }, parts({ 'frame-1': failing }));
    expect(failed).toEqual({ ok: false, error: { code: 'INTERNAL', statusCode: 500, message: 'Internal error: captureFrame is not answered in this test' } });
  });

  it('refuses, saying so, to picture a frame whose page has rendered nothing of its own in time', async () => {
    const blank = fakeChannel('frame-1', { captureFrame: shot, pageRendered: () => ({ rendered: false }) });
    const answer = await answerAgentRequest({ type: 'capture-frame', requestId: 'r8', frameId: 'frame-1' }, parts({ 'frame-1': blank }));
    expect(answer).toEqual({ ok: false, error: { code: 'AGENT_FRAME_NOT_RENDERED', statusCode: 409, message: expect.stringContaining('showed nothing of its page within 8 s') } });
    expect(blank.calls.map(([name]) => name)).toEqual(['pageRendered']);
  });
});

describe('apply-change, undo and redo', () => {
  it('go through the change engine and answer what it resolves with', async () => {
    const partsWithEngine = parts({});
    const body = { codebaseIdToEditText: A, newText: 'Lưu lại', oldText: 'Lưu' };
    const applied = await answerAgentRequest({ type: 'apply-change', requestId: 'r1', kind: 'editText', body }, partsWithEngine);
    expect(partsWithEngine.engine.applyAgentChange).toHaveBeenCalledWith('editText', body, undefined, undefined);
    const instantCss = { css: '.italic { font-style: italic; }', classes: ['italic'] };
    const classBody = { reactElement: { codebaseId: A }, className: 'italic' };
    await answerAgentRequest({ type: 'apply-change', requestId: 'r0', kind: 'addClass', body: classBody, instantCss }, partsWithEngine);
    expect(partsWithEngine.engine.applyAgentChange).toHaveBeenLastCalledWith('addClass', classBody, instantCss, undefined);
    expect(applied).toEqual({ ok: true, result: { prevIdToNewIdMap: {}, changedFiles: ['src/pages/home.tsx'] } });
    expect(await answerAgentRequest({ type: 'undo', requestId: 'r2' }, partsWithEngine)).toEqual({ ok: true, result: { prevIdToNewIdMap: {} } });
    expect(await answerAgentRequest({ type: 'redo', requestId: 'r3' }, partsWithEngine)).toEqual({ ok: true, result: { prevIdToNewIdMap: {} } });
    expect(partsWithEngine.engine.agentUndo).toHaveBeenCalledTimes(1);
    expect(partsWithEngine.engine.agentRedo).toHaveBeenCalledTimes(1);
    // The session asking goes with each, so the page's write is that session's.
    const agent = { client: 'Inspector', session: 's-1' };
    await answerAgentRequest({ type: 'apply-change', requestId: 'r6', kind: 'editText', body, agent }, partsWithEngine);
    expect(partsWithEngine.engine.applyAgentChange).toHaveBeenLastCalledWith('editText', body, undefined, agent);
    await answerAgentRequest({ type: 'undo', requestId: 'r7', agent }, partsWithEngine);
    expect(partsWithEngine.engine.agentUndo).toHaveBeenLastCalledWith(agent);
  });

  it("answer the server's refusal with its code, message and status", async () => {
    const refusing = parts({});
    vi.mocked(refusing.engine.applyAgentChange).mockRejectedValueOnce({ code: 'ELEMENT_NOT_FOUND', message: 'No element with id x', statusCode: 404 });
    vi.mocked(refusing.engine.agentUndo).mockRejectedValueOnce(new StudioCallError('Nothing to undo on canvas default', 409, 'NOTHING_TO_UNDO'));
    expect(await answerAgentRequest({ type: 'apply-change', requestId: 'r4', kind: 'editText', body: {} }, refusing)).toEqual({
      ok: false,
      error: { code: 'ELEMENT_NOT_FOUND', message: 'No element with id x', statusCode: 404 },
    });
    expect(await answerAgentRequest({ type: 'undo', requestId: 'r5' }, refusing)).toEqual({ ok: false, error: { code: 'NOTHING_TO_UNDO', message: 'Nothing to undo on canvas default', statusCode: 409 } });
  });

  it('a request type this page does not know is answered, not left waiting', async () => {
    const answer = await answerAgentRequest({ type: 'paint-it-red', requestId: 'r7' } as never, parts({}));
    expect(answer).toEqual({ ok: false, error: { code: 'BAD_REQUEST', statusCode: 400, message: expect.stringContaining('"paint-it-red"') } });
  });
});
