import { describe, expect, it } from 'vitest';
import type { AgentBridgeAnswer } from '@contracts/agent-api.js';
import { STUDIO_TOKEN_HEADER } from '@contracts/dom.js';
import { AgentBridgeClient, BRIDGE_RECONNECT_FIRST_MS, BRIDGE_RECONNECT_MAX_MS, reconnectDelay, type AgentBridgeTask } from './agent-bridge-client';

describe('the reconnect schedule', () => {
  it('doubles from the first delay and stays at the bound', () => {
    const delays = Array.from({ length: 8 }, (_, attempt) => reconnectDelay(attempt));
    expect(delays[0]).toBe(BRIDGE_RECONNECT_FIRST_MS);
    for (let index = 1; index < delays.length; index++) expect(delays[index]).toBe(Math.min(BRIDGE_RECONNECT_MAX_MS, delays[index - 1]! * 2));
    expect(delays.at(-1)).toBe(BRIDGE_RECONNECT_MAX_MS);
    expect(reconnectDelay(10_000)).toBe(BRIDGE_RECONNECT_MAX_MS);
  });
});

/** A stream whose chunks the test pushes, and ends. */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return { body, push: (text: string) => controller.enqueue(encoder.encode(text)), end: () => controller.close() };
}

/** Timers the test fires by hand, in the order they were set. */
function manualTimers() {
  const timers = new Map<number, { run: () => void; ms: number }>();
  let next = 1;
  return {
    setTimer: (run: () => void, ms: number) => {
      timers.set(next, { run, ms });
      return next++;
    },
    clearTimer: (id: unknown) => void timers.delete(id as number),
    pending: () => [...timers.values()],
    fire(ms: number) {
      for (const [id, timer] of [...timers]) {
        if (timer.ms !== ms) continue;
        timers.delete(id);
        timer.run();
        return;
      }
      throw new Error(`no timer of ${ms} ms`);
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the bridge client', () => {
  it('opens the stream with the hello and the token, answers each request and reopens with a growing delay', async () => {
    const opened: Array<{ url: string; init: RequestInit }> = [];
    const bodies: Array<ReturnType<typeof controlledBody>> = [];
    const timers = manualTimers();
    const answers: AgentBridgeAnswer[] = [];
    const handled: AgentBridgeTask[] = [];
    const client = new AgentBridgeClient({
      pageId: 'page-1',
      canvasId: () => 'default',
      token: () => 'token-1',
      fetch: async (url, init) => {
        opened.push({ url: String(url), init: init! });
        if (opened.length === 2) throw new TypeError('Failed to fetch');
        const body = controlledBody();
        bodies.push(body);
        return new Response(body.body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
      },
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
      postAnswer: async (answer) => void answers.push(answer),
      handle: async (request) => {
        handled.push(request);
        return request.type === 'undo' ? { ok: false, error: { code: 'HISTORY_EMPTY', message: 'Nothing to undo', statusCode: 409 } } : { ok: true, result: { frames: [] } };
      },
    });
    client.start();
    await settle();
    expect(opened).toHaveLength(1);
    expect(opened[0]!.url).toBe('/_studio/api/agent-bridge');
    expect(opened[0]!.init.method).toBe('POST');
    expect((opened[0]!.init.headers as Record<string, string>)[STUDIO_TOKEN_HEADER]).toBe('token-1');
    expect((opened[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(String(opened[0]!.init.body))).toEqual({ pageId: 'page-1', canvasId: 'default' });

    bodies[0]!.push('{"type":"keepalive"}\n{"type":"describe-selection","requestId":"r1"}\n{"type":"undo",');
    bodies[0]!.push('"requestId":"r2"}\nnot json\n');
    await settle();
    expect(handled.map((request) => request.requestId)).toEqual(['r1', 'r2']);
    expect(answers).toEqual([
      { pageId: 'page-1', requestId: 'r1', ok: true, result: { frames: [] } },
      { pageId: 'page-1', requestId: 'r2', ok: false, error: { code: 'HISTORY_EMPTY', message: 'Nothing to undo', statusCode: 409 } },
    ]);

    // The stream ends (the server stopped): opened again after the first delay; that attempt fails, the next waits twice as long.
    bodies[0]!.end();
    await settle();
    expect(timers.pending().map((timer) => timer.ms)).toEqual([reconnectDelay(0)]);
    timers.fire(reconnectDelay(0));
    await settle();
    expect(opened).toHaveLength(2);
    expect(timers.pending().map((timer) => timer.ms)).toEqual([reconnectDelay(1)]);
    timers.fire(reconnectDelay(1));
    await settle();
    expect(opened).toHaveLength(3);
    // Open again: the next end starts the schedule over.
    bodies[1]!.end();
    await settle();
    expect(timers.pending().map((timer) => timer.ms)).toEqual([reconnectDelay(0)]);
    client.stop();
    expect(timers.pending()).toEqual([]);
  });

  it('answers a request whose handler throws with an error, never leaving it unanswered', async () => {
    const body = controlledBody();
    const answers: AgentBridgeAnswer[] = [];
    const timers = manualTimers();
    const client = new AgentBridgeClient({
      pageId: 'page-2',
      canvasId: () => 'c',
      token: () => null,
      fetch: async () => new Response(body.body, { status: 200 }),
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
      postAnswer: async (answer) => void answers.push(answer),
      handle: async () => {
        throw new Error('boom');
      },
    });
    client.start();
    await settle();
    body.push('{"type":"redo","requestId":"r9"}\n');
    await settle();
    expect(answers).toEqual([{ pageId: 'page-2', requestId: 'r9', ok: false, error: { code: 'INTERNAL', message: 'The studio page failed to answer redo: boom' } }]);
    client.stop();
  });

  it("uploads a result's Blob picture before the answer, which names it; a failed upload is the answer's error", async () => {
    const body = controlledBody();
    const timers = manualTimers();
    const order: string[] = [];
    const uploads: Array<{ pageId: string; requestId: string; png: Blob }> = [];
    const answers: AgentBridgeAnswer[] = [];
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    let refuse = false;
    const client = new AgentBridgeClient({
      pageId: 'page-3',
      canvasId: () => 'c',
      token: () => null,
      fetch: async () => new Response(body.body, { status: 200 }),
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
      postImage: async (pageId, requestId, image) => {
        order.push(`image ${requestId}`);
        if (refuse) throw Object.assign(new Error('too large'), { code: 'PAYLOAD_TOO_LARGE', status: 413 });
        uploads.push({ pageId, requestId, png: image });
      },
      postAnswer: async (answer) => {
        order.push(`answer ${answer.requestId}`);
        answers.push(answer);
      },
      handle: async () => ({ ok: true, result: { frameId: 'f', image: png } }),
    });
    client.start();
    await settle();
    body.push('{"type":"capture-frame","requestId":"r1"}\n');
    await settle();
    await settle();
    expect(order).toEqual(['image r1', 'answer r1']);
    expect(uploads).toEqual([{ pageId: 'page-3', requestId: 'r1', png }]);
    expect(uploads[0]!.png).toBe(png);
    expect(answers[0]).toEqual({ pageId: 'page-3', requestId: 'r1', ok: true, result: { frameId: 'f', image: { mimeType: 'image/png', attached: true } } });

    refuse = true;
    body.push('{"type":"capture-frame","requestId":"r2"}\n');
    await settle();
    await settle();
    expect(answers[1]).toEqual({
      pageId: 'page-3',
      requestId: 'r2',
      ok: false,
      error: { code: 'PAYLOAD_TOO_LARGE', statusCode: 413, message: 'The studio page could not upload the picture for capture-frame: too large' },
    });
    client.stop();
  });

  it('drops a stream that stays silent past the keepalive rhythm, and opens another', async () => {
    const timers = manualTimers();
    let opens = 0;
    const client = new AgentBridgeClient({
      pageId: 'page-3',
      canvasId: () => 'c',
      token: () => null,
      fetch: async (_url, init) => {
        opens++;
        return new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
            },
          }),
          { status: 200 },
        );
      },
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
      postAnswer: async () => undefined,
      handle: async () => ({ ok: true, result: null }),
    });
    client.start();
    await settle();
    expect(opens).toBe(1);
    const [silence] = timers.pending();
    expect(silence!.ms).toBeGreaterThan(30_000);
    timers.fire(silence!.ms);
    await settle();
    expect(timers.pending().map((timer) => timer.ms)).toEqual([reconnectDelay(0)]);
    timers.fire(reconnectDelay(0));
    await settle();
    expect(opens).toBe(2);
    client.stop();
  });
});
