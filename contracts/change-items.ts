/**
 * Change items (docs/editor.md#change-lifecycle): the item with its lifecycle flags, and what the editor and the
 * overlay read from the table of change kinds (`change-kinds.ts`) about an item: its human name, whether its
 * instant update may run now, what takes it back, the notice once written, and its `parseAndMutate` request.
 *
 * Knows no change kind by name beyond UNDO, REDO and UNKNOWN, which act on other changes: a new kind is a row of
 * the table. Plain TypeScript: the overlay uses the flush rules in the frame, where the schema library must not
 * come along.
 */
import {
  changeKindOf,
  CHANGE_KINDS,
  type ChangeFieldsByType,
  type ChangeKind,
  type ChangeType,
  type MutationRequest,
  type RequestContext,
} from './change-kinds.js';
import type { FrameChangeItem, InstantUpdateData } from './frame-protocol.js';
import type { AgentSessionRef, ChangeAuthor } from './studio-api.js';

export type { ChangeFieldsByType, MutationRequest, RequestContext } from './change-kinds.js';

/** A change item: what it is, its human name, and where it is in its lifecycle (docs/editor.md#change-lifecycle). */
export interface ChangeItemOf<T extends ChangeType> {
  id: string;
  type: T;
  changeFields: ChangeFieldsByType[T];
  humanName: string;
  /** Taken by the engine: sent, or (UNKNOWN) never to be sent. */
  consumed: boolean;
  failed: boolean;
  instantUpdateSent: boolean;
  instantUpdateFinished: boolean;
  instantUpdateSuccessful: boolean;
  /** What the instant update did (the first frame's, when it ran in several), so that undo can take it back. */
  instantUpdateData?: InstantUpdateData;
  /** Who asked for it; absent: a person in the studio. */
  by?: ChangeAuthor;
  /** The agent session that asked for it, when it named one. */
  agent?: AgentSessionRef;
}

export type ChangeItem = { [T in ChangeType]: ChangeItemOf<T> }[ChangeType];

/** What the rules below read of a change: its type, and the target an UNDO or REDO carries in its fields. */
type ChangeRef = Pick<FrameChangeItem, 'type' | 'changeFields'>;

let lastLocalId = 0;
const localId = () => `change-${Date.now().toString(36)}-${(++lastLocalId).toString(36)}`;

/**
 * Makes a change item: its id list (if its kind has one) de-duplicated, its human name given, every flag down,
 * except UNKNOWN, which is created consumed so that nothing ever sends it.
 */
export function createChangeItem<T extends ChangeType>(type: T, changeFields: ChangeFieldsByType[T], id: string = localId()): ChangeItemOf<T> {
  let fields = changeFields;
  // A type the table does not know (a stored change of an older studio, a caller's mistake) has no list to clean.
  const listField = (CHANGE_KINDS[type] as ChangeKind<ChangeType> | undefined)?.idListField;
  if (listField) {
    const list = (fields as Record<string, unknown>)[listField];
    fields = { ...fields, [listField]: Array.isArray(list) ? [...new Set(list)] : [] };
  }
  return {
    id,
    type,
    changeFields: fields,
    humanName: humanNameOf(type, fields),
    consumed: type === 'UNKNOWN',
    failed: false,
    instantUpdateSent: false,
    instantUpdateFinished: false,
    instantUpdateSuccessful: false,
  };
}

/** The item as the frame's `applyChangeItemToDocument` takes it. */
export function toFrameChangeItem(item: ChangeItem, instantUpdateData = item.instantUpdateData): FrameChangeItem {
  return {
    id: item.id,
    type: item.type,
    changeFields: item.changeFields,
    humanName: item.humanName,
    ...(instantUpdateData ? { instantUpdateData } : {}),
  } as FrameChangeItem;
}

/** The name of a change as a person reads it in the Changes panel and the notices (`Add class p-4`, `Undo: …`). */
export function humanNameOf<T extends ChangeType>(type: T, changeFields: ChangeFieldsByType[T]): string {
  const kind = changeKindOf(type);
  return kind ? kind.humanName(changeFields) : `Unknown change type: ${String(type)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Instant updates (docs/editor.md#instant-updates)

/** The change an UNDO or REDO acts on, as its fields carry it. */
export function targetOfChange(change: ChangeRef): FrameChangeItem | undefined {
  if (change.type === 'UNDO') return (change.changeFields as ChangeFieldsByType['UNDO']).changeToUndo;
  if (change.type === 'REDO') return (change.changeFields as ChangeFieldsByType['REDO']).changeToRedo;
  return undefined;
}

const instantRulesOf = (type: unknown) => (typeof type === 'string' ? changeKindOf(type)?.instant : undefined);

/** Whether a redo of this change type is shown instantly. */
export function redoShowsInstantly(type: string): boolean {
  return instantRulesOf(type)?.redo === true;
}

/** Whether a change may be applied instantly while a flush is in progress (else hot reload shows it). */
export function instantDuringFlush(change: ChangeRef): boolean {
  if (change.type === 'UNDO' || change.type === 'REDO') return instantRulesOf(targetOfChange(change)?.type)?.duringFlush === true;
  return instantRulesOf(change.type)?.duringFlush === true;
}

/**
 * Whether the editor sends a change's instant update at all: UNKNOWN never; an undo only of a known change; a redo
 * only of a type whose redo is shown instantly; during a flush only what `instantDuringFlush` allows.
 */
export function sendsInstantUpdate(change: ChangeRef, isFlushing: boolean): boolean {
  if (change.type === 'UNKNOWN') return false;
  if (change.type === 'UNDO' || change.type === 'REDO') {
    const target = targetOfChange(change);
    if (!target || typeof target.type !== 'string') return false;
    if (change.type === 'REDO' && !redoShowsInstantly(target.type)) return false;
  }
  return !isFlushing || instantDuringFlush(change);
}

/**
 * What takes a rejected change's instant update back in a frame: the undo of it with what it did there; for a
 * rejected undo, the redo of its target (under the redo rules); for a rejected redo, the undo of what it did.
 */
export function rollbackOf(change: FrameChangeItem): { type: 'UNDO'; changeFields: ChangeFieldsByType['UNDO'] } | { type: 'REDO'; changeFields: ChangeFieldsByType['REDO'] } {
  const target = targetOfChange(change);
  if (change.type === 'UNDO' && target) return { type: 'REDO', changeFields: { changeToRedo: target } };
  if (change.type === 'REDO' && target) return { type: 'UNDO', changeFields: { changeToUndo: { ...target, ...(change.instantUpdateData ? { instantUpdateData: change.instantUpdateData } : {}) } } };
  return { type: 'UNDO', changeFields: { changeToUndo: change } };
}

/**
 * Whether the frames reload when the server refuses this change: it was shown by the frame itself before the item
 * existed (text typed in place), so no instant update can take it back.
 */
export function reloadFramesOnRejection(change: Pick<FrameChangeItem, 'type'>): boolean {
  return instantRulesOf(change.type)?.byTheFrameItself === true;
}

/** The notice a person gets when a change has been written, or null when the change says nothing. */
export function successNoticeOf(change: Pick<ChangeItem, 'type' | 'instantUpdateSuccessful'>): string | null {
  return changeKindOf(change.type)?.successNotice?.(change.instantUpdateSuccessful) ?? null;
}

/**
 * Replaces every string that is exactly an old id of `prevIdToNewIdMap` with its new id, anywhere in change fields
 * (nested lists and objects, the target of an undo): the ids of a change still waiting for the server follow the
 * elements that an earlier change moved. Returns the same value when nothing changed.
 */
export function remapIdsIn<V>(value: V, prevIdToNewIdMap: Readonly<Record<string, string>>): V {
  if (typeof value === 'string') return (Object.hasOwn(prevIdToNewIdMap, value) ? prevIdToNewIdMap[value] : value) as V;
  if (Array.isArray(value)) {
    const next = value.map((entry) => remapIdsIn(entry, prevIdToNewIdMap));
    return (next.some((entry, index) => entry !== value[index]) ? next : value) as V;
  }
  if (value !== null && typeof value === 'object') {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      next[key] = remapIdsIn(entry, prevIdToNewIdMap);
      changed ||= next[key] !== entry;
    }
    return (changed ? next : value) as V;
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// The parseAndMutate request of each change type (docs/editor.md#mutation-kinds)

/**
 * The request of a change item, or null when it is shown in the preview only. Throws 'Unknown change type: {type}'
 * for a type this version does not know (e.g. from a stored document) and 'Unsupported operation' for UNKNOWN.
 */
export function requestForChange(item: { type: string; changeFields: unknown }, context: RequestContext): MutationRequest | null {
  const kind = changeKindOf(item.type);
  if (!kind) throw new Error(`Unknown change type: ${item.type}`);
  return kind.request(item.changeFields as ChangeFieldsByType[ChangeType], context);
}
