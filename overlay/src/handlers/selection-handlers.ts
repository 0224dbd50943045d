/**
 * Selection and hover as the editor sets them (from its layers, or to give a reloaded frame what it showed).
 */
import { STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import { parseElementKey, type FrameFunctionHandlers } from '@contracts/frame-protocol.js';
import { checkedKey } from '../checked-ids.js';
import type { OverlayParts } from '../overlay-parts.js';

type SelectionHandlers = Pick<FrameFunctionHandlers, 'setHoveredElement' | 'setSelectedElement' | 'setMultiselectedElementKeys' | 'showSelectionElsewhere' | 'clearHoveredOutlines'>;

export function selectionHandlers({ tree, hover, selection, drag, redraw }: OverlayParts): SelectionHandlers {
  /** Numbers the editor's selections, so a wait for an element yields to any selection made after it. */
  let latestSet = 0;
  return {
    setHoveredElement({ elementKey }) {
      if (elementKey) checkedKey(elementKey);
      hover.send({ type: 'POINTER_OVER', key: elementKey ?? null });
      return { elementKey: hover.visibleKey };
    },
    setSelectedElement({ elementKey }) {
      if (elementKey) checkedKey(elementKey);
      // A click here is on its way to the editor, which set this without knowing it: the click stands.
      if (selection.awaitsClickReport) return { elementKey: selection.primary };
      const isStoryboard = elementKey ? parseElementKey(elementKey)?.codebaseId === STORYBOARD_CODEBASE_ID : false;
      const call = ++latestSet;
      const select = () => selection.send({ type: 'SET', key: elementKey ?? null, isStoryboard });
      // An element a change is about to bring (an added or moved one): selected once the tree has it, unless the
      // editor or a click in the page has selected something else meanwhile (the wait would take that back).
      if (elementKey && !tree.elementFor(elementKey)) {
        const before = selection.primary;
        tree.whenTreeMatches(
          () => tree.hasKey(elementKey),
          () => call === latestSet && selection.primary === before && select(),
        );
      } else select();
      return { elementKey: selection.primary };
    },
    setMultiselectedElementKeys({ elementKeys }) {
      for (const key of elementKeys ?? []) checkedKey(key);
      if (selection.awaitsClickReport) return { elementKeys: [...selection.keys] };
      selection.send({ type: 'SET_MULTI', keys: elementKeys ?? [] });
      return { elementKeys: [...selection.keys] };
    },
    showSelectionElsewhere({ elementKeys }) {
      const keys = (elementKeys ?? []).map(checkedKey);
      selection.showTwins(keys);
      return { shown: keys.filter((key) => tree.elementFor(key) !== null).length };
    },
    clearHoveredOutlines() {
      hover.send({ type: 'CLEAR' });
      // A palette drag that left the frame (or ended) takes its insertion line with it.
      drag.showDropAt(null);
      redraw();
      return { cleared: true };
    },
  };
}
