/**
 * The hand-over from an instant update's stand-in to the element the hot reload brings: the moment React puts the
 * written element in the page, the stand-in goes, in the same task, so no painted frame shows both (a duplicate as
 * three copies, an added button twice) and none shows neither. The written element is known by its codebase id:
 * after the server's answer the stand-in carries the id the source gives the element (`updateCodebaseIds`), and the
 * hot-reloaded element is the one with that id under the same parent that the studio did not add.
 */
import { CODEBASE_ID_ATTRIBUTE, isPlaceholderCodebaseId } from '@contracts/dom.js';
import { ADDED_ATTRIBUTE, DELETE_AFTER_REFRESH_ATTRIBUTE, HIDDEN_ATTRIBUTE } from './instant-updates.js';

/** Whether the page holds the written element a stand-in shows: same id, same parent, not the studio's own. */
export function hasArrived(standIn: Element): boolean {
  const id = standIn.getAttribute(CODEBASE_ID_ATTRIBUTE);
  const parent = standIn.parentElement;
  if (!id || !parent || isPlaceholderCodebaseId(id)) return false;
  for (const sibling of parent.children) {
    if (sibling !== standIn && sibling.getAttribute(CODEBASE_ID_ATTRIBUTE) === id && !sibling.hasAttribute(ADDED_ATTRIBUTE) && !sibling.hasAttribute(HIDDEN_ATTRIBUTE)) return true;
  }
  return false;
}

/** Removes every stand-in of a written change whose element has arrived; answers how many went. */
export function handOverStandIns(): number {
  let removed = 0;
  for (const standIn of document.querySelectorAll(`[${ADDED_ATTRIBUTE}][${DELETE_AFTER_REFRESH_ATTRIBUTE}]`)) {
    if (!hasArrived(standIn)) continue;
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
