/**
 * Taking an instant update back (docs/editor.md#instant-updates), from what it recorded of itself
 * (`InstantUpdateData`), and the codebase ids of the page renamed after the server's answer or back on undo.
 */
import { CODEBASE_ID_ATTRIBUTE, TEMPORARY_STYLING_CLASS } from '@contracts/dom.js';
import type { FrameChangeItem } from '@contracts/frame-protocol.js';
import { elementsWithCodebaseId } from './element-identity.js';
import { ADDED_ATTRIBUTE, HIDDEN_ATTRIBUTE, unhide } from './instant-markers.js';
import { removeRulesFor } from './instant-styles.js';
import { overrideThemeVariable } from './theme-overrides.js';

function invert(map: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).map(([prev, next]) => [next, prev]));
}

/**
 * Gives elements new codebase ids (after the server's answer, or in reverse when undoing); only those `only`
 * accepts, when given.
 */
export function remapCodebaseIds(map: Record<string, string>, only: (element: Element) => boolean = () => true): number {
  // Why every element is found before any is renamed: an edit shifts ids along (a → b, b → c), and renaming in
  // turn would carry the elements that were a on to c.
  const renames = Object.entries(map)
    .filter(([prev, next]) => prev !== next)
    .map(([prev, next]) => [elementsWithCodebaseId(prev).filter(only), next] as const);
  let count = 0;
  for (const [elements, next] of renames) {
    for (const element of elements) {
      element.setAttribute(CODEBASE_ID_ATTRIBUTE, next);
      count++;
    }
  }
  return count;
}

/**
 * Takes an instant update back: removed elements shown again, added classes removed, class swaps reversed, added
 * elements removed, and ids the server changed mapped back in reverse.
 */
export function undoInstantUpdate(change: FrameChangeItem): boolean {
  const data = change.instantUpdateData;
  if (!data) return false;
  if (data.prevIdToNewIdMap) remapCodebaseIds(invert(data.prevIdToNewIdMap));
  for (const id of data.addedIds ?? []) {
    for (const element of document.querySelectorAll(`[${ADDED_ATTRIBUTE}][${CODEBASE_ID_ATTRIBUTE}="${CSS.escape(id)}"]`)) element.remove();
  }
  for (const element of document.querySelectorAll(`[${HIDDEN_ATTRIBUTE}]`)) {
    const removedKeys = Object.values(data.parentToElementKeysRemoved ?? {}).flat();
    const id = element.getAttribute(CODEBASE_ID_ATTRIBUTE);
    if (removedKeys.some((entry) => entry.elementKeyRemoved.startsWith(`${id}|`) || entry.elementKeyRemoved === id)) unhide(element);
  }
  if (data.addedClass) {
    for (const element of document.querySelectorAll(`.${CSS.escape(data.addedClass)}`)) {
      element.classList.remove(data.addedClass, TEMPORARY_STYLING_CLASS);
    }
    removeRulesFor(data.addedClass);
  }
  if (data.swappedClasses) {
    for (const element of elementsWithCodebaseId(data.swappedClasses.codebaseId)) {
      element.classList.remove(...data.swappedClasses.added);
      element.classList.add(...data.swappedClasses.removed);
    }
  }
  if (data.replacedText) {
    const { codebaseId, oldText, newText } = data.replacedText;
    for (const element of elementsWithCodebaseId(codebaseId)) if (element.textContent === newText) element.textContent = oldText;
  }
  if (data.themeOverride) overrideThemeVariable(data.themeOverride.variable, data.themeOverride.previous);
  return true;
}
