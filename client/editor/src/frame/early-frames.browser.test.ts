import { EARLY_FRAMES_GLOBAL, earlyFramesScriptOf } from '@contracts/studio-page-frames.js';
import { frameSrc } from '@contracts/frame-query.js';
import { afterEach, describe, expect, it } from 'vitest';
import { placeFrame, settleEarlyFrames, takeEarlyFrame, takeEarlyMessages, whenEarlyFramesParsed } from './early-frames';

const frame = (id: string, route: string) => ({ id, route, viewport: { width: 390, height: 300 } });

/** Runs the page's script as the server writes it into the studio page. */
function runPageScript(frames: ReturnType<typeof frame>[]): void {
  const html = earlyFramesScriptOf(frames);
  const script = document.createElement('script');
  script.textContent = html.slice('<script>'.length, -'</script>'.length);
  document.head.appendChild(script);
  script.remove();
}

function loaded(iframe: HTMLIFrameElement): Promise<void> {
  return new Promise((resolve) => {
    if (iframe.contentDocument?.readyState === 'complete' && iframe.contentDocument.URL !== 'about:blank') resolve();
    else iframe.addEventListener('load', () => resolve(), { once: true });
  });
}

/** Posts from inside the frame's own window, as its overlay does. */
function postFromFrame(iframe: HTMLIFrameElement, type: string): void {
  (iframe.contentWindow as unknown as { eval(code: string): void }).eval(`parent.postMessage({ source: 'test', type: ${JSON.stringify(type)} }, '*')`);
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(() => {
  settleEarlyFrames();
  delete (window as unknown as Record<string, unknown>)[EARLY_FRAMES_GLOBAL];
  document.body.replaceChildren();
});

describe('the frames the studio page starts early', () => {
  it('start in the head, before the body exists, and keep their document when moved into the body', async () => {
    // As in the studio page: the script runs in the head, where the parser has made no body yet.
    const body = document.body;
    body.remove();
    runPageScript([frame('f1', '/early-head')]);
    document.documentElement.appendChild(body);
    const early = (window as unknown as Record<string, { frames: Record<string, HTMLIFrameElement> }>)[EARLY_FRAMES_GLOBAL]!;
    const started = early.frames.f1!;
    expect(started.parentElement?.parentElement).toBe(document.documentElement);
    await loaded(started);
    (started.contentWindow as unknown as { mark: number }).mark = 3;
    const holder = document.createElement('div');
    body.appendChild(holder);
    placeFrame(holder, takeEarlyFrame('f1', frameSrc('/early-head', 'f1'))!);
    expect(started.parentElement).toBe(holder);
    expect((started.contentWindow as unknown as { mark?: number }).mark).toBe(3);
    settleEarlyFrames();
    for (const stray of [...document.documentElement.children].filter((child) => child !== document.head && child !== body)) stray.remove();
  });

  it('are taken by their frame with the document they loaded, and the messages their window posted meanwhile', async () => {
    runPageScript([frame('f1', '/early-a'), frame('f2', '/early-b')]);
    await whenEarlyFramesParsed();
    const early = (window as unknown as Record<string, { frames: Record<string, HTMLIFrameElement> }>)[EARLY_FRAMES_GLOBAL]!;
    const first = early.frames.f1!;
    await loaded(first);
    (first.contentWindow as unknown as { mark: number }).mark = 7;
    postFromFrame(first, 'READY');
    postFromFrame(early.frames.f2!, 'OTHER');
    await nextTask();

    const taken = takeEarlyFrame('f1', frameSrc('/early-a', 'f1'));
    expect(taken).toBe(first);
    const holder = document.createElement('div');
    document.body.appendChild(holder);
    placeFrame(holder, taken!);
    expect(taken!.parentElement).toBe(holder);
    // Moved, not reloaded: the same window, with what was set in it.
    expect((taken!.contentWindow as unknown as { mark?: number }).mark).toBe(7);
    const messages = takeEarlyMessages(taken!.contentWindow);
    expect(messages.map((event) => (event.data as { type: string }).type)).toEqual(['READY']);
    // Handed over once.
    expect(takeEarlyMessages(taken!.contentWindow)).toEqual([]);
  });

  it('leaves a frame whose address changed to be made anew, and removes what no frame took', async () => {
    runPageScript([frame('f1', '/early-a'), frame('f2', '/early-b')]);
    const early = (window as unknown as Record<string, { frames: Record<string, HTMLIFrameElement>; messages: unknown[] | null }>)[EARLY_FRAMES_GLOBAL]!;
    const second = early.frames.f2!;
    expect(takeEarlyFrame('f1', frameSrc('/robot', 'f1'))).toBeNull();
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    settleEarlyFrames();
    expect(second.isConnected).toBe(false);
    expect(early.messages).toBeNull();
    expect(takeEarlyFrame('f2', frameSrc('/early-b', 'f2'))).toBeNull();
  });

  it('lets the editor start at once when the page started none', async () => {
    expect(takeEarlyFrame('f1', frameSrc('/', 'f1'))).toBeNull();
    expect(takeEarlyMessages(window)).toEqual([]);
    await whenEarlyFramesParsed();
  });
});
