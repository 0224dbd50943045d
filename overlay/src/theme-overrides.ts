/**
 * Theme variables shown before the server has written them (a theme token's edit): each is set on the page's root
 * element, which every `var(--…)` of the page reads, and stays there until the page's own stylesheets give the
 * variable that value (the hot update of the edited stylesheet has arrived). Only then is it dropped, so the page
 * never shows the old value in between; an undo sets the value the page had before in the same way.
 */

/** Variable → the value its override shows, while the page's stylesheets do not say so yet. */
const waiting = new Map<string, string>();
let watcher: MutationObserver | null = null;

const normalised = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

/** The variable's value as the page's stylesheets give it, read with the override out of the way. */
function stylesheetValue(root: HTMLElement, variable: string): string {
  const shown = root.style.getPropertyValue(variable);
  const priority = root.style.getPropertyPriority(variable);
  root.style.removeProperty(variable);
  const value = getComputedStyle(root).getPropertyValue(variable);
  // Put back in the same task: the page is not painted between the two, so nothing flickers.
  if (shown) root.style.setProperty(variable, shown, priority);
  return value;
}

/** Drops each override whose value the stylesheets now give; answers how many are still waiting. */
export function settleThemeOverrides(): number {
  const root = document.documentElement;
  for (const [variable, value] of waiting) {
    if (normalised(stylesheetValue(root, variable)) !== normalised(value)) continue;
    root.style.removeProperty(variable);
    waiting.delete(variable);
  }
  if (waiting.size === 0) {
    watcher?.disconnect();
    watcher = null;
  }
  return waiting.size;
}

/** Vite's hot update of a stylesheet replaces the text of its style element (or the link) in the head. */
function watchStylesheets(): void {
  if (watcher) return;
  watcher = new MutationObserver(() => settleThemeOverrides());
  watcher.observe(document.head, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['href'] });
}

/** The value the page shows for the variable now (an override included). */
export function shownThemeValue(variable: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(variable).trim();
}

/** Shows `value` for the variable at once, until the page's stylesheets give it that value themselves. */
export function overrideThemeVariable(variable: string, value: string): void {
  const root = document.documentElement;
  if (value) root.style.setProperty(variable, value);
  else root.style.removeProperty(variable);
  waiting.set(variable, value);
  watchStylesheets();
  settleThemeOverrides();
}
