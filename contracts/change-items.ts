/**
 * Change items (spec/editor.md §3, §4, §7, §8): the typed fields of every change type, the item with its lifecycle
 * flags, the human names the editor shows, the rules of which instant updates may run during a flush, and the one
 * table that turns an item into its `parseAndMutate` request.
 *
 * Imports only types: the overlay uses the flush rules in the frame, where the schema library must not come along.
 * Adding a change kind touches this table, the overlay's instant update and the server's transform, never the
 * editor's engine.
 */
import type { ChangeType, MutationBodies, MutationKind, PropValue, StylingFramework } from './changes.js';
import type { FrameChangeItem, InstantUpdateData } from './frame-protocol.js';

/** A class an UPDATE_CLASSES change involves, with the CSS to show it instantly. */
export interface InvolvedClass {
  tailwind: string;
  css?: string;
  variant?: string;
}

/**
 * The change fields of each type (spec §3). Ids are codebase ids. ADD_JSX adds three fields of its own beyond the
 * spec's list, to name a component of the project and where to import it from (the palette's components).
 */
export interface ChangeFieldsByType {
  STYLING: {
    codebaseId: string;
    /** CSS property → value; an empty value or null removes the property. */
    stylingChanges: Record<string, string | null>;
    stylingFramework: StylingFramework;
    modifiers?: string[];
    customProperties?: Record<string, string>;
  };
  ADD_JSX: {
    codebaseIdToAddTo?: string;
    beforeCodebaseId?: string;
    afterCodebaseId?: string;
    /** The element to copy (the new element is a copy of it); the instant update's id for the added element. */
    addCodebaseId?: string;
    addNativeTag?: string;
    addComponentName?: string;
    /** Where to import `addComponentName` from when the destination file does not import it yet. */
    addComponentImportPath?: string;
    addComponentIsDefaultImport?: boolean;
    fileContentsToSourceFrom?: string;
    fileContentsSourceFilename?: string;
    propsToSet?: Record<string, PropValue>;
    deletedStoryboardId?: string;
    htmlForInstantUpdate?: string;
    /** Further files the new element needs: root-relative path → contents. */
    extraPathToContents?: Record<string, string>;
  };
  MOVE_JSX: {
    codebaseIdToMove: string;
    codebaseIdToMoveTo?: string;
    afterCodebaseId?: string;
    beforeCodebaseId?: string;
    expectedCurrentParentCodebaseId?: string;
  };
  REMOVE_JSX: { codebaseIdsToRemove: string[] };
  CHANGE_PROP: { codebaseIdToChange: string; propName: string; propValue: PropValue };
  ADD_CLASS: {
    codebaseIdToAddClass: string;
    className: string;
    addingTailwindClass?: boolean;
    modifiers?: string[];
    customProperties?: Record<string, string>;
    /** CSS declarations to show the class with, instead of asking the project's Tailwind. */
    cssEquivalent?: string;
    /** Shown in the preview only (e.g. while a suggestion is hovered): never written to the source. */
    temporaryOnly?: boolean;
  };
  REMOVE_CLASS: { codebaseIdToRemoveClass: string; className: string };
  UPDATE_CLASSES: {
    codebaseIdToUpdateClass: string;
    newClasses: string[];
    oldClasses: string[];
    involvedClasses?: InvolvedClass[];
    /** Shown in the preview only: never written to the source. */
    isInstantChangeOnly?: boolean;
  };
  EDIT_TEXT: { codebaseIdToEditText: string; newText: string; oldText: string };
  WRAP_DIV: { codebaseIdsToWrap: string[] };
  DUPLICATE: { codebaseIdsToDuplicate: string[] };
  CHANGE_TAG: { codebaseIdToChange: string; newTagName: string };
  /** The change undone; absent when the server's history holds a change the editor no longer knows (a reload). */
  UNDO: { changeToUndo?: FrameChangeItem };
  REDO: { changeToRedo?: FrameChangeItem };
  UNKNOWN: Record<string, never>;
}

export type ChangeFields<T extends ChangeType = ChangeType> = ChangeFieldsByType[T];

/** A change item (spec §3): what it is, its human name, and where it is in its lifecycle (spec §4). */
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
}

export type ChangeItem = { [T in ChangeType]: ChangeItemOf<T> }[ChangeType];

/** Fields holding lists of ids, kept once each in their first order. */
const ID_LIST_FIELDS = { REMOVE_JSX: 'codebaseIdsToRemove', WRAP_DIV: 'codebaseIdsToWrap', DUPLICATE: 'codebaseIdsToDuplicate' } as const;

let lastLocalId = 0;
const localId = () => `change-${Date.now().toString(36)}-${(++lastLocalId).toString(36)}`;

/**
 * Makes a change item: id lists de-duplicated, its human name given, every flag down, except UNKNOWN, which is
 * created consumed so that nothing ever sends it (spec §4).
 */
export function createChangeItem<T extends ChangeType>(type: T, changeFields: ChangeFieldsByType[T], id: string = localId()): ChangeItemOf<T> {
  let fields = changeFields;
  if (Object.hasOwn(ID_LIST_FIELDS, type)) {
    const name = ID_LIST_FIELDS[type as keyof typeof ID_LIST_FIELDS];
    const list = (fields as Record<string, unknown>)[name];
    fields = { ...fields, [name]: Array.isArray(list) ? [...new Set(list)] : [] };
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
    changeFields: item.changeFields as Record<string, unknown>,
    humanName: item.humanName,
    ...(instantUpdateData ? { instantUpdateData } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Human names

const count = (n: number, one: string, many = `${one}s`) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
const withVariants = (name: string, modifiers: string[] | undefined) => [...(modifiers ?? []), name].join(':');

/** The name of a change as a person reads it in the Changes panel and the notices (`Add class p-4`, `Undo: …`). */
export function humanNameOf<T extends ChangeType>(type: T, changeFields: ChangeFieldsByType[T]): string {
  const fields = changeFields as Partial<ChangeFieldsByType[ChangeType]> & Record<string, unknown>;
  const ids = (list: unknown) => (Array.isArray(list) ? new Set(list).size : 0);
  switch (type as ChangeType) {
    case 'STYLING': {
      const f = fields as Partial<ChangeFieldsByType['STYLING']>;
      const entries = Object.entries(f.stylingChanges ?? {});
      const variants = f.modifiers?.length ? ` (${f.modifiers.join(':')})` : '';
      if (entries.length === 1) {
        const [property, value] = entries[0]!;
        return (value === null || value === '' ? `Remove style ${property}` : `Set ${property} to ${value}`) + variants;
      }
      return `Change ${count(entries.length, 'style')}${variants}`;
    }
    case 'ADD_JSX': {
      const f = fields as Partial<ChangeFieldsByType['ADD_JSX']>;
      if (f.addNativeTag) return `Add <${f.addNativeTag}>`;
      if (f.addComponentName) return `Add ${f.addComponentName}`;
      return 'Add a copy of an element';
    }
    case 'MOVE_JSX':
      return 'Move element';
    case 'REMOVE_JSX': {
      const n = ids(fields.codebaseIdsToRemove);
      return n === 1 ? 'Delete element' : `Delete ${count(n, 'element')}`;
    }
    case 'CHANGE_PROP': {
      const f = fields as Partial<ChangeFieldsByType['CHANGE_PROP']>;
      return f.propValue === null ? `Remove prop ${f.propName}` : `Change prop ${f.propName}`;
    }
    case 'ADD_CLASS': {
      const f = fields as Partial<ChangeFieldsByType['ADD_CLASS']>;
      return `Add class ${withVariants(f.className ?? '', f.modifiers)}`;
    }
    case 'REMOVE_CLASS':
      return `Remove class ${String(fields.className ?? '')}`;
    case 'UPDATE_CLASSES': {
      const f = fields as Partial<ChangeFieldsByType['UPDATE_CLASSES']>;
      const removed = (f.oldClasses ?? []).filter((name) => !(f.newClasses ?? []).includes(name));
      const added = (f.newClasses ?? []).filter((name) => !(f.oldClasses ?? []).includes(name));
      if (removed.length === 1 && added.length === 1) return `Replace class ${removed[0]} with ${added[0]}`;
      if (removed.length === 0 && added.length > 0) return `Add classes ${added.join(' ')}`;
      if (added.length === 0 && removed.length > 0) return `Remove classes ${removed.join(' ')}`;
      return 'Update classes';
    }
    case 'EDIT_TEXT':
      return 'Edit text';
    case 'WRAP_DIV': {
      const n = ids(fields.codebaseIdsToWrap);
      return n === 1 ? 'Wrap element in div' : `Wrap ${count(n, 'element')} in div`;
    }
    case 'DUPLICATE': {
      const n = ids(fields.codebaseIdsToDuplicate);
      return n === 1 ? 'Duplicate element' : `Duplicate ${count(n, 'element')}`;
    }
    case 'CHANGE_TAG':
      return `Change tag to ${String(fields.newTagName ?? '')}`;
    case 'UNDO': {
      const target = fields.changeToUndo as FrameChangeItem | undefined;
      return target?.humanName ? `Undo: ${target.humanName}` : 'Undo';
    }
    case 'REDO': {
      const target = fields.changeToRedo as FrameChangeItem | undefined;
      return target?.humanName ? `Redo: ${target.humanName}` : 'Redo';
    }
    case 'UNKNOWN':
      return 'Unknown change';
  }
  return `Unknown change type: ${String(type)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Instant updates (spec §4)

/** Changes that may still be shown instantly while a flush is in progress, and the undo or redo of one. */
const INSTANT_DURING_FLUSH: ReadonlySet<string> = new Set<ChangeType>(['STYLING', 'ADD_CLASS', 'UPDATE_CLASSES']);

/** Redo is shown instantly only for these. */
export const INSTANT_REDO_TYPES: ReadonlySet<string> = new Set<ChangeType>(['REMOVE_JSX', 'ADD_CLASS', 'STYLING', 'UPDATE_CLASSES']);

/** The change an UNDO or REDO acts on, as its fields carry it. */
export function targetOfChange(change: Pick<FrameChangeItem, 'type' | 'changeFields'>): FrameChangeItem | undefined {
  if (change.type === 'UNDO') return change.changeFields.changeToUndo as FrameChangeItem | undefined;
  if (change.type === 'REDO') return change.changeFields.changeToRedo as FrameChangeItem | undefined;
  return undefined;
}

/** Whether a change may be applied instantly while a flush is in progress (else hot reload shows it). */
export function instantDuringFlush(change: Pick<FrameChangeItem, 'type' | 'changeFields'>): boolean {
  if (INSTANT_DURING_FLUSH.has(change.type)) return true;
  if (change.type === 'UNDO' || change.type === 'REDO') {
    const target = targetOfChange(change);
    return typeof target?.type === 'string' && INSTANT_DURING_FLUSH.has(target.type);
  }
  return false;
}

/**
 * Whether the editor sends a change's instant update at all: UNKNOWN never; an undo only of a known change; a redo
 * only of the four types it may show; during a flush only what `instantDuringFlush` allows.
 */
export function sendsInstantUpdate(change: Pick<FrameChangeItem, 'type' | 'changeFields'>, isFlushing: boolean): boolean {
  if (change.type === 'UNKNOWN') return false;
  if (change.type === 'UNDO' || change.type === 'REDO') {
    const target = targetOfChange(change);
    if (!target || typeof target.type !== 'string') return false;
    if (change.type === 'REDO' && !INSTANT_REDO_TYPES.has(target.type)) return false;
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
 * Changes the frame shows by itself before the editor even makes the item (text typed in place): when the server
 * refuses one, no instant update can take it back, so the frames reload to show the source as it is.
 */
const SHOWN_BY_THE_FRAME_ITSELF: ReadonlySet<string> = new Set<ChangeType>(['EDIT_TEXT']);

export function reloadFramesOnRejection(change: Pick<FrameChangeItem, 'type'>): boolean {
  return SHOWN_BY_THE_FRAME_ITSELF.has(change.type);
}

/** The notice a person gets when a change has been written (spec §7), or null when the change says nothing. */
export function successNoticeOf(change: Pick<ChangeItem, 'type' | 'instantUpdateSuccessful'>): string | null {
  if (change.type === 'ADD_JSX' && !change.instantUpdateSuccessful) return 'Successfully added';
  if (change.type === 'CHANGE_PROP') return 'Prop changed';
  return null;
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
// The parseAndMutate request of each change type (spec §7, §8)

/** A call under `canvases/{canvasId}/parseAndMutate/`: its path suffix and JSON body. */
export interface MutationRequest {
  path: `mutate/${MutationKind}` | 'activities/undoChangeToFiles' | 'activities/redoChangeToFiles';
  body: MutationBodies[MutationKind] | Record<string, never>;
}

export interface RequestContext {
  canvasId: string;
  /** The change's instant update succeeded in the preview (ADD_JSX tells the server). */
  hasInstantUpdate: boolean;
}

/** Builds a request; null: the change is shown in the preview only and never written. */
type RequestBuilder<T extends ChangeType> = (fields: ChangeFieldsByType[T], context: RequestContext) => MutationRequest | null;

const element = (codebaseId: string) => ({ codebaseId });
const optionalElement = (codebaseId: string | undefined) => (codebaseId ? element(codebaseId) : undefined);
const mutate = <K extends MutationKind>(kind: K, body: MutationBodies[K]): MutationRequest => ({ path: `mutate/${kind}`, body });

function newElementOf(fields: ChangeFieldsByType['ADD_JSX']): MutationBodies['addJsxElement']['newElement'] {
  const propsToSet = fields.propsToSet ? { propsToSet: fields.propsToSet } : {};
  if (fields.addNativeTag) return { type: 'native', nativeTag: fields.addNativeTag, ...propsToSet };
  if (fields.addComponentName) {
    return {
      type: 'component',
      componentName: fields.addComponentName,
      ...(fields.addComponentImportPath ? { importPath: fields.addComponentImportPath } : {}),
      ...(fields.addComponentIsDefaultImport !== undefined ? { isDefaultImport: fields.addComponentIsDefaultImport } : {}),
      ...propsToSet,
    };
  }
  if (fields.addCodebaseId) return { type: 'copied', element: element(fields.addCodebaseId), ...propsToSet };
  throw new Error('An element to add needs a tag, a component or an element to copy');
}

/**
 * The one table from change type to request. Its type lists every change type, so a type without an entry does
 * not compile; `requestForChange` refuses at run time what a stored document may hold beyond it.
 */
export const CHANGE_REQUESTS: { [T in ChangeType]: RequestBuilder<T> } = {
  STYLING: (f) =>
    mutate('styling', {
      reactElement: element(f.codebaseId),
      styling: f.stylingChanges,
      stylingFramework: f.stylingFramework,
      modifiers: f.modifiers ?? [],
      customProperties: f.customProperties ?? {},
    }),
  ADD_JSX: (f, context) =>
    mutate('addJsxElement', {
      destinationElement: optionalElement(f.codebaseIdToAddTo),
      beforeElement: optionalElement(f.beforeCodebaseId),
      afterElement: optionalElement(f.afterCodebaseId),
      newElement: newElementOf(f),
      canvasId: context.canvasId,
      deletedStoryboardId: f.deletedStoryboardId,
      fileContentsToSourceFrom: f.fileContentsToSourceFrom,
      fileContentsSourceFilename: f.fileContentsSourceFilename,
      extraFiles: f.extraPathToContents,
      hasInstantUpdate: context.hasInstantUpdate,
    }),
  MOVE_JSX: (f) =>
    mutate('moveJsxElement', {
      elementToMove: element(f.codebaseIdToMove),
      newContainerElement: optionalElement(f.codebaseIdToMoveTo),
      afterElement: optionalElement(f.afterCodebaseId),
      beforeElement: optionalElement(f.beforeCodebaseId),
      expectedCurrentParent: optionalElement(f.expectedCurrentParentCodebaseId),
    }),
  REMOVE_JSX: (f) => mutate('removeJsxElement', { elementsToRemove: f.codebaseIdsToRemove.map(element) }),
  CHANGE_PROP: (f) => mutate('changePropValue', { elementToModify: element(f.codebaseIdToChange), propName: f.propName, propValue: f.propValue }),
  ADD_CLASS: (f) =>
    f.temporaryOnly
      ? null
      : mutate('addClass', {
          reactElement: element(f.codebaseIdToAddClass),
          className: f.className,
          stylingFramework: f.addingTailwindClass ? 'Tailwind' : null,
          modifiers: f.modifiers ?? [],
          customProperties: f.customProperties ?? {},
        }),
  REMOVE_CLASS: (f) => mutate('removeClass', { reactElement: element(f.codebaseIdToRemoveClass), className: f.className }),
  UPDATE_CLASSES: (f) =>
    f.isInstantChangeOnly
      ? null
      : mutate('updateClasses', { reactElement: element(f.codebaseIdToUpdateClass), newClasses: f.newClasses, oldClasses: f.oldClasses }),
  EDIT_TEXT: (f) => mutate('editText', { element: element(f.codebaseIdToEditText), newText: f.newText, oldText: f.oldText }),
  WRAP_DIV: (f) => mutate('wrapInDiv', { reactElements: f.codebaseIdsToWrap.map(element) }),
  DUPLICATE: (f) => mutate('duplicate', { reactElements: f.codebaseIdsToDuplicate.map(element) }),
  CHANGE_TAG: (f) => mutate('changeElementTag', { elementToModify: element(f.codebaseIdToChange), newTag: f.newTagName }),
  UNDO: () => ({ path: 'activities/undoChangeToFiles', body: {} }),
  REDO: () => ({ path: 'activities/redoChangeToFiles', body: {} }),
  UNKNOWN: () => {
    throw new Error('Unsupported operation');
  },
};

/**
 * The request of a change item, or null when it is shown in the preview only. Throws 'Unknown change type: {type}'
 * for a type this version does not know (e.g. from a stored document) and 'Unsupported operation' for UNKNOWN.
 */
export function requestForChange(item: { type: string; changeFields: unknown }, context: RequestContext): MutationRequest | null {
  if (!Object.hasOwn(CHANGE_REQUESTS, item.type)) throw new Error(`Unknown change type: ${item.type}`);
  const build = CHANGE_REQUESTS[item.type as ChangeType] as RequestBuilder<ChangeType>;
  return build(item.changeFields as ChangeFields, context);
}
