/** The instant markers in Chromium: marked at a flush, cleared by the hot reload that follows it. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CODEBASE_ID_ATTRIBUTE } from '@contracts/dom.js';
import { ADDED_ATTRIBUTE, clearInstantMarkers, HIDDEN_ATTRIBUTE, prepareDeleteAfterRefresh, shownByStudio } from './instant-markers.js';
import { apply, HEADING, makePage } from './instant-test-support.js';

let page: HTMLElement;

beforeEach(() => {
  ({ page } = makePage());
});
afterEach(() => page.remove());

describe('the markers at a flush and the hot reload after it', () => {
  it('a flush marks every stand-in and hidden element; the hot reload removes the stand-ins and shows the hidden', async () => {
    await apply({ type: 'CHANGE_TAG', changeFields: { codebaseIdToChange: HEADING, newTagName: 'h2' } } as never);
    expect(prepareDeleteAfterRefresh()).toBe(4);
    // A stand-in still waiting for its element stays (the first one here).
    const first = page.querySelector(`[${ADDED_ATTRIBUTE}]`)!;
    expect(shownByStudio(first)).toBe(true);
    expect(clearInstantMarkers((added) => added === first)).toEqual({ cleared: 3, kept: 1 });
    expect(page.querySelectorAll(`[${HIDDEN_ATTRIBUTE}]`)).toHaveLength(0);
    expect(page.querySelectorAll(`h2[${CODEBASE_ID_ATTRIBUTE}]`)).toHaveLength(1);
  });
});
