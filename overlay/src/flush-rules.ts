/**
 * What may still be shown instantly while a flush is in progress (spec §4 "Undo and redo"): class and styling
 * changes, and the undo or redo of one. Everything else waits for the source to be written and hot reload.
 */
import type { FrameChangeItem } from '@contracts/frame-protocol.js';

const INSTANT_DURING_FLUSH = new Set(['STYLING', 'ADD_CLASS', 'UPDATE_CLASSES']);

export function instantDuringFlush(change: Pick<FrameChangeItem, 'type' | 'changeFields'>): boolean {
  if (INSTANT_DURING_FLUSH.has(change.type)) return true;
  if (change.type === 'UNDO' || change.type === 'REDO') {
    const target = (change.type === 'UNDO' ? change.changeFields.changeToUndo : change.changeFields.changeToRedo) as { type?: string } | undefined;
    return typeof target?.type === 'string' && INSTANT_DURING_FLUSH.has(target.type);
  }
  return false;
}
