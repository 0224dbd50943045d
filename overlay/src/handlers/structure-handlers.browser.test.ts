/**
 * A structural edit's write in a real page in Chromium, through the frame functions the editor calls: the instant
 * wrap, the flush, the answer's ids (`updateCodebaseIds`) and the hot reload React makes, in either order. Whatever
 * comes first, the page ends with the source's ids, no stand-in, and a tree that has the new wrapper.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODEBASE_ID_ATTRIBUTE, WRAP_IN_DIV_PLACEHOLDER_ID } from '@contracts/dom.js';
import type { ElementLookup, FrameToParentPayloads, FrameToParentType } from '@contracts/frame-protocol.js';
import type { Channel } from '../channel.js';
import { keyOfElement } from '../element-identity.js';
import { ADDED_ATTRIBUTE, HIDDEN_ATTRIBUTE } from '../instant-markers.js';
import { NavTreeKeeper } from '../nav-tree-keeper.js';
import type { OverlayParts } from '../overlay-parts.js';
import type { OverlayStore } from '../overlay-store.js';
import { SETTLE_MS } from '../rebuild-schedule.js';
import { createShadowHost, type ShadowHost } from '../shadow-host.js';
import { structureHandlers } from './structure-handlers.js';

const id = (n: number) => `tempo-00000000-0000-5000-8000-${String(n).padStart(12, '0')}`;
/** The list, each card of it, the card's heading before the wrap; after it, the wrapper takes the heading's place (and id). */
const [LIST, CARD, HEADING, HEADING_AFTER] = [id(1), id(2), id(3), id(4)];
/** A card's line below its heading: a copy of the heading takes its place (and id), and it moves on to the next. */
const [LINE, LINE_AFTER] = [id(5), id(6)];
const CARDS = 3;

let posted: { type: FrameToParentType; payload: unknown }[];
let shadow: ShadowHost;
let keeper: NavTreeKeeper;
let page: HTMLElement;
let handlers: ReturnType<typeof structureHandlers>;

const channel: Channel = {
  post<Type extends FrameToParentType>(type: Type, payload: FrameToParentPayloads[Type]) {
    posted.push({ type, payload });
  },
  debug() {},
};

const trees = () => posted.filter((message) => message.type === 'NAV_TREE').length;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cards = () => [...page.querySelectorAll('article')];

/**
 * What React does when the written source is hot-reloaded: each card's heading (the page's, hidden by the instant
 * update) gives way to the new wrapper, which holds the heading with its new id.
 */
function hotReload(): void {
  for (const card of cards()) {
    const heading = [...card.children].find((child) => child.tagName === 'H3' && !child.hasAttribute(ADDED_ATTRIBUTE))!;
    const wrapper = document.createElement('div');
    wrapper.setAttribute(CODEBASE_ID_ATTRIBUTE, HEADING);
    wrapper.innerHTML = `<h3 ${CODEBASE_ID_ATTRIBUTE}="${HEADING_AFTER}">${heading.textContent}</h3>`;
    heading.replaceWith(wrapper);
  }
}

/** The server's answer: the placeholder becomes the wrapper's id, the one the heading had; the heading gets a new one. */
function answer() {
  return handlers.updateCodebaseIds({ prevIdToNewIdMap: { [WRAP_IN_DIV_PLACEHOLDER_ID]: HEADING, [HEADING]: HEADING_AFTER } });
}

beforeEach(async () => {
  posted = [];
  page = document.createElement('main');
  page.setAttribute(CODEBASE_ID_ATTRIBUTE, LIST);
  const card = (n: number) => `<article ${CODEBASE_ID_ATTRIBUTE}="${CARD}"><h3 ${CODEBASE_ID_ATTRIBUTE}="${HEADING}">Card ${n + 1}</h3><p ${CODEBASE_ID_ATTRIBUTE}="${LINE}">Line</p></article>`;
  page.innerHTML = Array.from({ length: CARDS }, (_, n) => card(n)).join('');
  document.body.appendChild(page);
  shadow = createShadowHost();
  const lookups = new Map<string, ElementLookup>();
  keeper = new NavTreeKeeper({ channel, shadow, storyboardId: () => 'console', lookups: () => lookups, onTree: () => {} });
  const store = { storyboardId: 'console', isFlushing: false, lookups } as OverlayStore;
  const parts = { store, channel, tree: keeper, selection: { rename() {} }, handles: { settle() {} }, redraw: () => 0 } as unknown as OverlayParts;
  handlers = structureHandlers(parts);
  keeper.start();
  await vi.waitFor(() => expect(trees()).toBe(1));
});

afterEach(() => {
  keeper.stop();
  page.remove();
  shadow.host.remove();
});

describe('a wrap written while the page hot-reloads', () => {
  it.each([
    ['the answer comes before the hot reload', false],
    ['the hot reload comes before the answer', true],
  ])('%s: each card shows the wrapper with its id holding the heading with its new one, and the tree has them', async (_, reloadFirst) => {
    const wrap = await handlers.applyChangeItemToDocument({ changeItem: { id: 'wrap', type: 'WRAP_DIV', changeFields: { codebaseIdsToWrap: [HEADING] } } });
    expect(wrap.success).toBe(true);
    handlers.setIsFlushing({ isFlushing: true });
    await pause(SETTLE_MS / 3);
    if (reloadFirst) {
      hotReload();
      // The page's change is seen before the next paint: the stand-ins have gone at once, never shown beside the wrapper.
      await Promise.resolve();
      expect(page.querySelectorAll(`[${ADDED_ATTRIBUTE}]`)).toHaveLength(0);
      await pause(SETTLE_MS / 6);
      answer();
    } else {
      answer();
      await pause(SETTLE_MS / 6);
      hotReload();
    }
    handlers.setIsFlushing({ isFlushing: false });

    // The stand-ins have gone (at once, or after their wait for the element they show): the page's own elements.
    await vi.waitFor(() => expect(page.querySelectorAll(`[${ADDED_ATTRIBUTE}], [${HIDDEN_ATTRIBUTE}]`)).toHaveLength(0), { timeout: 5_000 });
    for (const card of cards()) {
      expect(card.children).toHaveLength(2);
      const wrapper = card.children[0]!;
      expect([wrapper.tagName, wrapper.getAttribute(CODEBASE_ID_ATTRIBUTE)]).toEqual(['DIV', HEADING]);
      expect(wrapper.querySelector('h3')?.getAttribute(CODEBASE_ID_ATTRIBUTE)).toBe(HEADING_AFTER);
    }
    // A tree of the page as it now is: the third card's wrapper, and the heading inside it.
    const third = cards()[2]!;
    const wrapperKey = keyOfElement(third.children[0]!, 'console')!;
    const headingKey = keyOfElement(third.querySelector('h3')!, 'console')!;
    await vi.waitFor(() => expect(keeper.hasKey(headingKey)).toBe(true), { timeout: 5_000 });
    expect(keeper.nodeFor(headingKey)?.parent).toBe(wrapperKey);
    expect(keeper.nodeFor(wrapperKey)?.tagName).toBe('div');
  });
});

/**
 * What React does when a copy of the heading is hot-reloaded: the line below it is replaced (its place is now a
 * heading's), and the copy and the line come after the heading.
 */
function hotReloadCopy(): void {
  for (const card of cards()) {
    const line = card.querySelector('p')!;
    const copy = document.createElement('h3');
    copy.setAttribute(CODEBASE_ID_ATTRIBUTE, LINE);
    copy.textContent = card.querySelector('h3')!.textContent;
    const moved = document.createElement('p');
    moved.setAttribute(CODEBASE_ID_ATTRIBUTE, LINE_AFTER);
    moved.textContent = 'Line';
    line.remove();
    card.append(copy, moved);
  }
}

/** The headings a card shows (the stand-in's copy counted): two once the copy is there, never three. */
const shownHeadings = (card: Element) => [...card.querySelectorAll('h3')].filter((heading) => heading.getClientRects().length > 0).length;

describe('a duplicate written while the page hot-reloads', () => {
  it.each([
    ['the answer comes before the hot reload', false],
    ['the hot reload comes before the answer', true],
  ])('%s: the stand-in gives way to the copy as it comes, and every element ends with the id the source gives it', async (_, reloadFirst) => {
    const copy = await handlers.applyChangeItemToDocument({ changeItem: { id: 'copy', type: 'DUPLICATE', changeFields: { codebaseIdsToDuplicate: [HEADING] } } });
    expect(copy.success).toBe(true);
    const placeholder = copy.instantUpdateData.addedIds![0]!;
    handlers.setIsFlushing({ isFlushing: true });
    await pause(SETTLE_MS / 3);
    const answerCopy = () => handlers.updateCodebaseIds({ prevIdToNewIdMap: { [placeholder]: LINE, [LINE]: LINE_AFTER } });
    if (!reloadFirst) {
      answerCopy();
      await pause(SETTLE_MS / 6);
    }
    hotReloadCopy();
    await Promise.resolve();
    expect(cards().map(shownHeadings)).toEqual(cards().map(() => 2));
    if (reloadFirst) {
      await pause(SETTLE_MS / 6);
      answerCopy();
    }
    handlers.setIsFlushing({ isFlushing: false });

    for (const card of cards()) {
      expect([...card.children].map((child) => [child.tagName, child.getAttribute(CODEBASE_ID_ATTRIBUTE)])).toEqual([
        ['H3', HEADING],
        ['H3', LINE],
        ['P', LINE_AFTER],
      ]);
    }
    const third = cards()[2]!;
    const copyKey = keyOfElement(third.children[1]!, 'console')!;
    // Before the write that key was the line's, so the tree must name an h3 by it.
    await vi.waitFor(() => expect(keeper.nodeFor(copyKey)?.tagName).toBe('h3'), { timeout: 5_000 });
  });
});
