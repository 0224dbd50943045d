/**
 * Selector validity (spec §5): valid only if the browser can query it and postcss-selector-parser accepts it.
 * Parse failures are logged and count as invalid (spec §8).
 */
import selectorParser from 'postcss-selector-parser';

/** Whether postcss-selector-parser accepts the selector; a failure is logged and treated as invalid. */
export function parserAcceptsSelector(selector: string, log: (message: string) => void = console.warn): boolean {
  if (selector.trim() === '') return false;
  try {
    selectorParser().astSync(selector);
    return true;
  } catch (error) {
    log(`Could not parse selector "${selector}": ${(error as Error).message}`);
    return false;
  }
}

/** A query the browser can run (`document.querySelector`); throws on a selector it cannot parse. */
export type BrowserQuery = (selector: string) => unknown;

export function isSelectorValid(selector: string, browserQuery: BrowserQuery, log: (message: string) => void = console.warn): boolean {
  try {
    browserQuery(selector);
  } catch {
    log(`The browser cannot query selector "${selector}"`);
    return false;
  }
  return parserAcceptsSelector(selector, log);
}

/** The class names a selector names (`.a.b:hover > .c` → a, b, c). */
export function classesInSelector(selector: string): string[] {
  const classes: string[] = [];
  try {
    selectorParser((root) => {
      root.walkClasses((node) => {
        classes.push(node.value);
      });
    }).processSync(selector);
  } catch {
    return [];
  }
  return classes;
}

/** The pseudo-classes among the selector's last compound (`.a:hover` → hover), i.e. its state modifiers. */
export function modifiersInSelector(selector: string): string[] {
  const modifiers: string[] = [];
  try {
    selectorParser((root) => {
      root.walkPseudos((node) => {
        if (!node.value.startsWith('::')) modifiers.push(node.value.replace(/^:/, ''));
      });
    }).processSync(selector);
  } catch {
    return [];
  }
  return modifiers;
}
