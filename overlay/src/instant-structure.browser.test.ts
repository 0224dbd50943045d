/**
 * The instant updates of structure in Chromium, each applied and then undone: the page shows the new structure at
 * once (the page's own elements hidden, the studio's stand-ins marked), and the undo leaves the page's HTML as it was.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADD_JSX_PLACEHOLDER_PREFIX, CODEBASE_ID_ATTRIBUTE, DUPLICATE_PLACEHOLDER_PREFIX, WRAP_IN_DIV_PLACEHOLDER_ID } from '@contracts/dom.js';
import { ADDED_ATTRIBUTE } from './instant-markers.js';
import { apply, CARD, HEADING, LINE, makePage, shown, undo } from './instant-test-support.js';

let page: HTMLElement;
let before: string;
/** The page's HTML; an element shown again may keep an empty `style` attribute, which shows nothing. */
const html = () => page.outerHTML;
/** What each card shows, as `tag:id` of its children. */
const cards = () => shown(CARD).map((card) => [...card.children].filter((child) => getComputedStyle(child).display !== 'none').map((child) => `${child.tagName.toLowerCase()}:${child.getAttribute(CODEBASE_ID_ATTRIBUTE)}`));

beforeEach(() => {
  ({ page, html: before } = makePage());
});
afterEach(() => page.remove());

async function appliedThenUndone(change: Parameters<typeof apply>[0], shows: string[][]): Promise<string[]> {
  const { result, item } = await apply(change);
  expect(result.success).toBe(true);
  expect(cards()).toEqual(shows);
  const added = (result.instantUpdateData?.addedIds ?? []).slice();
  expect(undo(item)).toBe(true);
  expect(html()).toBe(before);
  return added;
}

describe('instant updates of structure, applied and undone', () => {
  it('REMOVE_JSX: every copy hidden, then shown', async () => {
    await appliedThenUndone({ type: 'REMOVE_JSX', changeFields: { codebaseIdsToRemove: [LINE] } } as never, [[`h3:${HEADING}`], [`h3:${HEADING}`]]);
  });

  it('ADD_JSX: the new element placed under the parent with a placeholder id, then removed', async () => {
    const change = { type: 'ADD_JSX', changeFields: { codebaseIdToAddTo: CARD, beforeCodebaseId: LINE, htmlForInstantUpdate: '<span>New</span>' } };
    const { result, item } = await apply(change as never);
    const [added] = result.instantUpdateData?.addedIds ?? [];
    expect(added).toMatch(new RegExp(`^${ADD_JSX_PLACEHOLDER_PREFIX}`));
    // The first copy of the parent gets it (an added element is one element of the source).
    expect(cards()[0]).toEqual([`h3:${HEADING}`, `span:${added}`, `p:${LINE}`]);
    expect(document.querySelectorAll(`[${ADDED_ATTRIBUTE}]`)).toHaveLength(1);
    undo(item);
    expect(html()).toBe(before);
  });

  it('MOVE_JSX: each copy moved within its own card, then back', async () => {
    const moved = { type: 'MOVE_JSX', changeFields: { codebaseIdToMove: HEADING, codebaseIdToMoveTo: CARD, afterCodebaseId: LINE } };
    await appliedThenUndone(moved as never, [
      [`p:${LINE}`, `h3:${HEADING}`],
      [`p:${LINE}`, `h3:${HEADING}`],
    ]);
  });

  it('WRAP_DIV: each copy wrapped in a div, then unwrapped', async () => {
    const added = await appliedThenUndone({ type: 'WRAP_DIV', changeFields: { codebaseIdsToWrap: [HEADING, LINE] } } as never, [
      [`div:${WRAP_IN_DIV_PLACEHOLDER_ID}`],
      [`div:${WRAP_IN_DIV_PLACEHOLDER_ID}`],
    ]);
    expect(added).toEqual([WRAP_IN_DIV_PLACEHOLDER_ID]);
  });

  it('DUPLICATE: a copy after every copy under one placeholder, then removed', async () => {
    const { result, item } = await apply({ type: 'DUPLICATE', changeFields: { codebaseIdsToDuplicate: [LINE] } } as never);
    const [placeholder] = result.instantUpdateData?.addedIds ?? [];
    expect(placeholder).toMatch(new RegExp(`^${DUPLICATE_PLACEHOLDER_PREFIX}`));
    expect(cards()).toEqual([
      [`h3:${HEADING}`, `p:${LINE}`, `p:${placeholder}`],
      [`h3:${HEADING}`, `p:${LINE}`, `p:${placeholder}`],
    ]);
    undo(item);
    expect(html()).toBe(before);
  });

  it('CHANGE_TAG: every copy re-tagged with its attributes and children, then back', async () => {
    await appliedThenUndone({ type: 'CHANGE_TAG', changeFields: { codebaseIdToChange: HEADING, newTagName: 'h2' } } as never, [
      [`h2:${HEADING}`, `p:${LINE}`],
      [`h2:${HEADING}`, `p:${LINE}`],
    ]);
    expect(page.querySelector('h2')).toBeNull();
  });
});
