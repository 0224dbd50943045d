/**
 * The page's structure as the editor changes it: instant updates (shown before the source is written), the ids a
 * write shifted, the source facts of the elements, and the editor's flush. What makes the nav tree stale asks its
 * keeper for one build; an edit's requests and the hot reload of its write are served by one.
 */
import { instantDuringFlush } from '@contracts/change-items.js';
import { remapElementKey, type FrameFunctionHandlers } from '@contracts/frame-protocol.js';
import { prepareDeleteAfterRefresh, shownByStudio } from '../instant-markers.js';
import { applyChangeItem } from '../instant-updates.js';
import { remapCodebaseIds } from '../instant-undo.js';
import { afterNextPaint } from '../nav-tree.js';
import { handOverStandIns } from '../placeholder-handoff.js';
import type { OverlayParts } from '../overlay-parts.js';

type StructureHandlers = Pick<FrameFunctionHandlers, 'applyChangeItemToDocument' | 'updateCodebaseIds' | 'setNewLookups' | 'setIsFlushing'>;

export function structureHandlers({ store, channel, tree, selection, handles, redraw }: OverlayParts): StructureHandlers {
  return {
    async applyChangeItemToDocument({ changeItem }) {
      if (store.isFlushing && !instantDuringFlush(changeItem)) {
        const held = { changeId: changeItem.id, success: false, sendNewNavTree: false, instantUpdateData: {} };
        channel.post('INSTANT_UPDATE_DONE', held);
        return held;
      }
      const result = await tree.quietAsync(() => applyChangeItem(changeItem, { storyboardId: store.storyboardId, log: (message, error) => console.error(message, error ?? '') }));
      channel.post('INSTANT_UPDATE_DONE', result);
      // A handle's released values were shown until now: the change shows them from here on.
      handles.settle(changeItem);
      if (result.sendNewNavTree) tree.edited();
      // Once the change has been painted: the outlines' measuring would hold that frame back.
      void afterNextPaint().then(redraw);
      return result;
    },
    updateCodebaseIds({ prevIdToNewIdMap, newTreeElementLookup }) {
      const map = prevIdToNewIdMap ?? {};
      // Why the page's own elements are left alone once the page has rendered the write: the map turns the ids of the
      // source before the write into those after it, and a hot reload that came before the answer has already given
      // the page's elements the ids after it. Applied again it carries them a step further: a wrapper takes the
      // wrapped element's old id, which the map sends on to the wrapped element's new id, so the new wrapper lost its
      // id, its stand-in never found it, and no tree had it (the editor's selection waited on it for ever). The
      // studio's stand-ins are always renamed: they show the source before the write.
      const rendered = tree.renderedSinceWrite(new Set([...Object.keys(map), ...Object.values(map)]));
      const updated = tree.quiet(() => remapCodebaseIds(map, rendered ? shownByStudio : undefined));
      tree.answered();
      // A hot reload quicker than the answer brought the written elements first: their stand-ins go now.
      tree.quiet(handOverStandIns);
      const before = new Map(store.lookups);
      if (newTreeElementLookup) for (const [id, lookup] of Object.entries(newTreeElementLookup)) store.lookups.set(id, lookup);
      selection.rename((key) => remapElementKey(key, prevIdToNewIdMap));
      if (updated > 0 || tree.wouldRename(before, store.lookups)) tree.edited();
      redraw();
      return { updated };
    },
    setNewLookups({ lookups }) {
      const before = store.lookups;
      store.lookups = new Map(Object.entries(lookups ?? {}));
      // The same names again (facts asked for anew after a write) change nothing in the tree: no build.
      if (tree.wouldRename(before, store.lookups)) void tree.rebuildNow();
      return { count: store.lookups.size };
    },
    setIsFlushing({ isFlushing }) {
      store.isFlushing = isFlushing === true;
      tree.writing(store.isFlushing);
      const prepared = store.isFlushing ? tree.quiet(() => prepareDeleteAfterRefresh()) : 0;
      return { isFlushing: store.isFlushing, prepared };
    },
  };
}
