/**
 * The hand-over from an instant update's stand-in to the element the hot reload brings: the moment React puts the
 * written element in the page, the stand-in goes, in the same task, so no painted frame shows both (a duplicate as
 * three copies, an added button twice) and none shows neither. The written element is known by its codebase id:
 * after the server's answer the stand-in carries the id the source gives the element (`updateCodebaseIds`), and the
 * hot-reloaded element is the one with that id under the same parent that the studio did not add. Before the answer
 * (a hot reload can be quicker) the stand-in still carries its placeholder: its element is then the one the page has
 * just put right after it, of its tag.
 */
import { CODEBASE_ID_ATTRIBUTE, isPlaceholderCodebaseId } from '@contracts/dom.js';
import { ADDED_ATTRIBUTE, DELETE_AFTER_REFRESH_ATTRIBUTE, HIDDEN_ATTRIBUTE } from './instant-markers.js';

/** Whether an element is the studio's: a stand-in, or one an instant update hid. */
const studios = (element: Element) => element.hasAttribute(ADDED_ATTRIBUTE) || element.hasAttribute(HIDDEN_ATTRIBUTE);

/**
 * Whether the page has brought the element a stand-in that still carries its placeholder shows: the first of its
 * following siblings that is not the studio's is of its tag and was just put in by the page (`addedByPage`, since the
 * write began). React puts a created element (a copy, an added element, a wrapper) where the source now has it,
 * which is where the instant update put its stand-in: right after it, past the stand-in's fellows and the elements
 * it hid.
 */
function placeholderArrived(standIn: Element, addedByPage: (element: Element) => boolean): boolean {
  let next = standIn.nextElementSibling;
  while (next && studios(next)) next = next.nextElementSibling;
  return next !== null && next.tagName === standIn.tagName && addedByPage(next);
}

/**
 * Whether the page holds the written element a stand-in shows: same id, same parent, not the studio's own; for a
 * stand-in whose write has not been answered yet, see `placeholderArrived` (without `addedByPage`: never).
 */
export function hasArrived(standIn: Element, addedByPage?: (element: Element) => boolean): boolean {
  const id = standIn.getAttribute(CODEBASE_ID_ATTRIBUTE);
  const parent = standIn.parentElement;
  if (!id || !parent) return false;
  if (isPlaceholderCodebaseId(id)) return addedByPage !== undefined && placeholderArrived(standIn, addedByPage);
  for (const sibling of parent.children) {
    if (sibling !== standIn && sibling.getAttribute(CODEBASE_ID_ATTRIBUTE) === id && !studios(sibling)) return true;
  }
  return false;
}

/**
 * Removes every stand-in of a written change whose element has arrived; answers how many went. `addedByPage` (the
 * elements the page put in since the write began) lets a stand-in go before its write's answer.
 */
export function handOverStandIns(addedByPage?: (element: Element) => boolean): number {
  let removed = 0;
  for (const standIn of document.querySelectorAll(`[${ADDED_ATTRIBUTE}][${DELETE_AFTER_REFRESH_ATTRIBUTE}]`)) {
    if (!hasArrived(standIn, addedByPage)) continue;
    standIn.remove();
    removed++;
  }
  return removed;
}

/**
 * How long a written change's stand-in waits for its element when the page changed for another reason first: the
 * hot reload is on its way (a few hundred ms, more under load), and taking the stand-in away now would show neither.
 */
export const STAND_IN_HOLD_MS = 2_000;

/** Whether a stand-in due to go stays for now: written (its id is the source's), its element not there yet, not for long. */
export function standInWaits(standIn: Element, now: number = Date.now()): boolean {
  const id = standIn.getAttribute(CODEBASE_ID_ATTRIBUTE);
  const markedAt = Number(standIn.getAttribute(DELETE_AFTER_REFRESH_ATTRIBUTE));
  if (!id || isPlaceholderCodebaseId(id) || !Number.isFinite(markedAt) || markedAt === 0) return false;
  return !hasArrived(standIn) && now - markedAt < STAND_IN_HOLD_MS;
}
