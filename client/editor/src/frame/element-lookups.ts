/**
 * What the source says about the elements a frame shows: after each nav tree, the editor asks the server about
 * the codebase ids it does not know yet (`POST /_studio/api/elements/lookup`), keeps the answers, and gives the
 * frame the names and static-text facts (`setNewLookups`), which its outlines, labels and text editing use.
 */
import { isValidCodebaseId, STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import type { ElementLookup, NavTreeNode } from '@contracts/frame-protocol.js';
import { LOOKUP_LIMIT, type ElementLookupAnswer, type ElementSourceInfo } from '@contracts/studio-api.js';
import { studioCall } from '../api/studio-client';
import { useEditorStore } from '../state/editor-store';
import { frameChannel } from './frame-registry';

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

/** The frame's lookups for the ids of a tree that the editor knows: the name as written and the static-text fact. */
export function frameLookupsFor(ids: readonly string[], info: Readonly<Record<string, ElementSourceInfo>>): Record<string, ElementLookup> {
  const lookups: Record<string, ElementLookup> = {};
  for (const id of ids) {
    const element = info[id];
    if (element) lookups[id] = { name: element.tagName, isStaticText: element.isStaticText };
  }
  return lookups;
}

/**
 * Asks the server about `ids` (in batches the server takes) and keeps the answers in the store; ids the server
 * does not find are marked as without source. Answers whether anything new was learnt.
 */
export async function lookUpElements(ids: readonly string[]): Promise<boolean> {
  let learnt = false;
  for (let start = 0; start < ids.length; start += LOOKUP_LIMIT) {
    const batch = ids.slice(start, start + LOOKUP_LIMIT);
    const answer = await studioCall<ElementLookupAnswer>('/elements/lookup', { method: 'POST', body: { codebaseIds: batch } });
    const found = answer.elements ?? {};
    const store = useEditorStore.getState();
    if (Object.keys(found).length > 0) {
      store.mergeElementInfo(found);
      learnt = true;
    }
    const missing = batch.filter((id) => !(id in found));
    if (missing.length > 0) store.markWithoutSource(missing);
  }
  return learnt;
}

/**
 * Asks again about the ids of every frame's current tree that the editor no longer knows (after a change wrote
 * their file) and gives each frame its lookups: an edit that changes nothing on screen brings no new nav tree, yet
 * the facts of the written file's elements (static text, names, places) have moved.
 */
export async function refreshFrameLookups(): Promise<void> {
  const trees = Object.entries(useEditorStore.getState().frames).flatMap(([frameId, runtime]) => (runtime.navTree ? [{ frameId, tree: runtime.navTree }] : []));
  if (trees.length === 0) return;
  const state = useEditorStore.getState();
  const unknown = idsToLookUp([...new Set(trees.flatMap(({ tree }) => codebaseIdsOf(tree)))], state.elementInfo, state.withoutSource, state.staleSource);
  try {
    if (unknown.length === 0 || !(await lookUpElements(unknown))) return;
  } catch (error) {
    console.warn('Element lookup failed', error);
    return;
  }
  for (const { frameId, tree } of trees) {
    const lookups = frameLookupsFor(codebaseIdsOf(tree), useEditorStore.getState().elementInfo);
    await frameChannel(frameId)
      ?.call('setNewLookups', { lookups })
      .catch((error: unknown) => console.warn('setNewLookups failed', error));
  }
}

let scheduledRefresh: ReturnType<typeof setTimeout> | null = null;

/**
 * Asks again about the written file's elements after `delayMs` (see `refreshFrameLookups`); until then the frames'
 * trees ask only about ids never seen, and the stale facts stay on screen. A later write moves the refresh on.
 */
export function scheduleLookupRefresh(delayMs: number): void {
  cancelLookupRefresh();
  scheduledRefresh = setTimeout(() => {
    scheduledRefresh = null;
    void refreshFrameLookups();
  }, delayMs);
}

export function cancelLookupRefresh(): void {
  if (scheduledRefresh) clearTimeout(scheduledRefresh);
  scheduledRefresh = null;
}

/** The stale facts a tree should ask about now: none while a refresh of them is scheduled. */
export function staleToAskNow(stale: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  return scheduledRefresh ? {} : stale;
}
