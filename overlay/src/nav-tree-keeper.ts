/**
 * The nav tree's keeper: the last tree sent to the editor, the watch on the page that tells when it is stale, the
 * builds that replace it (when: `rebuild-schedule.ts`), and the callers waiting for a tree that has what they need.
 *
 * One walk runs at a time. A build asked for while a walk runs walks again once that walk ends (it may have read
 * the page before the change) and only the newer tree is sent; a walk started while a tree is being sent
 * supersedes the rest of that tree (the editor drops the parts it has).
 */
import { CODEBASE_ID_ATTRIBUTE } from '@contracts/dom.js';
import { parseElementKey, type ElementLookup, type NavTreeNode } from '@contracts/frame-protocol.js';
import { flattenNavTree, navTreePartCount, navTreePartNodes } from '@contracts/nav-tree-parts.js';
import type { Channel } from './channel.js';
import { elementForKey, keyOfElement } from './element-identity.js';
import { changeTriggersRebuild, MOVING_ELEMENT_ATTRIBUTE, type ChangedNode } from './hot-reload-filter.js';
import { ADDED_ATTRIBUTE, clearInstantMarkers } from './instant-markers.js';
import { handOverStandIns, STAND_IN_HOLD_MS, standInWaits } from './placeholder-handoff.js';
import { afterNextPaint, buildNavTree, FRAME_BUDGET_MS, rebuildNavSubtree, type NavTreeIndex, type NavTreeOptions } from './nav-tree.js';
import { PageRenderLog } from './page-render-log.js';
import { initialRebuildSchedule, rebuildTransition, type RebuildEvent, type RebuildSchedule } from './rebuild-schedule.js';
import type { ShadowHost } from './shadow-host.js';
import { unreachable } from './unreachable.js';

export interface NavTreeKeeperOptions {
  channel: Channel;
  shadow: ShadowHost;
  storyboardId(): string;
  lookups(): ReadonlyMap<string, ElementLookup>;
  /** Told after each tree sent. */
  onTree(): void;
}

type Build = Promise<NavTreeIndex | null>;

/**
 * Whether `after` names a node of the tree otherwise than it is named: a name given that differs, or a name that
 * `before` gave and `after` no longer does (the node then falls back to its tag or component name).
 */
function lookupsRename(nodes: Iterable<NavTreeNode>, before: ReadonlyMap<string, ElementLookup>, after: ReadonlyMap<string, ElementLookup>): boolean {
  for (const node of nodes) {
    const id = node.tempoElement.codebaseId;
    const name = after.get(id)?.name;
    if (name !== undefined ? name !== node.name : before.get(id)?.name !== undefined) return true;
  }
  return false;
}

/** How many nodes the subtree of the element's node holds, itself included. */
function descendantCount(element: Element, index: NavTreeIndex): number {
  const key = index.keys.get(element);
  let count = 0;
  for (let stack = key ? [index.nodes.get(key)!] : []; stack.length > 0; count++) stack.push(...stack.pop()!.children);
  return count;
}

export class NavTreeKeeper {
  /** The last tree sent. */
  private tree: NavTreeIndex | null = null;
  /** The last tree walked: sent, or being sent. */
  private walked: NavTreeIndex | null = null;
  private schedule: RebuildSchedule = initialRebuildSchedule;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The build whose walk is running (it resolves once its tree has been sent). */
  private walking: Build | null = null;
  /** The last build started, until its tree has been sent (or superseded). */
  private inFlight: Build | null = null;
  private walkAgain = false;
  /**
   * The elements the page changed (their attributes, or their children) since the last walk began, or `'page'`: the
   * next walk is of the whole page (the first, one asked for, names or the studio's own changes that the watch
   * does not see).
   */
  private changed: Set<Element> | 'page' = 'page';
  /** Numbers the walks, so the editor can tell one build's parts from the next one's. */
  private latestBuildId = 0;
  private quietDepth = 0;
  private readonly waiting: { matches: () => boolean; run: () => void }[] = [];
  /** What the page has rendered since the editor's current write began. */
  private readonly renders = new PageRenderLog();
  private readonly observer = new MutationObserver((records) => {
    if (this.quietDepth === 0) this.handleRecords(records);
    // A hot reload may land while an instant update awaits (its CSS, say): the render log still takes it in, telling
    // the studio's own nodes apart by themselves.
    else this.renders.record(records, (node) => this.isStudioNode(node));
  });

  constructor(private readonly options: NavTreeKeeperOptions) {}

  /** Watches the page from now on and builds the first tree. */
  start(): void {
    // Codebase ids too, with their old values: the render log tells a hot reload that came before its write's answer.
    this.observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', CODEBASE_ID_ATTRIBUTE], attributeOldValue: true });
    this.dispatch({ type: 'NOW' });
  }

  /** Stops watching and sending (a build under way sends nothing more). */
  stop(): void {
    this.observer.disconnect();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.latestBuildId++;
  }

  // ---------------------------------------------------------------------------------------- the last tree

  keyOf(element: Element): string | null {
    return this.tree?.keys.get(element) ?? keyOfElement(element, this.options.storyboardId());
  }

  elementFor(key: string | null): Element | null {
    return key ? elementForKey(key, this.tree?.elements) : null;
  }

  nodeFor(key: string): NavTreeNode | undefined {
    return this.tree?.nodes.get(key);
  }

  hasKey(key: string): boolean {
    return this.tree?.elements.has(key) === true;
  }

  /** The key of the innermost component whose rendering starts with this element, if any. */
  componentKeyOf(element: Element): string | null {
    return this.tree?.componentRoots.get(element) ?? null;
  }

  /**
   * The name an outline's label shows: the tree's, else (a key the tree does not have yet, just after an edit) the
   * source's name for its id, else the element's tag; never the raw id.
   */
  nameOf(key: string): string {
    const named = this.tree?.nodes.get(key)?.name;
    if (named) return named;
    const codebaseId = parseElementKey(key)?.codebaseId;
    const fromSource = codebaseId ? this.options.lookups().get(codebaseId)?.name : undefined;
    return fromSource ?? this.elementFor(key)?.tagName.toLowerCase() ?? 'element';
  }

  isOverlayNode(node: Node): boolean {
    return this.options.shadow.contains(node);
  }

  // ---------------------------------------------------------------------------------------- requests

  /** A tree now (a walk under way walks again). */
  rebuildNow(): Build | null {
    this.changed = 'page';
    return this.dispatch({ type: 'NOW' });
  }

  /** An edit was shown in the page (an instant update, remapped ids): one build once the page has settled. */
  edited(): void {
    this.changed = 'page';
    this.dispatch({ type: 'EDITED' });
  }

  /** The build that waits, started now; null when none waits (or a drag holds it back). */
  buildIfWanted(): Build | null {
    return this.dispatch({ type: 'IF_WANTED' });
  }

  /** The editor is writing changes (its flush), or is done. */
  writing(writing: boolean): void {
    // What the page did before the write began is taken in first: it is not the write's hot reload.
    this.handleRecords(this.observer.takeRecords());
    if (writing) this.renders.begin();
    else this.renders.end();
    this.dispatch({ type: 'WRITING', writing });
  }

  /** A write's answer has been applied: the flush's next write, if any, begins. */
  answered(): void {
    this.renders.restart();
  }

  /**
   * Whether the page itself has put in, taken out or renamed an element carrying one of `ids` since the current write
   * began: then the hot reload of that write has come (changes the page made just now are read first).
   */
  renderedSinceWrite(ids: ReadonlySet<string>): boolean {
    this.handleRecords(this.observer.takeRecords());
    return this.renders.renderedAny(ids);
  }

  /** A drag shows an element at a place of its own: no walk until `release`. */
  hold(): void {
    this.dispatch({ type: 'HOLD' });
  }

  release(): void {
    this.changed = 'page';
    this.dispatch({ type: 'RELEASE' });
  }

  /** Whether the tree would change with these lookups instead of `before` (names are all a tree takes from them). */
  wouldRename(before: ReadonlyMap<string, ElementLookup>, after: ReadonlyMap<string, ElementLookup>): boolean {
    if (this.walking || !this.walked) return true;
    return lookupsRename(this.walked.nodes.values(), before, after);
  }

  /** Runs `run` after the first tree sent for which `matches` holds. */
  whenTreeMatches(matches: () => boolean, run: () => void): void {
    this.waiting.push({ matches, run });
  }

  /**
   * Runs a change of the studio's own (an instant update, a temporary class) without taking it for a change of the
   * page: what was pending before is handled, what the change produced is dropped.
   */
  quiet<T>(fn: () => T): T {
    this.handleRecords(this.observer.takeRecords());
    this.quietDepth++;
    try {
      return fn();
    } finally {
      this.observer.takeRecords();
      this.quietDepth--;
    }
  }

  async quietAsync<T>(fn: () => Promise<T>): Promise<T> {
    this.handleRecords(this.observer.takeRecords());
    this.quietDepth++;
    try {
      return await fn();
    } finally {
      this.observer.takeRecords();
      this.quietDepth--;
    }
  }

  // ---------------------------------------------------------------------------------------- builds

  private dispatch(event: RebuildEvent): Build | null {
    const step = rebuildTransition(this.schedule, event);
    this.schedule = step.state;
    let build: Build | null = null;
    for (const effect of step.effects) {
      switch (effect.type) {
        case 'arm':
          if (this.timer) clearTimeout(this.timer);
          this.timer = setTimeout(() => {
            this.timer = null;
            this.dispatch({ type: 'TIMER' });
          }, effect.ms);
          break;
        case 'disarm':
          if (this.timer) clearTimeout(this.timer);
          this.timer = null;
          break;
        case 'build':
          build = this.build(effect.clearMarkers);
          break;
        default:
          unreachable(effect, 'rebuild effect');
      }
    }
    return build;
  }

  private build(clearMarkers: boolean): Build {
    // Taking the markers away is the studio's own change: it must not count as another change of the page. A stand-in
    // whose element the hot reload has not brought yet stays a moment longer (never neither on screen).
    if (clearMarkers) {
      const { cleared, kept } = this.quiet(() => clearInstantMarkers(standInWaits));
      // The studio's own changes are not in the watch's records: the whole page is walked.
      if (cleared > 0) this.changed = 'page';
      if (kept > 0) this.clearStandInsLater();
    }
    if (this.walking) {
      this.walkAgain = true;
      return this.walking;
    }
    const build = this.walkUntilCurrent()
      .then(({ index, buildId }) => this.sendTree(index, buildId))
      .catch((error: unknown) => {
        this.changed = 'page';
        console.error('Nav tree rebuild failed', error);
        return null;
      });
    this.walking = build;
    this.inFlight = build;
    void build.finally(() => {
      if (this.inFlight === build) this.inFlight = null;
    });
    return build;
  }

  /**
   * Resolves once no build is under way: a key read from the live page reaches the editor after the tree that has
   * it, not before (the editor would look it up in the tree before). Bounded: a page that keeps changing does not
   * hold the caller for ever.
   */
  async whenSent(): Promise<void> {
    for (let round = 0; round < 3 && this.inFlight; round++) await this.inFlight;
  }

  /** Whether a build has been started and its tree not yet sent. */
  get building(): boolean {
    return this.inFlight !== null;
  }

  private async walkUntilCurrent(): Promise<{ index: NavTreeIndex; buildId: number }> {
    try {
      for (;;) {
        this.walkAgain = false;
        const buildId = ++this.latestBuildId;
        const started = performance.now();
        const options: NavTreeOptions = {
          storyboardId: this.options.storyboardId(),
          lookups: this.options.lookups(),
          // A walk goes down `children` from the page's elements, which never enter a shadow root: the overlay's host
          // is all of the overlay it can meet (a check of `isOverlayNode`'s per element was a good part of a subtree's walk).
          skip: (element) => element === this.options.shadow.host,
          onOverBudget: (ms) => console.warn(`Nav tree build: a slice took ${Math.round(ms)} ms, over the ${FRAME_BUDGET_MS} ms frame budget`),
        };
        const changedRoot = this.takeChangedRoot();
        const patched = changedRoot ? await rebuildNavSubtree(changedRoot.tree, changedRoot.element, options) : null;
        const index = patched ?? (await buildNavTree(options));
        if (this.walkAgain) {
          // A whole walk set aside leaves the last tree as it was: what it was for is the next walk's too. A subtree
          // walked is already in the tree, and the next walk goes on from there.
          if (!patched) this.changed = 'page';
          continue;
        }
        const ms = performance.now() - started;
        this.options.channel.debug(
          patched
            ? `nav subtree of ${descendantCount(changedRoot!.element, index)} nodes rebuilt in ${ms.toFixed(2)} ms (tree of ${index.nodes.size} nodes)`
            : `nav tree of ${index.nodes.size} nodes built in ${Math.round(ms)} ms`,
        );
        this.walked = index;
        return { index, buildId };
      }
    } finally {
      this.walking = null;
    }
  }

  /**
   * The element whose subtree holds every change of the page since the last walk, with a node of its own in the tree
   * last walked; null when the whole page is to be walked. Taken: the changes from now on are the next walk's.
   */
  private takeChangedRoot(): { tree: NavTreeIndex; element: Element } | null {
    const changed = this.changed;
    this.changed = new Set();
    const tree = this.walked;
    if (changed === 'page' || !tree) return null;
    let root: Element | null = null;
    for (const element of changed) {
      if (!element.isConnected) continue;
      if (!root) root = element;
      while (root && !root.contains(element)) root = root.parentElement;
    }
    while (root && !tree.keys.has(root)) root = root.parentElement;
    return root ? { tree, element: root } : null;
  }

  /**
   * Sends a built tree in parts (`NAV_TREE_PART`, then `NAV_TREE` with the document's HTML), each in a task of its
   * own after a painted frame: on a big page the whole tree's structured clone, the document's HTML or the last
   * slice together are far over the frame budget. A newer walk supersedes this one between two parts.
   */
  private async sendTree(index: NavTreeIndex, buildId: number): Build {
    const { channel, shadow } = this.options;
    const superseded = () => buildId !== this.latestBuildId;
    const flat = flattenNavTree(index.root);
    const partCount = navTreePartCount(flat);
    for (let partIndex = 0; partIndex < partCount; partIndex++) {
      await afterNextPaint();
      if (superseded()) return null;
      channel.post('NAV_TREE_PART', { buildId, partIndex, partCount, nodes: navTreePartNodes(flat, partIndex) });
    }
    await afterNextPaint();
    if (superseded()) return null;
    const documentHtml = document.documentElement.outerHTML.replace(shadow.host.outerHTML, '');
    await afterNextPaint();
    if (superseded()) return null;
    this.tree = index;
    channel.post('NAV_TREE', { buildId, partCount, nodeCount: flat.nodes.length, documentHtml });
    this.options.onTree();
    this.runWaiting();
    return index;
  }

  private runWaiting(): void {
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      if (this.waiting[i]!.matches()) {
        const [entry] = this.waiting.splice(i, 1);
        entry!.run();
      }
    }
  }

  // ---------------------------------------------------------------------------------------- the page's changes

  private describe(node: Node): ChangedNode {
    return {
      nodeName: node.nodeName,
      isOverlay: this.isOverlayNode(node),
      isMoving: node instanceof Element && node.closest(`[${MOVING_ELEMENT_ATTRIBUTE}]`) !== null,
      insideSvg: node.parentElement?.closest('svg') != null,
    };
  }

  /** The stand-ins kept for their element go after their wait, whatever came meanwhile. */
  private clearStandInsLater(): void {
    setTimeout(() => {
      if (this.quiet(() => clearInstantMarkers(standInWaits)).cleared > 0) this.edited();
    }, STAND_IN_HOLD_MS);
  }

  /** The studio's own nodes: the overlay, an instant update's stand-in (and what it holds), an element being moved. */
  private isStudioNode(node: Node): boolean {
    return this.isOverlayNode(node) || (node instanceof Element && node.closest(`[${ADDED_ATTRIBUTE}], [${MOVING_ELEMENT_ATTRIBUTE}]`) !== null);
  }

  private handleRecords(records: MutationRecord[]): void {
    this.renders.record(records, (node) => this.isStudioNode(node));
    const relevant = records.filter((record) =>
      changeTriggersRebuild({
        type: record.type,
        attributeName: record.attributeName,
        target: this.describe(record.target),
        added: [...record.addedNodes].map((node) => this.describe(node)),
        removed: [...record.removedNodes].map((node) => this.describe(node)),
      }),
    );
    if (relevant.length === 0) return;
    if (this.changed !== 'page') for (const record of relevant) if (record.target instanceof Element) this.changed.add(record.target);
    // The hot reload has just put written elements in the page: their stand-ins go before the next paint, also those
    // whose write has not been answered yet.
    if (this.quiet(() => handOverStandIns((element) => this.renders.addedByPage(element))) > 0) this.changed = 'page';
    // The storyboard alone: the page is still loading, and its first elements are what the editor waits on.
    this.dispatch({ type: 'PAGE_CHANGED', beforeFirstContent: (this.tree?.nodes.size ?? 0) <= 1 });
  }
}
