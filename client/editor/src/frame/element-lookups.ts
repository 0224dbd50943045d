/**
 * What the source says about the elements a frame shows: after each nav tree, the editor asks the server about
 * the codebase ids it does not know yet (`POST /_studio/api/elements/lookup`), keeps the answers, and gives the
 * frame the names and static-text facts (`setNewLookups`), which its outlines, labels and text editing use.
 */
import { isValidCodebaseId, STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import type { ElementLookup, NavTreeNode } from '@contracts/frame-protocol.js';
import { LOOKUP_LIMIT, type ElementLookupAnswer, type ElementSourceInfo, type TextHomeInfo } from '@contracts/studio-api.js';
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

/**
 * What the lookup tells bound text's home for (`texts`, `instances` of its body): for each element of the tree that
 * shows text of its own, the text as a person sees it and the component elements above it in the tree (the call
 * sites it was rendered through, innermost first), as an edit of it sends them. An element shown several times is
 * told for none of its instances: the store keeps one answer per element, which then says whether any instance's
 * words are literals of the project (the frame offers in-place editing by it), and the inspector asks for the
 * selected instance on its own (`textHomeOf`).
 */
export function shownTextsOf(tree: NavTreeNode, ids?: ReadonlySet<string>): { texts: Record<string, string>; instances: Record<string, string[]> } {
  const texts: Record<string, string> = {};
  const instances: Record<string, string[]> = {};
  const repeated = new Set<string>();
  const stack: Array<{ node: NavTreeNode; through: string[] }> = [{ node: tree, through: [] }];
  while (stack.length) {
    const { node, through } = stack.pop()!;
    const id = node.tempoElement.codebaseId;
    const text = node.literalChildren.join('').replace(/\s+/g, ' ').trim();
    if (id in texts) repeated.add(id);
    else if (text !== '' && (!ids || ids.has(id))) {
      texts[id] = text.slice(0, 10_000);
      if (through.length > 0) instances[id] = through.slice(0, 200);
    }
    const inner = node.isComponent && id !== STORYBOARD_CODEBASE_ID ? [id, ...through] : through;
    for (const child of node.children) stack.push({ node: child, through: inner });
  }
  for (const id of repeated) {
    delete texts[id];
    delete instances[id];
  }
  return { texts, instances };
}

/** The component elements above the node of `key` in the tree (the call sites it was rendered through), innermost first. */
export function renderedThroughIn(tree: NavTreeNode | null, key: string): string[] {
  const path: NavTreeNode[] = [];
  const walk = (node: NavTreeNode): boolean => {
    if (node.key === key) return true;
    path.push(node);
    if (node.children.some(walk)) return true;
    path.pop();
    return false;
  };
  if (!tree || !walk(tree)) return [];
  return path
    .filter((node) => node.isComponent && node.tempoElement.codebaseId !== STORYBOARD_CODEBASE_ID)
    .map((node) => node.tempoElement.codebaseId)
    .reverse();
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
  async lookUp(ids: readonly string[], trees: readonly NavTreeNode[] = [], reach: 'file' | 'project' = 'project'): Promise<boolean> {
    let learnt = false;
    for (let start = 0; start < ids.length; start += LOOKUP_LIMIT) {
      const batch = ids.slice(start, start + LOOKUP_LIMIT);
      const asked = new Set(batch);
      const shown = { texts: {} as Record<string, string>, instances: {} as Record<string, string[]> };
      for (const tree of trees) {
        const { texts, instances } = shownTextsOf(tree, asked);
        shown.texts = { ...texts, ...shown.texts };
        shown.instances = { ...instances, ...shown.instances };
      }
      const body = { codebaseIds: batch, ...(Object.keys(shown.texts).length > 0 ? shown : {}), ...(reach === 'file' ? { reach } : {}) };
      const answer = await this.server.call<ElementLookupAnswer>(STUDIO_API_PATHS.elementsLookup, { method: 'POST', body });
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

  /**
   * Where one instance's bound text is written: the lookup for the text it shows and the call sites it was rendered
   * through (an element shown several times is known in the store for its first instance only).
   */
  async textHomeOf(codebaseId: string, text: string, instance: readonly string[]): Promise<TextHomeInfo | undefined> {
    const body = { codebaseIds: [codebaseId], texts: { [codebaseId]: text }, ...(instance.length > 0 ? { instances: { [codebaseId]: instance } } : {}) };
    const answer = await this.server.call<ElementLookupAnswer>(STUDIO_API_PATHS.elementsLookup, { method: 'POST', body });
    return answer.elements?.[codebaseId]?.textHome;
  }

  /** Gives a frame the source facts of its tree's elements; with `tree`, first asks the server about new ids. */
  async giveFrame(channel: FrameChannel, tree: NavTreeNode | null): Promise<void> {
    const ids = tree ? codebaseIdsOf(tree) : Object.keys(store().elementInfo);
    if (tree) {
      // Facts a write made stale wait for the refresh scheduled after it, when the hot reload has had its turn.
      const unknown = idsToLookUp(ids, store().elementInfo, store().withoutSource, this.staleToAskNow(store().staleSource));
      if (unknown.length === 0) return;
      // First what the elements' own files say (the layers' places, a selection's inspector), then every fact:
      // where bound text is written needs the whole project, which after a restart is parsed only then.
      for (const reach of ['file', 'project'] as const) {
        try {
          // Nothing new learnt: the frame already has every fact there is, and telling it again would rebuild its tree.
          if (!(await this.lookUp(unknown, [tree], reach))) return;
        } catch (error) {
          console.warn('Element lookup failed', error);
          if (!this.failureShown) store().notify('error', `The studio could not read the elements' source: ${(error as Error).message}`);
          this.failureShown = true;
          return;
        }
        await this.tellFrame(channel, ids);
      }
      return;
    }
    await this.tellFrame(channel, ids);
  }

  /** Gives a frame what the editor knows of `ids`: names, static text, whether bound text can be edited in place. */
  private async tellFrame(channel: FrameChannel, ids: readonly string[]): Promise<void> {
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
      if (unknown.length === 0 || !(await this.lookUp(unknown, trees.map(({ tree }) => tree)))) return;
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
