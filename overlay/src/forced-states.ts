/**
 * States (hover, focus, …) forced on the selected element, so that the frame shows what the element looks like in
 * them without the pointer or the focus on it: its own rules for those states (`hover:bg-emerald-700`, a
 * stylesheet's `.button:hover`) and the instant updates made under them.
 *
 * The element carries the forced states in an attribute (`class-names.ts`), and a style element of the studio holds
 * a copy of each rule of the page that can style it in one of those states, with the pseudo-class written as that
 * attribute. Both are made again after a hot reload: a new `hover:` class written to the source comes with a new
 * rule in the page's stylesheet, and a remounted element has lost the attribute.
 */
import { STUDIO_ELEMENT_ID_PREFIX } from '@contracts/dom.js';
import { FORCED_STATES_ATTRIBUTE, forcedStateSelector, isInstantModifier, type InstantModifier } from './class-names.js';
import { STYLE_ELEMENT_ID } from './instant-markers.js';

/** The style element of the forced states' rules; the matched-rules report leaves studio style elements out. */
export const FORCED_STYLE_ELEMENT_ID = `${STUDIO_ELEMENT_ID_PREFIX}forced-states`;

/** Matches a state's pseudo-class (not an escaped `\:hover` inside a class name, not `:focus-visible` for `focus`). */
function pseudoPattern(states: readonly InstantModifier[]): RegExp {
  return new RegExp(`(?<!\\\\):(${states.join('|')})(?![\\w-])`, 'g');
}

/** The rule's text with each forced pseudo-class written as the attribute, and a hover-capable-device query dropped. */
function rewrite(text: string, pattern: RegExp): string {
  return text.replace(pattern, (_match, state: InstantModifier) => forcedStateSelector(state)).replace(/@media\s*\(hover:\s*hover\)/g, '@media all');
}

function matchesSafely(element: Element, selector: string): boolean {
  try {
    return element.matches(selector);
  } catch {
    return false;
  }
}

/** The text a grouping rule (`@layer utilities`, `@media …`) opens with, to wrap the rules kept inside it. */
function preludeOf(rule: CSSRule): string {
  const text = rule.cssText;
  return text.slice(0, text.indexOf('{')).trim();
}

/**
 * The rules of these sheets that style the element in one of the states, rewritten for the forced states, in their
 * layers and media (so that the cascade orders them as it orders the originals). A rule is kept when it names a
 * state and its own selector, with the states forced, matches the element (for a nested `&:hover`, the selector
 * of the rule it is nested in).
 */
export function forcedRulesText(element: Element, states: readonly InstantModifier[], sheets: Iterable<CSSStyleSheet>): string {
  if (states.length === 0) return '';
  const pattern = pseudoPattern(states);
  const names = (text: string) => text.search(pattern) >= 0;
  const visit = (rules: CSSRuleList): string[] => {
    const kept: string[] = [];
    for (const rule of rules) {
      if (rule instanceof CSSStyleRule) {
        if (names(rule.cssText) && matchesSafely(element, rewrite(rule.selectorText, pattern))) kept.push(rewrite(rule.cssText, pattern));
      } else if (rule instanceof CSSGroupingRule || rule instanceof CSSLayerBlockRule) {
        const inner = visit(rule.cssRules);
        if (inner.length > 0) kept.push(`${rewrite(preludeOf(rule), pattern)} {\n${inner.join('\n')}\n}`);
      }
    }
    return kept;
  };
  const text: string[] = [];
  for (const sheet of sheets) {
    const owner = sheet.ownerNode;
    if (owner instanceof Element && (owner.id === FORCED_STYLE_ELEMENT_ID || owner.id === STYLE_ELEMENT_ID)) continue;
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // a cross-origin sheet cannot be read
    }
    text.push(...visit(rules));
  }
  return text.join('\n');
}

export interface ForcedStatesOptions {
  /** The element an element key names now (after a hot reload, possibly another node than before). */
  elementFor(key: string): Element | null;
  /** Runs a change of the page that the nav tree's watch must not take for a change of the console. */
  quiet<T>(fn: () => T): T;
}

/** The states forced on one element of the page, kept in place across hot reloads until they are changed. */
export class ForcedStates {
  private key: string | null = null;
  private states: InstantModifier[] = [];
  private scheduled = false;
  /** Vite's hot reload of a stylesheet replaces its text in the head: the copied rules are then made again. */
  private readonly headObserver = new MutationObserver((records) => {
    if (records.some((record) => !this.isOwn(record.target))) this.schedule();
  });

  /**
   * A hot reload that remounts the element takes the attribute with the old node: put back as the page changes,
   * before it paints, not at the next nav tree (the state flashed off for as long as that took).
   */
  private readonly bodyObserver = new MutationObserver(() => {
    const element = this.key ? this.options.elementFor(this.key) : null;
    if (element && !element.hasAttribute(FORCED_STATES_ATTRIBUTE)) this.schedule();
  });

  constructor(private readonly options: ForcedStatesOptions) {}

  /** Forces these states on the element (only those a frame can show); none stops forcing. */
  set(key: string | null, modifiers: readonly string[]): InstantModifier[] {
    this.states = [...new Set(modifiers.filter(isInstantModifier))];
    this.key = this.states.length > 0 ? key : null;
    if (this.key) {
      this.headObserver.observe(document.head, {
        childList: true,
        subtree: true,
        characterData: true,
      });
      this.bodyObserver.observe(document.body, { childList: true, subtree: true });
    } else {
      this.headObserver.disconnect();
      this.bodyObserver.disconnect();
    }
    this.apply();
    return this.key ? this.states : [];
  }

  /** Puts the states back on the element and copies its rules again (after a nav tree, a stylesheet's update). */
  apply(): void {
    this.options.quiet(() => {
      const element = this.key ? this.options.elementFor(this.key) : null;
      for (const forced of document.querySelectorAll(`[${FORCED_STATES_ATTRIBUTE}]`)) {
        if (forced !== element) forced.removeAttribute(FORCED_STATES_ATTRIBUTE);
      }
      const value = this.states.join(' ');
      if (element && element.getAttribute(FORCED_STATES_ATTRIBUTE) !== value) element.setAttribute(FORCED_STATES_ATTRIBUTE, value);
      const css = element ? forcedRulesText(element, this.states, document.styleSheets) : '';
      const style = this.styleElement(css !== '');
      if (style && style.textContent !== css) style.textContent = css;
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.apply();
    });
  }

  private isOwn(node: Node): boolean {
    const style = document.getElementById(FORCED_STYLE_ELEMENT_ID);
    return !!style && (node === style || style.contains(node));
  }

  private styleElement(create: boolean): HTMLStyleElement | null {
    let style = document.getElementById(FORCED_STYLE_ELEMENT_ID) as HTMLStyleElement | null;
    if (!style && create) {
      style = document.createElement('style');
      style.id = FORCED_STYLE_ELEMENT_ID;
      document.head.appendChild(style);
    }
    return style;
  }
}
