/**
 * The overlay started on a real page in Chromium, driven as the editor drives it: messages from the parent routed
 * to their handlers and answered once each, the refusals, and one edit's calls bringing one nav tree.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODEBASE_ID_ATTRIBUTE, OVERLAY_HOST_ID } from '@contracts/dom.js';
import type { FrameToParentPayloads, FrameToParentType } from '@contracts/frame-protocol.js';
import type { Channel } from './channel.js';
import { parseFrameQuery } from './frame-context.js';
import { listenToParent } from './listen-to-parent.js';
import { createOverlayStore } from './overlay-store.js';
import { startOverlay } from './overlay-runtime.js';
import { SETTLE_MS } from './rebuild-schedule.js';

const id = (n: number) => `tempo-00000000-0000-5000-8000-${String(n).padStart(12, '0')}`;
const HEADING = `${id(2)}|console|0-0-0`;

interface Posted {
  type: FrameToParentType;
  payload: Record<string, unknown>;
}

let posted: Posted[] = [];
let stopListening: () => void;
let nextId = 1;

const channel: Channel = {
  post<Type extends FrameToParentType>(type: Type, payload: FrameToParentPayloads[Type]) {
    posted.push({ type, payload: payload as unknown as Record<string, unknown> });
  },
  debug() {},
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const postedTypes = () => posted.map((message) => message.type);

/** A message as the parent's `postMessage` delivers it: from this window (the parent here), of this origin. */
function send(data: unknown, from: { origin?: string; source?: Window } = {}): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin: from.origin ?? location.origin, source: from.source ?? window }));
}

async function answerTo(requestId: string): Promise<Posted> {
  const answered = (message: Posted) => message.payload.requestId === requestId;
  await vi.waitFor(() => expect(posted.some(answered)).toBe(true));
  return posted.find(answered)!;
}

async function call(functionName: string, args: unknown = {}): Promise<Posted> {
  const requestId = `call-${nextId++}`;
  send({ id: requestId, type: 'executeFunction', payload: { functionName, args } });
  return answerTo(requestId);
}

beforeAll(async () => {
  const page = document.createElement('main');
  page.setAttribute(CODEBASE_ID_ATTRIBUTE, id(1));
  page.innerHTML = `<h1 ${CODEBASE_ID_ATTRIBUTE}="${id(2)}" class="title">Đăng nhập</h1><p ${CODEBASE_ID_ATTRIBUTE}="${id(3)}">Plantation Admin</p>`;
  document.body.appendChild(page);
  const runtime = startOverlay(createOverlayStore(parseFrameQuery(''), null), channel);
  stopListening = listenToParent(window, { window, origin: location.origin }, runtime, channel);
  await vi.waitFor(() => expect(postedTypes()).toContain('NAV_TREE'));
});

afterAll(() => stopListening());

beforeEach(() => {
  posted = [];
});

describe('the parent’s messages', () => {
  it('a call reaches its handler, which answers it and does what it says', async () => {
    const answer = await call('setSelectedElement', { elementKey: HEADING });
    expect(answer).toEqual({ type: 'FUNCTION_RESULT', payload: { requestId: answer.payload.requestId, functionName: 'setSelectedElement', result: { elementKey: HEADING } } });
    expect(posted.find((message) => message.type === 'SELECTED_ELEMENT_KEY')?.payload.elementKey).toBe(HEADING);
    const outline = document.getElementById(OVERLAY_HOST_ID)!.shadowRoot!.querySelector<HTMLElement>('.outline-primary')!;
    expect(outline.dataset.key).toBe(HEADING);
  });

  it('each CSS report of the selection goes back once, as the answer to its call', async () => {
    await call('setSelectedElement', { elementKey: HEADING });
    posted = [];
    expect((await call('getElementClassList', {})).payload.result).toEqual({ classList: ['title'] });
    expect((await call('getCssEvals', {})).payload.result).toMatchObject({ styles: expect.any(Object) });
    expect((await call('processRulesForSelectedElement', {})).payload.result).toEqual({ rules: expect.any(Array) });
    expect(postedTypes()).toEqual(['FUNCTION_RESULT', 'FUNCTION_RESULT', 'FUNCTION_RESULT']);
  });

  it('refuses unknown functions, unreadable arguments and a handler’s failure with FUNCTION_ERROR', async () => {
    expect((await call('noSuchFunction')).payload).toMatchObject({ functionName: 'noSuchFunction', error: 'Function to execute not found' });
    send({ id: 'bad-args', type: 'executeFunction', payload: { functionName: 'updateOutlines', compressedArgs: '%%%' } });
    expect((await answerTo('bad-args')).payload).toMatchObject({ error: 'compressedArgs could not be decompressed' });
    expect((await call('setSelectedElement', { elementKey: 'not-a-key' })).payload).toMatchObject({ error: 'Invalid element key "not-a-key"' });
    expect(postedTypes()).toEqual(['FUNCTION_ERROR', 'FUNCTION_ERROR', 'FUNCTION_ERROR']);
  });

  it('answers an inspection with INSPECT_ELEMENT_RESULT', async () => {
    send({ id: 'inspect-1', type: 'inspectElement', payload: {} });
    expect(await answerTo('inspect-1')).toEqual({ type: 'INSPECT_ELEMENT_RESULT', payload: { requestId: 'inspect-1', result: null, error: 'No component name' } });
  });

  it('ignores messages of another origin, of another window, or without an id', async () => {
    const other = document.createElement('iframe');
    document.body.appendChild(other);
    send({ id: 'foreign-origin', type: 'executeFunction', payload: { functionName: 'updateOutlines', args: {} } }, { origin: 'http://elsewhere.test' });
    send({ id: 'foreign-window', type: 'executeFunction', payload: { functionName: 'updateOutlines', args: {} } }, { source: other.contentWindow! });
    send({ type: 'executeFunction', payload: { functionName: 'updateOutlines', args: {} } });
    await pause(50);
    other.remove();
    expect(posted).toEqual([]);
  });

  it('one edit’s calls bring one nav tree: its instant update, the flush, the remapped ids and the hot reload', async () => {
    const heading = document.querySelector('h1')!;
    const changeFields = { codebaseIdToAddClass: id(2), className: 'text-[#ff0000]', cssEquivalent: 'color: rgb(255, 0, 0);', modifiers: [] };
    const applied = await call('applyChangeItemToDocument', { changeItem: { id: 'edit-1', type: 'ADD_CLASS', changeFields } });
    expect(applied.payload.result).toMatchObject({ success: true, sendNewNavTree: true });
    expect(getComputedStyle(heading).color).toBe('rgb(255, 0, 0)');
    await call('setIsFlushing', { isFlushing: true });
    await pause(SETTLE_MS / 2);
    expect((await call('updateCodebaseIds', { prevIdToNewIdMap: { [id(3)]: id(4) } })).payload.result).toEqual({ updated: 1 });
    await call('setIsFlushing', { isFlushing: false });
    // The hot reload: React writes the class the source now has.
    heading.className = 'title text-[#ff0000]';
    // The element facts asked for again after the write: the same names.
    await call('setNewLookups', { lookups: { [id(2)]: { name: 'h1', isStaticText: true } } });
    await vi.waitFor(() => expect(postedTypes()).toContain('NAV_TREE'), { timeout: 5_000 });
    await pause(SETTLE_MS * 2);
    expect(postedTypes().filter((type) => type === 'NAV_TREE')).toHaveLength(1);
  });
});
