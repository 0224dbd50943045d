/** The instant update of text in Chromium: the new text in every copy at once, the old one back on undo. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply, LINE, makePage, shown, undo } from './instant-test-support.js';

let page: HTMLElement;
let before: string;

beforeEach(() => {
  ({ page, html: before } = makePage());
});
afterEach(() => page.remove());

describe('the instant update of text, applied and undone', () => {
  it('EDIT_TEXT: every copy that holds only text shows the new text, then the old', async () => {
    const { result, item } = await apply({ type: 'EDIT_TEXT', changeFields: { codebaseIdToEditText: LINE, oldText: 'Line', newText: 'A new line' } } as never);
    expect(result.success).toBe(true);
    expect(shown(LINE).map((element) => element.textContent)).toEqual(['A new line', 'A new line']);
    undo(item);
    expect(page.outerHTML).toBe(before);
  });
});
