/**
 * What the source says about the elements a frame shows: after each nav tree, the editor asks the server about
 * the codebase ids it does not know yet (`POST /_studio/api/elements/lookup`), keeps the answers, and gives the
 * frame the names and static-text facts (`setNewLookups`), which its outlines, labels and text editing use.
 */
import { isValidCodebaseId, STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import type { ElementLookup, NavTreeNode } from '@contracts/frame-protocol.js';
import { LOOKUP_LIMIT, type ElementLookupAnswer, type ElementSourceInfo } from '@contracts/studio-api.js';
import { STUDIO_API_PATHS } from '@contracts/studio-routes.js';
import type { StudioServer } from '../api/studio-client';
import { useEditorStore } from '../state/editor-store';
import type { FrameChannel, FrameRegistry } from './frame-registry';

/** Every codebase id of a tree, once each, the storyboard's own left out. */
export function codebaseIdsOf(tree: NavTreeNode): string[] {
  const ids = new Set<string>();
  const stack = [tree];
  while (stack.length) {
    const node = stack.pop()!;
    const id = node.tempoElement.codebaseId;
    if (id !== STORYBOARD_CODEBASE_ID) ids.add(id);
    stack.push(...node.children);
  }
  return [...ids];
}

/** The ids of a tree the editor has not asked about yet (placeholders of instant updates are not in any source). */
export function idsToLookUp(
  ids: readonly string[],
  known: Readonly<Record<string, unknown>>,
  withoutSource: Readonly<Record<string, unknown>>,
  stale: Readonly<Record<string, unknown>> = {},
): string[] {
  return ids.filter((id) => (!(id in known) || id in stale) && !(id in withoutSource) && isValidCodebaseId(id) && !id.includes('placeholder'));
}

/** The frame's lookups for the ids of a tree that the editor knows: the name as written, the static-text and bound-text facts. */
export function frameLookupsFor(ids: readonly string[], info: Readonly<Record<string, ElementSourceInfo>>): Record<string, ElementLookup> {
  const lookups: Record<string, ElementLookup> = {};
  for (const id of ids) {
    const element = info[id];
    if (!element) continue;
    lookups[id] = {
      name: element.tagName,
      isStaticText: element.isStaticText,
      ...(element.staticText !== undefined ? { staticText: element.staticText } : {}),
      ...(element.textHome?.editable ? { boundText: true } : {}),
    };
  }
  return lookups;
}

const store = () => useEditorStore.getState();

/**
 * The element lookups of this page: the answers go to the editor's store; what lasts here is the refresh
 * scheduled after a write, and whether a failed lookup has been shown already (once per page is enough).
 */
export class ElementLookups {
  private scheduledRefresh: ReturnType<typeof setTimeout> | null = null;
  private failureShown = false;

  constructor(
    private readonly frames: FrameRegistry,
    private readonly server: Pick<StudioServer, 'call'>,
  ) {}

  /**
   * Asks the server about `ids` (in batches the server takes) and keeps the answers in the store; ids the server
   * does not find are marked as without source. Answers whether anything new was learnt.
   */
  async lookUp(ids: readonly string[]): Promise<boolean> {
    let learnt = false;
    for (let start = 0; start < ids.length; start += LOOKUP_LIMIT) {
      const batch = ids.slice(start, start + LOOKUP_LIMIT);
      const answer = await this.server.call<ElementLookupAnswer>(STUDIO_API_PATHS.elementsLookup, { method: 'POST', body: { codebaseIds: batch } });
      const found = answer.elements ?? {};
      if (Object.keys(found).length > 0) {
        store().mergeElementInfo(found);
        learnt = true;
      }
      const missing = batch.filter((id) => !(id in found));
      if (missing.length > 0) store().markWithoutSource(missing);
    }
    return learnt;
  }

  /** Gives a frame the source facts of its tree's elements; with `tree`, first asks the server about new ids. */
  async giveFrame(channel: FrameChannel, tree: NavTreeNode | null): Promise<void> {
    const ids = tree ? codebaseIdsOf(tree) : Object.keys(store().elementInfo);
    if (tree) {
      // Facts a write made stale wait for the refresh scheduled after it, when the hot reload has had its turn.
      const unknown = idsToLookUp(ids, store().elementInfo, store().withoutSource, this.staleToAskNow(store().staleSource));
      if (unknown.length === 0) return;
      try {
        // Nothing new learnt: the frame already has every fact there is, and telling it again would rebuild its tree.
        if (!(await this.lookUp(unknown))) return;
      } catch (error) {
        console.warn('Element lookup failed', error);
        if (!this.failureShown) store().notify('error', `The studio could not read the elements' source: ${(error as Error).message}`);
        this.failureShown = true;
        return;
      }
    }
    const lookups = frameLookupsFor(ids, store().elementInfo);
    if (Object.keys(lookups).length === 0) return;
    try {
      await channel.call('setNewLookups', { lookups });
    } catch (error) {
      console.warn('setNewLookups failed', error);
    }
  }

  /**
   * Asks again about the ids of every frame's current tree that the editor no longer knows (after a change wrote
   * their file) and gives each frame its lookups: an edit that changes nothing on screen brings no new nav tree,
   * yet the facts of the written file's elements (static text, names, places) have moved.
   */
  async refreshFrames(): Promise<void> {
    const trees = Object.entries(store().frames).flatMap(([frameId, runtime]) => (runtime.navTree ? [{ frameId, tree: runtime.navTree }] : []));
    if (trees.length === 0) return;
    const state = store();
    const unknown = idsToLookUp([...new Set(trees.flatMap(({ tree }) => codebaseIdsOf(tree)))], state.elementInfo, state.withoutSource, state.staleSource);
    try {
      if (unknown.length === 0 || !(await this.lookUp(unknown))) return;
    } catch (error) {
      console.warn('Element lookup failed', error);
      return;
    }
    for (const { frameId, tree } of trees) {
      const lookups = frameLookupsFor(codebaseIdsOf(tree), store().elementInfo);
      await this.frames
        .channel(frameId)
        ?.call('setNewLookups', { lookups })
        .catch((error: unknown) => console.warn('setNewLookups failed', error));
    }
  }

  /**
   * Asks again about the written file's elements after `delayMs` (see `refreshFrames`); until then the frames'
   * trees ask only about ids never seen, and the stale facts stay on screen. A later write moves the refresh on.
   */
  scheduleRefresh(delayMs: number): void {
    this.cancelRefresh();
    this.scheduledRefresh = setTimeout(() => {
      this.scheduledRefresh = null;
      void this.refreshFrames();
    }, delayMs);
  }

  cancelRefresh(): void {
    if (this.scheduledRefresh) clearTimeout(this.scheduledRefresh);
    this.scheduledRefresh = null;
  }

  /** The stale facts a tree should ask about now: none while a refresh of them is scheduled. */
  staleToAskNow(stale: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
    return this.scheduledRefresh ? {} : stale;
  }
}
