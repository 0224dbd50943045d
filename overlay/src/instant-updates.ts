/**
 * Instant updates (docs/editor.md#instant-updates): each change type's effect on the preview before the server has
 * rewritten the source, what it did (so undo can take it back), and the markers cleared once hot reload has brought
 * the real result. By concern: styles (`instant-styles.ts`), structure (`instant-structure.ts`), text
 * (`instant-text.ts`), the markers (`instant-markers.ts`) and undo (`instant-undo.ts`).
 *
 * One entry per change type of the table of change kinds (`contracts/change-kinds.ts`), each reading the fields
 * its type has: a type added to the table without an entry here does not compile.
 */
import { isChangeType, type ChangeType } from '@contracts/change-kinds.js';
import { redoShowsInstantly } from '@contracts/change-items.js';
import type { ApplyChangeResult, FrameChangeItem, FrameChangeItemOf } from '@contracts/frame-protocol.js';
import { fail, type InstantUpdateContext, type Outcome } from './instant-markers.js';
import { addClass, editThemeToken, removeClass, styling, updateClasses } from './instant-styles.js';
import { addJsx, changeTag, duplicate, moveJsx, removeJsx, wrapDiv } from './instant-structure.js';
import { editText } from './instant-text.js';
import { undoInstantUpdate } from './instant-undo.js';

type InstantUpdate<T extends ChangeType> = (change: FrameChangeItemOf<T>, ctx: InstantUpdateContext) => Outcome | Promise<Outcome>;

/** The preview shows nothing instantly for these (docs/editor.md#instant-updates); UNKNOWN sends no update at all. */
const shownAfterWrite = () => fail();

/** Each change type's effect on the preview. */
const INSTANT_UPDATES: { [T in ChangeType]: InstantUpdate<T> } = {
  STYLING: styling,
  ADD_JSX: ({ changeFields }, ctx) => addJsx(changeFields, ctx),
  MOVE_JSX: ({ changeFields }, ctx) => moveJsx(changeFields, ctx),
  REMOVE_JSX: ({ changeFields }, ctx) => removeJsx(changeFields, ctx),
  CHANGE_PROP: shownAfterWrite,
  WRAP_DIV: ({ changeFields }, ctx) => wrapDiv(changeFields, ctx),
  DUPLICATE: ({ changeFields }, ctx) => duplicate(changeFields, ctx),
  CHANGE_TAG: ({ changeFields }, ctx) => changeTag(changeFields, ctx),
  ADD_CLASS: ({ changeFields }, ctx) => addClass(changeFields, ctx),
  REMOVE_CLASS: ({ changeFields }) => removeClass(changeFields),
  EDIT_TEXT: ({ changeFields }) => editText(changeFields),
  UPDATE_CLASSES: ({ changeFields }, ctx) => updateClasses(changeFields, ctx),
  EDIT_THEME_TOKEN: ({ changeFields }) => editThemeToken(changeFields),
  UNDO: ({ changeFields }) => {
    const target = changeFields.changeToUndo;
    if (!target?.type) return fail();
    return { success: undoInstantUpdate(target), sendNewNavTree: true, data: {} };
  },
  REDO: ({ changeFields }, ctx) => {
    const target = changeFields.changeToRedo;
    if (!target?.type || !redoShowsInstantly(target.type)) return fail();
    return applyOne(target, ctx);
  },
  UNKNOWN: shownAfterWrite,
};

async function applyOne(change: FrameChangeItem, ctx: InstantUpdateContext): Promise<Outcome> {
  if (!isChangeType(change.type)) {
    ctx.log(`Unknown change type: ${String(change.type)}`);
    return fail();
  }
  // The item's type picks the entry, and the entry reads the fields of that type.
  const update = INSTANT_UPDATES[change.type] as InstantUpdate<ChangeType>;
  return update({ ...change, changeFields: change.changeFields ?? {} } as FrameChangeItem, ctx);
}

export async function applyChangeItem(change: FrameChangeItem, ctx: InstantUpdateContext): Promise<ApplyChangeResult> {
  let outcome: Outcome;
  try {
    outcome = await applyOne(change, ctx);
  } catch (error) {
    ctx.log(`Instant update of ${change.type} failed`, error);
    outcome = fail();
  }
  return { changeId: change.id, success: outcome.success, sendNewNavTree: outcome.sendNewNavTree, instantUpdateData: outcome.data };
}
