/**
 * What the inspector asks about an element: its matched CSS rules, computed styles and class list, whether a
 * selector matches it, and the states (hover, focus, …) forced on it to show their styles. Each fact goes back
 * once, as the answer to the inspector's request.
 */
import type { FrameFunctionHandlers } from '@contracts/frame-protocol.js';
import { cssEvals, processRules, ruleMatchesElement } from '../css-rules.js';
import { STYLE_ELEMENT_ID } from '../instant-markers.js';
import type { OverlayParts } from '../overlay-parts.js';

type InspectionHandlers = Pick<
  FrameFunctionHandlers,
  'processRulesForSelectedElement' | 'setModifiersForSelectedElement' | 'getCssEvals' | 'ruleMatchesElement' | 'getElementClassList'
>;

export function inspectionHandlers({ tree, selection, forced, redraw }: OverlayParts): InspectionHandlers {
  const selectedElement = (key?: string) => tree.elementFor(key ?? selection.primary);

  return {
    processRulesForSelectedElement() {
      const element = selectedElement();
      return { rules: element ? processRules(element, tree.quiet.bind(tree), document.getElementById(STYLE_ELEMENT_ID)) : [] };
    },
    setModifiersForSelectedElement({ modifiers, elementKey }) {
      const shown = forced.set(elementKey ?? selection.primary, modifiers ?? []);
      redraw();
      return { modifiers: shown };
    },
    getCssEvals({ elementKey }) {
      const element = selectedElement(elementKey);
      return element ? cssEvals(element) : null;
    },
    ruleMatchesElement({ elementKey, selector }) {
      const element = selectedElement(elementKey);
      if (!element) return { matches: false, valid: false };
      return ruleMatchesElement(element, selector);
    },
    getElementClassList({ elementKey }) {
      return { classList: [...(selectedElement(elementKey)?.classList ?? [])] };
    },
  };
}
