/**
 * The page watcher in Chromium: the console's route changes reach the editor as they happen, heard from the
 * Navigation API (or, without it, from the history methods and events), never by polling.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FrameToParentPayloads, FrameToParentType } from '@contracts/frame-protocol.js';
import type { Channel } from './channel.js';
import { PageWatcher } from './page-watcher.js';

let posted: { type: FrameToParentType; payload: unknown }[];
let watcher: PageWatcher;
let startUrl: string;

const channel: Channel = {
  post<Type extends FrameToParentType>(type: Type, payload: FrameToParentPayloads[Type]) {
    posted.push({ type, payload });
  },
  debug() {},
};

const addresses = () => posted.filter((message) => message.type === 'LATEST_HREF').map((message) => (message.payload as { href: string }).href);
const url = (path: string) => new URL(path, startUrl).href;

beforeEach(() => {
  posted = [];
  startUrl = location.href;
  // Nothing polls: a timer that repeats would fail the test.
  vi.spyOn(window, 'setInterval').mockImplementation(() => {
    throw new Error('the page watcher polled');
  });
});

afterEach(() => {
  watcher.stop();
  vi.restoreAllMocks();
  history.replaceState(null, '', startUrl);
});

function watch(): void {
  watcher = new PageWatcher({ channel, framework: null });
  watcher.start();
}

describe('PageWatcher', () => {
  it("hears the router's pushes and replaces at once, and says nothing when the address stays", () => {
    watch();
    history.pushState(null, '', url('?screen=drones'));
    expect(addresses()).toEqual([url('?screen=drones')]);
    history.replaceState(null, '', url('?screen=drones&page=1'));
    history.replaceState(null, '', url('?screen=drones&page=1'));
    expect(addresses()).toEqual([url('?screen=drones'), url('?screen=drones&page=1')]);
  });

  it('hears Back and a change of the fragment', async () => {
    watch();
    history.pushState(null, '', url('?screen=robots'));
    history.back();
    await vi.waitFor(() => expect(addresses().at(-1)).toBe(startUrl));
    location.hash = 'details';
    await vi.waitFor(() => expect(addresses().at(-1)).toBe(url('#details')));
  });

  it('tells the address on request, changed or not', () => {
    watch();
    watcher.reportAddress();
    expect(addresses()).toEqual([startUrl]);
  });

  it('without the Navigation API, hears the history methods and Back, and gives the methods back when stopped', async () => {
    const pushState = history.pushState;
    // The window's own attribute (it is the global object): put back as it was afterwards.
    const navigation = Object.getOwnPropertyDescriptor(window, 'navigation')!;
    Object.defineProperty(window, 'navigation', { value: undefined, configurable: true });
    try {
      watch();
      history.pushState(null, '', url('?screen=trees'));
      expect(addresses()).toEqual([url('?screen=trees')]);
      history.back();
      await vi.waitFor(() => expect(addresses().at(-1)).toBe(startUrl));
      watcher.stop();
      expect(history.pushState).toBe(pushState);
    } finally {
      Object.defineProperty(window, 'navigation', navigation);
    }
    expect((window as { navigation?: unknown }).navigation).toBeDefined();
  });

  it('stops hearing once stopped', () => {
    watch();
    watcher.stop();
    history.pushState(null, '', url('?screen=tasks'));
    expect(addresses()).toEqual([]);
  });
});
