/**
 * Selection and hover as the editor sets them (from its layers, or to give a reloaded frame what it showed).
 */
import { STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import { parseElementKey, type FrameFunctionHandlers } from '@contracts/frame-protocol.js';
import { checkedKey } from '../checked-ids.js';
import type { OverlayParts } from '../overlay-parts.js';

type SelectionHandlers = Pick<FrameFunctionHandlers, 'setHoveredElement' | 'setSelectedElement' | 'setMultiselectedElementKeys' | 'showSelectionElsewhere' | 'clearHoveredOutlines'>;

export function selectionHandlers({ tree, hover, selection, drag, redraw }: OverlayParts): SelectionHandlers {
  return {
    setHoveredElement({ elementKey }) {
      if (elementKey) checkedKey(elementKey);
      hover.send({ type: 'POINTER_OVER', key: elementKey ?? null });
      return { elementKey: hover.visibleKey };
    },
    setSelectedElement({ elementKey }) {
      if (elementKey) checkedKey(elementKey);
      const isStoryboard = elementKey ? parseElementKey(elementKey)?.codebaseId === STORYBOARD_CODEBASE_ID : false;
      const select = () => selection.send({ type: 'SET', key: elementKey ?? null, isStoryboard });
      // An element a change is about to bring (an added or moved one): selected once the tree has it.
      if (elementKey && !tree.elementFor(elementKey)) tree.whenTreeMatches(() => tree.hasKey(elementKey), select);
      else select();
      return { elementKey: selection.primary };
    },
    setMultiselectedElementKeys({ elementKeys }) {
      for (const key of elementKeys ?? []) checkedKey(key);
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
