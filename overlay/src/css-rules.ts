/**
 * CSS reports for the selected element (docs/editor.md#css-reports): the rules that apply to it or
 * would apply if their classes were added, computed styles, and the class list.
 */
import { STUDIO_ELEMENT_ID_PREFIX } from '@contracts/dom.js';
import type { CssEvals, ProcessedCssRule } from '@contracts/frame-protocol.js';
import { codebaseIdOf } from './element-identity.js';
import { isSelectorValid, selectorFacts } from './selector-check.js';

/** The computed properties reported for the selected element (about 65). */
export const CSS_EVAL_PROPERTIES = [
  'display', 'position', 'top', 'right', 'bottom', 'left', 'z-index', 'float', 'box-sizing',
  'width', 'height', 'min-width', 'min-height', 'max-width', 'max-height',
  'margin-top', 'margin-right', 'margin-bottom', 'margin-left',
  'padding-top', 'padding-right', 'padding-bottom', 'padding-left',
  'flex-direction', 'flex-wrap', 'flex-grow', 'flex-shrink', 'flex-basis', 'justify-content', 'align-items',
  'align-self', 'align-content', 'gap', 'row-gap', 'column-gap', 'order',
  'grid-template-columns', 'grid-template-rows', 'grid-column', 'grid-row',
  'color', 'background-color', 'background-image', 'opacity',
  'font-family', 'font-size', 'font-weight', 'font-style', 'line-height', 'letter-spacing', 'text-align',
  'text-decoration-line', 'text-transform', 'white-space',
  'border-top-width', 'border-right-width', 'border-bottom-width', 'border-left-width', 'border-style', 'border-color',
  'border-top-left-radius', 'border-top-right-radius', 'border-bottom-right-radius', 'border-bottom-left-radius',
  'box-shadow', 'overflow', 'cursor', 'visibility',
] as const;

export function cssEvals(element: Element): CssEvals {
  const computed = getComputedStyle(element);
  const styles: Record<string, string> = {};
  for (const property of CSS_EVAL_PROPERTIES) styles[property] = computed.getPropertyValue(property);
  const parent = element.parentElement;
  const parentStyle = parent ? getComputedStyle(parent) : null;
  return {
    styles,
    parentDisplay: parentStyle?.display ?? null,
    parentFlexDirection: parentStyle?.flexDirection ?? null,
    darkModeAncestor: element.closest('.dark') !== null,
  };
}

export function selectorIsValid(selector: string): boolean {
  return isSelectorValid(selector, (s) => document.querySelector(s));
}

export function ruleMatchesElement(element: Element, selector: string): { matches: boolean; valid: boolean } {
  if (!selectorIsValid(selector)) return { matches: false, valid: false };
  return { matches: element.matches(selector), valid: true };
}

/** Runs `test` with the classes temporarily changed, without the change being seen as a page change. */
function withClasses<T>(element: Element, add: string[], remove: string[], quiet: (fn: () => T) => T, test: () => T): T {
  return quiet(() => {
    const added = add.filter((name) => !element.classList.contains(name));
    const removed = remove.filter((name) => element.classList.contains(name));
    element.classList.add(...added);
    element.classList.remove(...removed);
    try {
      return test();
    } finally {
      element.classList.remove(...added);
      element.classList.add(...removed);
    }
  });
}

function sheetName(sheet: CSSStyleSheet): string {
  const owner = sheet.ownerNode as Element | null;
  return sheet.href ?? owner?.getAttribute?.('data-vite-dev-id') ?? (owner?.id ? `#${owner.id}` : 'inline');
}

function* styleRules(rules: CSSRuleList): Generator<CSSStyleRule> {
  for (const rule of rules) {
    if (rule instanceof CSSStyleRule) yield rule;
    if ('cssRules' in rule && (rule as CSSGroupingRule).cssRules && !(rule instanceof CSSStyleRule)) yield* styleRules((rule as CSSGroupingRule).cssRules);
  }
}

const INHERITED_PROPERTIES = new Set([
  'color', 'cursor', 'direction', 'letter-spacing', 'line-height', 'list-style', 'list-style-type', 'list-style-position',
  'quotes', 'tab-size', 'text-align', 'text-indent', 'text-transform', 'text-shadow', 'visibility', 'white-space',
  'word-break', 'word-spacing', 'overflow-wrap', 'caption-side', 'border-collapse', 'border-spacing', 'hyphens',
]);

function isInheritedProperty(property: string): boolean {
  return INHERITED_PROPERTIES.has(property) || property.startsWith('font') || property.startsWith('--');
}

function stylesOf(rule: CSSStyleRule): Record<string, string> {
  const styles: Record<string, string> = {};
  for (let i = 0; i < rule.style.length; i++) {
    const property = rule.style.item(i);
    styles[property] = rule.style.getPropertyValue(property);
  }
  return styles;
}

/** Each selector of a rule on its own, so `a, b` reports whether each part matches. */
function selectorParts(selectorText: string): string[] {
  return selectorText.split(/,(?![^(]*\))/).map((part) => part.trim()).filter(Boolean);
}

interface SheetStyleRules {
  /** The sheet's top-level rule count when it was read: a rule inserted or deleted since changes it. */
  length: number;
  rules: Array<{ rule: CSSStyleRule; selectors: string[] }>;
}

/**
 * Each sheet's style rules (nested ones included) and their selectors, read once per sheet: walking a CSSOM rule
 * list makes a wrapper object per rule, which took longer than matching the selectors. A hot reload of a
 * stylesheet replaces its sheet, so a new sheet is read anew.
 */
const sheetRules = new WeakMap<CSSStyleSheet, SheetStyleRules>();

function styleRulesOf(sheet: CSSStyleSheet, cssRules: CSSRuleList): SheetStyleRules['rules'] {
  const known = sheetRules.get(sheet);
  if (known && known.length === cssRules.length) return known.rules;
  const rules = Array.from(styleRules(cssRules), (rule) => ({ rule, selectors: selectorParts(rule.selectorText) }));
  sheetRules.set(sheet, { length: cssRules.length, rules });
  return rules;
}

/** The classes the element's ancestors carry: a rule whose subject names another class reaches no ancestor. */
function ancestorClasses(element: Element): Set<string> {
  const classes = new Set<string>();
  for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) for (const name of ancestor.classList) classes.add(name);
  return classes;
}

/**
 * Why it is written this way: the report walks every selector of every stylesheet (hundreds of Tailwind
 * utilities), in the main thread the frame's hot reload needs too. Whether a rule would apply with its classes
 * added is asked of the selector without them (`selectorFacts`), not by changing the element's classes, which
 * invalidated its style once per utility; a rule whose subject names a class no ancestor has cannot reach the
 * element by inheritance, so neither its declarations nor the ancestors are looked at.
 */
export function processRules(element: Element, quiet: <T>(fn: () => T) => T, ownStyleSheet: Element | null): ProcessedCssRule[] {
  const rules: ProcessedCssRule[] = [];
  const codebaseId = codebaseIdOf(element);
  const inAncestors = ancestorClasses(element);
  const parent = element.parentElement;
  for (const sheet of document.styleSheets) {
    // The studio's own style elements (instant updates, forced states' copies) are not the page's rules.
    if (sheet.ownerNode && (sheet.ownerNode === ownStyleSheet || (sheet.ownerNode instanceof Element && sheet.ownerNode.id.startsWith(STUDIO_ELEMENT_ID_PREFIX)))) continue;
    let cssRules: CSSRuleList;
    try {
      cssRules = sheet.cssRules;
    } catch {
      continue; // a cross-origin sheet cannot be read
    }
    const filename = sheetName(sheet);
    for (const { rule, selectors } of styleRulesOf(sheet, cssRules)) {
      for (const selector of selectors) {
        let applied: boolean;
        try {
          applied = element.matches(selector);
        } catch {
          continue;
        }
        const facts = selectorFacts(selector);
        const missing = facts.classes.filter((name) => !element.classList.contains(name));
        const missingInSubject = facts.subjectClasses.filter((name) => !element.classList.contains(name));
        let eligibleToApply = false;
        if (!applied && missingInSubject.length > 0 && missing.length <= 3 && facts.withoutSubjectClasses !== null) {
          try {
            eligibleToApply = element.matches(facts.withoutSubjectClasses);
          } catch {
            eligibleToApply = false;
          }
        }
        let styles: Record<string, string> | null = null;
        // A rule of an ancestor reaches the element through the properties that inherit.
        const inherited =
          !applied &&
          !eligibleToApply &&
          parent !== null &&
          facts.subjectClasses.every((name) => inAncestors.has(name)) &&
          Object.keys((styles = stylesOf(rule))).some(isInheritedProperty) &&
          parent.closest(selector) !== null;
        if (!applied && !eligibleToApply && !inherited) continue;
        styles ??= stylesOf(rule);
        const ownClasses = facts.classes.filter((name) => element.classList.contains(name));
        // Removable only if taking its class off stops the selector matching (docs/editor.md#css-reports).
        const removable = applied && ownClasses.length > 0 && ownClasses.some((name) => withClasses(element, [], [name], quiet, () => !element.matches(selector)));
        rules.push({
          filename,
          selector,
          styles,
          applied,
          inherited,
          removable,
          allowChanges: !filename.includes('node_modules'),
          codebaseId,
          modifiers: [...facts.modifiers],
          eligibleToApply,
        });
      }
    }
  }
  return rules;
}
