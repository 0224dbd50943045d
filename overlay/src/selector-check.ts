/**
 * Selector validity: valid only if the browser can query it and postcss-selector-parser accepts it.
 * Parse failures are logged and count as invalid. See docs/editor.md#css-reports.
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

/** What the CSS reports need of a selector: the class names it names and its state modifiers. */
export interface SelectorFacts {
  /** `.a.b:hover > .c` → a, b, c. */
  readonly classes: readonly string[];
  /** The pseudo-classes (not pseudo-elements) it names: `.a:hover::before` → hover. */
  readonly modifiers: readonly string[];
  /** The classes of its subject, the compound after its last combinator (`.a > .b.c` → b, c). */
  readonly subjectClasses: readonly string[];
  /**
   * The selector with its subject's classes left out (`.a > .b:hover` → `.a > *:hover`): whether an element
   * matches it is whether the element would match the selector if it had those classes, asked without changing
   * the element. Null for a selector that does not parse.
   */
  readonly withoutSubjectClasses: string | null;
}

/**
 * Why a cache: the matched-rules report walks every selector of every stylesheet (Tailwind's alone has hundreds)
 * each time the inspector asks, and parsing them all again took tens of milliseconds on the main thread the frame
 * shares with its hot reload. Selector texts repeat across reports and hot reloads, so each is parsed once.
 */
const factsCache = new Map<string, SelectorFacts>();
const FACTS_KEPT = 20_000;
const NO_FACTS: SelectorFacts = Object.freeze({ classes: [], modifiers: [], subjectClasses: [], withoutSubjectClasses: null }) as SelectorFacts;

/** The classes and modifiers of a selector (parsed once per selector text); a selector that does not parse names none. */
export function selectorFacts(selector: string): SelectorFacts {
  const cached = factsCache.get(selector);
  if (cached) return cached;
  let facts: SelectorFacts;
  try {
    const classes: string[] = [];
    const modifiers: string[] = [];
    const subjectClasses: string[] = [];
    const withoutSubjectClasses = selectorParser((root) => {
      root.walk((node) => {
        if (node.type === 'class') classes.push(node.value);
        else if (node.type === 'pseudo' && !node.value.startsWith('::')) modifiers.push(node.value.replace(/^:/, ''));
      });
      root.each((selector) => {
        const nodes = selector.nodes;
        let start = nodes.length;
        while (start > 0 && nodes[start - 1]!.type !== 'combinator') start--;
        const subject = nodes.slice(start);
        for (const node of subject) {
          if (node.type !== 'class') continue;
          subjectClasses.push(node.value);
          node.remove();
        }
        // A compound left with nothing (or only pseudos) still needs an element to stand for.
        const rest = subject.filter((node) => node.type !== 'class');
        if (!rest.some((node) => node.type === 'tag' || node.type === 'universal')) {
          const universal = selectorParser.universal();
          if (rest[0]) selector.insertBefore(rest[0], universal);
          else selector.append(universal);
        }
      });
    }).processSync(selector);
    // Frozen: the cache hands the same facts to every caller.
    facts = Object.freeze({ classes: Object.freeze(classes), modifiers: Object.freeze(modifiers), subjectClasses: Object.freeze(subjectClasses), withoutSubjectClasses }) as SelectorFacts;
  } catch {
    facts = NO_FACTS;
  }
  if (factsCache.size >= FACTS_KEPT) factsCache.clear();
  factsCache.set(selector, facts);
  return facts;
}
