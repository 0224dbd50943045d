/**
 * The nav tree's keeper on a real page in Chromium: its watch on the page, its coalesced builds (one per edit),
 * its waiting list, and the studio's own changes kept out of the watch.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODEBASE_ID_ATTRIBUTE } from '@contracts/dom.js';
import type { ElementLookup, FrameToParentPayloads, FrameToParentType, NavTreeNode } from '@contracts/frame-protocol.js';
import type { Channel } from './channel.js';
import { ADDED_ATTRIBUTE, prepareDeleteAfterRefresh } from './instant-markers.js';
import { NavTreeKeeper } from './nav-tree-keeper.js';
import { buildNavTree, type NavTreeIndex } from './nav-tree.js';
import { SETTLE_MS } from './rebuild-schedule.js';
import { createShadowHost, type ShadowHost } from './shadow-host.js';

const id = (n: number) => `tempo-00000000-0000-5000-8000-${String(n).padStart(12, '0')}`;

interface Posted {
  type: FrameToParentType;
  payload: unknown;
}

let posted: Posted[];
let debugged: string[] = [];
let shadow: ShadowHost;
let keeper: NavTreeKeeper;
let lookups: Map<string, ElementLookup>;
let page: HTMLElement;

const channel: Channel = {
  post<Type extends FrameToParentType>(type: Type, payload: FrameToParentPayloads[Type]) {
    posted.push({ type, payload });
  },
  debug(text: string) {
    debugged.push(text);
  },
};

const trees = () => posted.filter((message) => message.type === 'NAV_TREE');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the `count`-th tree, then long enough for any further build to have been sent as well. */
async function settledTrees(count: number): Promise<number> {
  await vi.waitFor(() => expect(trees().length).toBeGreaterThanOrEqual(count), { timeout: 5_000 });
  await pause(SETTLE_MS * 2);
  return trees().length;
}

/** The classes the last tree sent gives the element with this codebase id. */
function classesInLastTree(codebaseId: string): string[] | undefined {
  const nodes = posted.filter((message) => message.type === 'NAV_TREE_PART').flatMap((message) => (message.payload as FrameToParentPayloads['NAV_TREE_PART']).nodes);
  return nodes.findLast((node) => node.tempoElement.codebaseId === codebaseId)?.classList;
}

beforeEach(async () => {
  posted = [];
  lookups = new Map();
  page = document.createElement('main');
  page.setAttribute(CODEBASE_ID_ATTRIBUTE, id(1));
  page.innerHTML = `<h1 ${CODEBASE_ID_ATTRIBUTE}="${id(2)}" class="title">Đăng nhập</h1><p ${CODEBASE_ID_ATTRIBUTE}="${id(3)}">Plantation Admin</p>`;
  document.body.appendChild(page);
  shadow = createShadowHost();
  keeper = new NavTreeKeeper({ channel, shadow, storyboardId: () => 'console', lookups: () => lookups, onTree: () => {} });
  keeper.start();
  await vi.waitFor(() => expect(trees()).toHaveLength(1));
  posted = [];
});

afterEach(() => {
  keeper.stop();
  page.remove();
  shadow.host.remove();
});

describe('NavTreeKeeper', () => {
  it('builds the tree of the page and knows its elements by key', () => {
    expect(keeper.hasKey(`${id(2)}|console|0-0-0`)).toBe(true);
    expect(keeper.elementFor(`${id(2)}|console|0-0-0`)).toBe(page.querySelector('h1'));
    expect(keeper.keyOf(page.querySelector('p')!)).toBe(`${id(3)}|console|0-0-1`);
    expect(keeper.nameOf(`${id(3)}|console|0-0-1`)).toBe('p');
  });

  it("gives an element's classes as its classList has them, and its other attributes as props", async () => {
    const heading = page.querySelector('h1')!;
    heading.setAttribute('class', '\n title  italic\ttitle ');
    heading.setAttribute('title', 'Tiêu đề');
    heading.setAttribute('aria-level', '1');
    expect(await settledTrees(1)).toBe(1);
    const node = keeper.nodeFor(`${id(2)}|console|0-0-0`)!;
    expect(node.classList).toEqual([...heading.classList]);
    expect(node.classList).toEqual(['title', 'italic']);
    expect(node.props).toEqual({ title: { value: 'Tiêu đề', type: 'LITERAL' }, 'aria-level': { value: '1', type: 'LITERAL' } });
  });

  it('rebuilds once the page has been still, once for a burst of changes', async () => {
    const heading = page.querySelector('h1')!;
    heading.classList.add('a');
    await pause(SETTLE_MS / 3);
    heading.classList.add('b');
    page.appendChild(document.createElement('span'));
    expect(await settledTrees(1)).toBe(1);
    expect(classesInLastTree(id(2))).toEqual(['title', 'a', 'b']);
  });

  it('one edit, one build: its instant update, the ids its write shifted and the hot reload that followed', async () => {
    const heading = page.querySelector('h1')!;
    // The instant update (the studio's own change, kept out of the watch), then the editor's write.
    keeper.quiet(() => heading.classList.add('tempo-instant-italic'));
    keeper.edited();
    keeper.writing(true);
    await pause(SETTLE_MS / 2);
    // The answer: ids shifted, then the flush ends.
    keeper.quiet(() => page.querySelector('p')!.setAttribute(CODEBASE_ID_ATTRIBUTE, id(4)));
    keeper.edited();
    await pause(SETTLE_MS / 2);
    keeper.writing(false);
    await pause(SETTLE_MS / 2);
    // The hot reload: React writes the class the source now has.
    heading.className = 'title italic';
    // The facts asked for again after the write: the same names.
    const before = lookups;
    lookups = new Map([[id(2), { name: 'h1', isStaticText: true }]]);
    expect(keeper.wouldRename(before, lookups)).toBe(false);
    expect(await settledTrees(1)).toBe(1);
    expect(classesInLastTree(id(2))).toEqual(['title', 'italic']);
    expect(keeper.hasKey(`${id(4)}|console|0-0-1`)).toBe(true);
  });

  it('an edit with no write after it is built once the page has settled', async () => {
    keeper.quiet(() => page.querySelector('h1')!.classList.add('tempo-instant-x'));
    keeper.edited();
    expect(trees()).toHaveLength(0);
    expect(await settledTrees(1)).toBe(1);
  });

  it("keeps the studio's own changes out of the watch", async () => {
    keeper.quiet(() => page.querySelector('h1')!.classList.add('forced'));
    await keeper.quietAsync(async () => {
      await pause(10);
      page.appendChild(document.createElement('div'));
    });
    await pause(SETTLE_MS * 2);
    expect(trees()).toHaveLength(0);
  });

  it('takes away the markers a flush made due when the page changes, without a build of its own for that', async () => {
    const added = document.createElement('div');
    added.setAttribute(ADDED_ATTRIBUTE, '');
    keeper.quiet(() => page.appendChild(added));
    keeper.quiet(() => prepareDeleteAfterRefresh());
    page.querySelector('h1')!.classList.add('reloaded');
    expect(await settledTrees(1)).toBe(1);
    expect(added.isConnected).toBe(false);
  });

  it('names: a build only when the new lookups name a node otherwise', () => {
    const same = new Map(lookups);
    expect(keeper.wouldRename(lookups, same)).toBe(false);
    expect(keeper.wouldRename(lookups, new Map([[id(3), { name: 'Brand' }]]))).toBe(true);
    expect(keeper.wouldRename(new Map([[id(3), { name: 'p' }]]), new Map())).toBe(true);
  });

  it('a tree asked for during a build: one tree sent, of the newer page', async () => {
    void keeper.rebuildNow();
    // A change the watch does not see (the names of new lookups, say): only the second request brings it in.
    keeper.quiet(() => page.querySelector('p')!.classList.add('late'));
    await keeper.rebuildNow();
    expect(await settledTrees(1)).toBe(1);
    expect(classesInLastTree(id(3))).toEqual(['late']);
  });

  it('runs a waiting caller once a tree has what it waits for, not before', async () => {
    const key = `${id(5)}|console|0-0-2`;
    const ran: string[] = [];
    keeper.whenTreeMatches(() => keeper.hasKey(key), () => ran.push('selected'));
    await keeper.rebuildNow();
    expect(ran).toEqual([]);
    const span = document.createElement('span');
    span.setAttribute(CODEBASE_ID_ATTRIBUTE, id(5));
    page.appendChild(span);
    await vi.waitFor(() => expect(ran).toEqual(['selected']), { timeout: 5_000 });
    await keeper.rebuildNow();
    expect(ran).toEqual(['selected']);
  });

  it("sends the page's first elements while the page is still rendering, without waiting for it to settle", async () => {
    keeper.stop();
    page.remove();
    posted = [];
    const loading = new NavTreeKeeper({ channel, shadow, storyboardId: () => 'console', lookups: () => lookups, onTree: () => {} });
    loading.start();
    try {
      await vi.waitFor(() => expect(trees()).toHaveLength(1));
      // The console's first render, then more of it in steps closer together than the settle wait.
      document.body.appendChild(page);
      const step = async () => {
        await pause(SETTLE_MS / 4);
        page.appendChild(document.createElement('span'));
      };
      let steps = 0;
      while (steps < 20 && !loading.hasKey(`${id(2)}|console|0-0-0`)) {
        await step();
        steps++;
      }
      expect(steps).toBeLessThan(20);
      // Once a tree shows the page, its changes wait for the page to settle again: none while it keeps changing.
      await pause(SETTLE_MS / 4);
      const sent = trees().length;
      for (let i = 0; i < 4; i++) await step();
      expect(trees()).toHaveLength(sent);
    } finally {
      loading.stop();
    }
  });

  it("tells what the page rendered since the editor's write began from the studio's own changes", () => {
    const ids = new Set([id(3), id(4)]);
    const line = page.querySelector('p')!;
    page.querySelector('h1')!.setAttribute(CODEBASE_ID_ATTRIBUTE, id(4));
    keeper.writing(true);
    // Before the write, and the studio's own: its renames, its stand-ins.
    expect(keeper.renderedSinceWrite(ids)).toBe(false);
    keeper.quiet(() => line.setAttribute(CODEBASE_ID_ATTRIBUTE, id(4)));
    const standIn = document.createElement('p');
    standIn.setAttribute(ADDED_ATTRIBUTE, '');
    standIn.setAttribute(CODEBASE_ID_ATTRIBUTE, id(3));
    page.appendChild(standIn);
    expect(keeper.renderedSinceWrite(ids)).toBe(false);
    // The page's own: an element with another id, then one it renames to an id asked about.
    const other = document.createElement('span');
    other.setAttribute(CODEBASE_ID_ATTRIBUTE, id(9));
    page.appendChild(other);
    expect(keeper.renderedSinceWrite(ids)).toBe(false);
    other.setAttribute(CODEBASE_ID_ATTRIBUTE, id(3));
    expect(keeper.renderedSinceWrite(ids)).toBe(true);
    // The answer: the next write counts from now; an element the page takes out counts by the ids it held.
    keeper.answered();
    expect(keeper.renderedSinceWrite(ids)).toBe(false);
    other.remove();
    expect(keeper.renderedSinceWrite(ids)).toBe(true);
    // No write under way: nothing counts.
    keeper.writing(false);
    page.appendChild(other);
    expect(keeper.renderedSinceWrite(ids)).toBe(false);
  });

  it('counts what the page renders while an instant update of the studio awaits', async () => {
    keeper.writing(true);
    await keeper.quietAsync(async () => {
      // The studio's stand-in, then, while it awaits, the page's hot reload.
      const standIn = document.createElement('p');
      standIn.setAttribute(ADDED_ATTRIBUTE, '');
      standIn.setAttribute(CODEBASE_ID_ATTRIBUTE, id(3));
      page.appendChild(standIn);
      await pause(10);
      expect(keeper.renderedSinceWrite(new Set([id(3)]))).toBe(false);
      page.querySelector('h1')!.setAttribute(CODEBASE_ID_ATTRIBUTE, id(3));
      await pause(10);
    });
    expect(keeper.renderedSinceWrite(new Set([id(3)]))).toBe(true);
  });

  it('holds builds while a drag shows its element elsewhere, and builds on release', async () => {
    keeper.hold();
    page.querySelector('h1')!.classList.add('during-drag');
    await keeper.rebuildNow();
    await pause(SETTLE_MS * 2);
    expect(trees()).toHaveLength(0);
    keeper.release();
    expect(await settledTrees(1)).toBe(1);
    expect(classesInLastTree(id(2))).toContain('during-drag');
  });
});

describe('NavTreeKeeper after a hot reload of one component in a big page', () => {
  const SECTIONS = 200;
  const sectionHtml = (n: number, extra = '') =>
    `<h2 ${CODEBASE_ID_ATTRIBUTE}="${id(1000 + n)}" class="title">Lô ${n}</h2><ul ${CODEBASE_ID_ATTRIBUTE}="${id(2000 + n)}">` +
    `<li ${CODEBASE_ID_ATTRIBUTE}="${id(3000 + n)}">một</li><li ${CODEBASE_ID_ATTRIBUTE}="${id(3000 + n)}">hai</li></ul>${extra}`;

  /** Each node of `fresh` as the keeper has it now: the same key, place, name, classes and children; boxes aside. */
  function expectKeeperHolds(fresh: NavTreeIndex): void {
    const shape = (node: NavTreeNode) => ({ ...node, pageBoundingBox: null, children: node.children.map((child) => child.key) });
    for (const [key, node] of fresh.nodes) {
      const kept = keeper.nodeFor(key);
      expect(kept && shape(kept), key).toEqual(shape(node));
      expect(keeper.elementFor(key)).toBe(fresh.elements.get(key));
    }
  }

  it('walks the changed component alone, and its ids, names and lookups are those of a whole walk', async () => {
    page.innerHTML = Array.from({ length: SECTIONS }, (_, n) => `<section ${CODEBASE_ID_ATTRIBUTE}="${id(100 + n)}">${sectionHtml(n)}</section>`).join('');
    await keeper.rebuildNow();
    await pause(SETTLE_MS * 3);
    debugged = [];
    posted = [];
    // The hot reload of section 120's component: its children rendered anew, one more element, a class changed.
    const section = page.children[120]!;
    lookups = new Map([[id(9000), { name: 'Brand line' }]]);
    section.innerHTML = sectionHtml(120, `<p ${CODEBASE_ID_ATTRIBUTE}="${id(9000)}">Mới</p>`);
    section.querySelector('h2')!.className = 'title italic';
    expect(await settledTrees(1)).toBe(1);
    expect(debugged.filter((text) => text.startsWith('nav tree of'))).toEqual([]);
    expect(debugged.some((text) => text.startsWith('nav subtree of 6 nodes'))).toBe(true);

    const fresh = await buildNavTree({ storyboardId: 'console', lookups, skip: (element) => shadow.contains(element) });
    expect(keeper.hasKey(`${id(9000)}|console|0-0-120-2`)).toBe(true);
    expect(keeper.keyOf(section.querySelector('p')!)).toBe(`${id(9000)}|console|0-0-120-2`);
    expect(keeper.nameOf(`${id(9000)}|console|0-0-120-2`)).toBe('Brand line');
    expect(keeper.nodeFor(`${id(1120)}|console|0-0-120-0`)?.classList).toEqual(['title', 'italic']);
    expect(keeper.keyOf(section.querySelectorAll('li')[1]!)).toBe(`${id(3120)}|console|0-0-120-1-1`);
    expect(fresh.nodes.size).toBe(2 + SECTIONS * 5 + 1);
    expectKeeperHolds(fresh);

    // The next change elsewhere: another subtree, and what was patched before stays.
    debugged = [];
    page.children[3]!.querySelector('ul')!.lastElementChild!.remove();
    expect(await settledTrees(2)).toBe(2);
    expect(debugged.some((text) => text.startsWith('nav subtree of 2 nodes'))).toBe(true);
    expect(keeper.hasKey(`${id(3003)}|console|0-0-3-1-1`)).toBe(false);
    expectKeeperHolds(await buildNavTree({ storyboardId: 'console', lookups, skip: (element) => shadow.contains(element) }));
  });
});

