/**
 * Undo in Chromium: UNDO and REDO items through the table (the undone change taken back, a redo shown again), and
 * ids renamed by the server's answer mapped back on undo.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { remapCodebaseIds } from './instant-undo.js';
import { apply, LINE, makePage, shown } from './instant-test-support.js';

let page: HTMLElement;
let before: string;
const html = () => page.outerHTML;

beforeEach(() => {
  ({ page, html: before } = makePage());
});
afterEach(() => page.remove());

describe('UNDO and REDO items', () => {
  it('an UNDO item takes the change back; a REDO item shows it again', async () => {
    const { item } = await apply({ type: 'REMOVE_JSX', changeFields: { codebaseIdsToRemove: [LINE] } } as never);
    expect(shown(LINE)).toHaveLength(0);
    const undone = await apply({ id: 'undo-1', type: 'UNDO', changeFields: { changeToUndo: item } } as never);
    expect(undone.result.success).toBe(true);
    expect(html()).toBe(before);
    const redone = await apply({ id: 'redo-1', type: 'REDO', changeFields: { changeToRedo: item } } as never);
    expect(redone.result.success).toBe(true);
    expect(shown(LINE)).toHaveLength(0);
  });

  it('an undo maps back the ids the server gave', async () => {
    const { item } = await apply({ type: 'DUPLICATE', changeFields: { codebaseIdsToDuplicate: [LINE] } } as never);
    const [placeholder] = item.instantUpdateData?.addedIds ?? [];
    const written = 'tempo-00000000-0000-5000-8000-000000000099';
    // The server's answer: the copy's placeholder is now a real id.
    expect(remapCodebaseIds({ [placeholder!]: written })).toBe(2);
    const answered = { ...item, instantUpdateData: { ...item.instantUpdateData, addedIds: [placeholder!], prevIdToNewIdMap: { [placeholder!]: written } } };
    await apply({ id: 'undo-2', type: 'UNDO', changeFields: { changeToUndo: answered } } as never);
    expect(html()).toBe(before);
  });
});
