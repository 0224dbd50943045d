/**
 * Every change kind of the studio in one typed table: for each change type, its fields, the `parseAndMutate` call
 * it is written with and how its fields become that call's body, its name for a person, and when the frames show
 * it at once (docs/editor.md#changes). Plain TypeScript: the overlay reads this table in the console's
 * frame, where the schema library must not come along; `changes.ts` holds the zod schemas of the bodies.
 *
 * Adding a change kind touches:
 * 1. this file: its fields in `ChangeFieldsByType` and its row in `CHANGE_KINDS` (the row's type is checked against
 *    the fields; a type without a row, or a row without a type, does not compile), whose `request` and its inverse
 *    `fieldsOfBody` (an agent's change is asked for as a body) `change-kinds-bodies.test.ts` proves over the golden
 *    bodies and generated ones;
 * 2. `changes.ts`, the zod half of this table: the body schema of its call in `mutationBodySchemas`, which names the
 *    call (a row's `mutationKind` without a schema does not compile; a schema no row writes with fails the type
 *    check of `change-kinds.test.ts`);
 * 3. the overlay's instant update of it (`overlay/src/instant-updates.ts`, a table over every change type);
 * 4. the server's transform (`server/mutations/`, one file, named in the registry's table over every call);
 * 5. its examples: a golden case (`server/mutations/__fixtures__/<call>/<case>/`), an e2e row
 *    (`e2e/overlay-updates.spec.ts`), and, typed over every kind so that neither can be forgotten, a sample of its
 *    fields (`SAMPLES` in `change-items.test.ts`) and a body for the bench (`bench/mutations.ts`).
 * Nothing else: the editor's change engine, the server's routes and checks, and the frame protocol read this
 * table. (A control in the editor that makes such a change is a feature of its own.)
 */
import type { ClassHomeChoice, HistoryStepBody, MutationBodies } from './changes.js';
import type { PropValue, StylingFramework } from './change-values.js';

// ---------------------------------------------------------------------------------------------------------------
// Plain values the fields use (their schemas are in changes.ts)

// Below both this table and the body schemas (changes.ts), which each use them.
export { STYLING_FRAMEWORKS, type PropValue, type StylingFramework } from './change-values.js';
/** A class an UPDATE_CLASSES change involves, with the CSS to show it instantly. */
export interface InvolvedClass {
  tailwind: string;
  css?: string;
  variant?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// The fields of each change type

/**
 * The change fields of each type. Ids are codebase ids. ADD_JSX adds three fields of its own beyond the
 * protocol's list, to name a component of the project and where to import it from (the palette's components).
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
  CHANGE_PROP: {
    codebaseIdToChange: string;
    propName: string;
    propValue: PropValue;
    /** Replace (or remove) a value the source binds to an expression, which the server otherwise refuses. */
    replaceExpression?: boolean;
  };
  WRAP_DIV: { codebaseIdsToWrap: string[] };
  DUPLICATE: { codebaseIdsToDuplicate: string[] };
  CHANGE_TAG: { codebaseIdToChange: string; newTagName: string };
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
    /** Where a class of shared code is written (`classHomeSchema`): absent, where each class is written. */
    classHome?: ClassHomeChoice;
  };
  REMOVE_CLASS: { codebaseIdToRemoveClass: string; className: string; classHome?: ClassHomeChoice };
  EDIT_TEXT: {
    codebaseIdToEditText: string;
    newText: string;
    oldText: string;
    /** The component elements the page rendered it through, innermost first: which call site holds bound words. */
    instance?: string[];
  };
  UPDATE_CLASSES: {
    codebaseIdToUpdateClass: string;
    newClasses: string[];
    oldClasses: string[];
    involvedClasses?: InvolvedClass[];
    /** Shown in the preview only: never written to the source. */
    isInstantChangeOnly?: boolean;
    classHome?: ClassHomeChoice;
  };
  /** A theme token's new value, written into the `@theme` block of the project's CSS (the theme panel). */
  EDIT_THEME_TOKEN: {
    /** The theme variable (`--color-slate-900`). */
    variable: string;
    value: string;
    /** Root-relative: the stylesheet declaring it (its `declaredIn`), else the project's CSS entry. */
    stylesheet: string;
  };
  /** The change undone; absent when the server's history holds a change the editor no longer knows (a reload). */
  UNDO: { changeToUndo?: FrameChangeItem };
  REDO: { changeToRedo?: FrameChangeItem };
  UNKNOWN: Record<string, never>;
}

/** Change types of a change item (docs/glossary.md#change-type-mutation-kind). */
export type ChangeType = keyof ChangeFieldsByType;

// ---------------------------------------------------------------------------------------------------------------
// The calls that write changes

/** The suffixes of `parseAndMutate/mutate/{kind}`, one per kind of source change: the body schemas' names. */
export type MutationKind = keyof MutationBodies;

/** A call under `canvases/{canvasId}/parseAndMutate/`: its path suffix and JSON body. */
export interface MutationRequest {
  path: `mutate/${MutationKind}` | 'activities/undoChangeToFiles' | 'activities/redoChangeToFiles';
  body: MutationBodies[MutationKind] | HistoryStepBody;
}

export interface RequestContext {
  canvasId: string;
  /** The change's instant update succeeded in the preview (ADD_JSX tells the server). */
  hasInstantUpdate: boolean;
}

/** What every mutate, undo and redo call answers. */
export interface MutationAnswer {
  /** Each file written, root-relative with `/`; a hash of `''` means the file did not exist on that side. */
  changedFiles: Array<{ path: string; beforeHash: string; afterHash: string }>;
  /** Old id → new id of every element whose id changed because the change moved it. */
  prevIdToNewIdMap: Record<string, string>;
  /** Ids of the elements the change created (add, duplicate, wrap), each created tree's root first. */
  addedIds: string[];
  /** Something the person should know about the change (the undo history is full and lost its oldest step). */
  notice?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// The table

/** What the frames show of a change before the server has written it (docs/editor.md#instant-updates). */
interface InstantRules {
  /** Still shown instantly while a flush is in progress (and so are the undo and redo of it); else hot reload shows it. */
  duringFlush: boolean;
  /** Its redo is shown instantly. */
  redo: boolean;
  /**
   * The frame shows it by itself before the editor even makes the item (text typed in place): when the server
   * refuses it, no instant update can take it back, so the frames reload to show the source as it is.
   */
  byTheFrameItself: boolean;
}

export interface ChangeKind<T extends ChangeType> {
  /** The `mutate/{kind}` call that writes it; null for UNDO and REDO (the activities calls) and UNKNOWN (none). */
  mutationKind: MutationKind | null;
  /** Its fields. */
  fields: ReadonlyArray<keyof ChangeFieldsByType[T] & string>;
  /** A field holding a list of ids, kept once each in its first order when the item is made. */
  idListField?: keyof ChangeFieldsByType[T] & string;
  instant: InstantRules;
  /** Its name as a person reads it in the Changes panel and the notices (`Add class p-4`, `Undo: …`). */
  humanName: (fields: ChangeFieldsByType[T]) => string;
  /** Its `parseAndMutate` request; null: shown in the preview only and never written. Throws what cannot be sent. */
  request: (fields: ChangeFieldsByType[T], context: RequestContext) => MutationRequest | null;
  /**
   * The inverse of `request`: the fields of the change that its call's body makes, for a body its schema
   * (`mutationBodySchemas`) has parsed, so that a change asked for as a body (an agent's) is made like a designer's.
   * `request(fieldsOfBody(body), context).body` is `body` less `changeName` (the change's name, not a field), with
   * `canvasId` and `hasInstantUpdate` the context's, and without what the server never reads: an element's
   * `storyboardId` and `uniquePath` (an element is its codebase id), `stylingFramework: undefined` beside `null`, a
   * top-level `propsToSet` apart from the new element's (the server merges them, and so does this). What only the
   * instant update reads (`htmlForInstantUpdate`) stays absent: such a change shows when written. Null without a call.
   */
  fieldsOfBody: ((body: never) => ChangeFieldsByType[T]) | null;
  /** The notice once it has been written; absent or null: the change says nothing. */
  successNotice?: (instantUpdateSuccessful: boolean) => string | null;
}

const count = (n: number, one: string, many = `${one}s`) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
const distinct = (list: unknown) => (Array.isArray(list) ? new Set(list).size : 0);
const withModifiers = (name: string, modifiers: string[] | undefined) => [...(modifiers ?? []), name].join(':');
const element = (codebaseId: string) => ({ codebaseId });
const optionalElement = (codebaseId: string | undefined) => (codebaseId ? element(codebaseId) : undefined);
const mutate = <K extends MutationKind>(kind: K, body: MutationBodies[K]): MutationRequest => ({ path: `mutate/${kind}`, body });
const idOf = (reference: { codebaseId: string } | undefined) => reference?.codebaseId;
/** Fields without the keys a body left out, so that an agent's change holds what a designer's would. */
const present = <F extends object>(fields: F): F => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as F;

const SHOWN_ON_WRITE: InstantRules = { duringFlush: false, redo: false, byTheFrameItself: false };
const STYLE_LIKE: InstantRules = { duringFlush: true, redo: true, byTheFrameItself: false };

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

/** The inverse of `newElementOf`; the body's own `propsToSet` joins the new element's, over it, as the server joins them. */
function newElementFields(body: MutationBodies['addJsxElement']): Partial<ChangeFieldsByType['ADD_JSX']> {
  const { newElement } = body;
  const propsToSet = newElement.propsToSet || body.propsToSet ? { ...newElement.propsToSet, ...body.propsToSet } : undefined;
  if (newElement.type === 'native') return { addNativeTag: newElement.nativeTag, propsToSet };
  if (newElement.type === 'component') {
    return { addComponentName: newElement.componentName, addComponentImportPath: newElement.importPath, addComponentIsDefaultImport: newElement.isDefaultImport, propsToSet };
  }
  return { addCodebaseId: newElement.element.codebaseId, propsToSet };
}

function classesDiff(fields: ChangeFieldsByType['UPDATE_CLASSES']): string {
  const removed = (fields.oldClasses ?? []).filter((name) => !(fields.newClasses ?? []).includes(name));
  const added = (fields.newClasses ?? []).filter((name) => !(fields.oldClasses ?? []).includes(name));
  if (removed.length === 1 && added.length === 1) return `Replace class ${removed[0]} with ${added[0]}`;
  if (removed.length === 0 && added.length > 0) return `Add classes ${added.join(' ')}`;
  if (added.length === 0 && removed.length > 0) return `Remove classes ${removed.join(' ')}`;
  return 'Update classes';
}

function stylingName(fields: ChangeFieldsByType['STYLING']): string {
  const entries = Object.entries(fields.stylingChanges ?? {});
  const variants = fields.modifiers?.length ? ` (${fields.modifiers.join(':')})` : '';
  if (entries.length === 1) {
    const [property, value] = entries[0]!;
    return (value === null || value === '' ? `Remove style ${property}` : `Set ${property} to ${value}`) + variants;
  }
  return `Change ${count(entries.length, 'style')}${variants}`;
}

/**
 * The one table of change kinds, in the order of their calls (the order the server lists them in). Its type lists
 * every change type with its own fields, so a type without a row, or a row reading a field its type does not have,
 * does not compile.
 */
export const CHANGE_KINDS = {
  STYLING: {
    mutationKind: 'styling',
    fields: ['codebaseId', 'stylingChanges', 'stylingFramework', 'modifiers', 'customProperties'],
    instant: STYLE_LIKE,
    humanName: stylingName,
    request: (f) =>
      mutate('styling', {
        reactElement: element(f.codebaseId),
        styling: f.stylingChanges,
        stylingFramework: f.stylingFramework,
        modifiers: f.modifiers ?? [],
        customProperties: f.customProperties ?? {},
      }),
    fieldsOfBody: (b: MutationBodies['styling']) => ({
      codebaseId: b.reactElement.codebaseId,
      stylingChanges: b.styling,
      stylingFramework: b.stylingFramework,
      modifiers: b.modifiers,
      customProperties: b.customProperties,
    }),
  },
  ADD_JSX: {
    mutationKind: 'addJsxElement',
    fields: [
      'codebaseIdToAddTo',
      'beforeCodebaseId',
      'afterCodebaseId',
      'addCodebaseId',
      'addNativeTag',
      'fileContentsToSourceFrom',
      'fileContentsSourceFilename',
      'propsToSet',
      'deletedStoryboardId',
      'htmlForInstantUpdate',
      'extraPathToContents',
    ],
    instant: SHOWN_ON_WRITE,
    humanName: (f) => (f.addNativeTag ? `Add <${f.addNativeTag}>` : f.addComponentName ? `Add ${f.addComponentName}` : 'Add a copy of an element'),
    request: (f, context) =>
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
    fieldsOfBody: (b: MutationBodies['addJsxElement']) =>
      present({
        codebaseIdToAddTo: idOf(b.destinationElement),
        beforeCodebaseId: idOf(b.beforeElement),
        afterCodebaseId: idOf(b.afterElement),
        ...newElementFields(b),
        deletedStoryboardId: b.deletedStoryboardId,
        fileContentsToSourceFrom: b.fileContentsToSourceFrom,
        fileContentsSourceFilename: b.fileContentsSourceFilename,
        extraPathToContents: b.extraFiles,
      }),
    successNotice: (instantUpdateSuccessful) => (instantUpdateSuccessful ? null : 'Successfully added'),
  },
  MOVE_JSX: {
    mutationKind: 'moveJsxElement',
    fields: ['codebaseIdToMove', 'codebaseIdToMoveTo', 'afterCodebaseId', 'beforeCodebaseId', 'expectedCurrentParentCodebaseId'],
    instant: SHOWN_ON_WRITE,
    humanName: () => 'Move element',
    request: (f) =>
      mutate('moveJsxElement', {
        elementToMove: element(f.codebaseIdToMove),
        newContainerElement: optionalElement(f.codebaseIdToMoveTo),
        afterElement: optionalElement(f.afterCodebaseId),
        beforeElement: optionalElement(f.beforeCodebaseId),
        expectedCurrentParent: optionalElement(f.expectedCurrentParentCodebaseId),
      }),
    fieldsOfBody: (b: MutationBodies['moveJsxElement']) =>
      present({
        codebaseIdToMove: b.elementToMove.codebaseId,
        codebaseIdToMoveTo: idOf(b.newContainerElement),
        afterCodebaseId: idOf(b.afterElement),
        beforeCodebaseId: idOf(b.beforeElement),
        expectedCurrentParentCodebaseId: idOf(b.expectedCurrentParent),
      }),
  },
  REMOVE_JSX: {
    mutationKind: 'removeJsxElement',
    fields: ['codebaseIdsToRemove'],
    idListField: 'codebaseIdsToRemove',
    instant: { duringFlush: false, redo: true, byTheFrameItself: false },
    humanName: (f) => {
      const n = distinct(f.codebaseIdsToRemove);
      return n === 1 ? 'Delete element' : `Delete ${count(n, 'element')}`;
    },
    request: (f) => mutate('removeJsxElement', { elementsToRemove: f.codebaseIdsToRemove.map(element) }),
    fieldsOfBody: (b: MutationBodies['removeJsxElement']) => ({ codebaseIdsToRemove: b.elementsToRemove.map((e) => e.codebaseId) }),
  },
  CHANGE_PROP: {
    mutationKind: 'changePropValue',
    fields: ['codebaseIdToChange', 'propName', 'propValue', 'replaceExpression'],
    instant: SHOWN_ON_WRITE,
    humanName: (f) => (f.propValue === null ? `Remove prop ${f.propName}` : `Change prop ${f.propName}`),
    request: (f) =>
      mutate('changePropValue', {
        elementToModify: element(f.codebaseIdToChange),
        propName: f.propName,
        propValue: f.propValue,
        ...(f.replaceExpression !== undefined ? { replaceExpression: f.replaceExpression } : {}),
      }),
    fieldsOfBody: (b: MutationBodies['changePropValue']) =>
      present({ codebaseIdToChange: b.elementToModify.codebaseId, propName: b.propName, propValue: b.propValue, replaceExpression: b.replaceExpression }),
    successNotice: () => 'Prop changed',
  },
  WRAP_DIV: {
    mutationKind: 'wrapInDiv',
    fields: ['codebaseIdsToWrap'],
    idListField: 'codebaseIdsToWrap',
    instant: SHOWN_ON_WRITE,
    humanName: (f) => {
      const n = distinct(f.codebaseIdsToWrap);
      return n === 1 ? 'Wrap element in div' : `Wrap ${count(n, 'element')} in div`;
    },
    request: (f) => mutate('wrapInDiv', { reactElements: f.codebaseIdsToWrap.map(element) }),
    fieldsOfBody: (b: MutationBodies['wrapInDiv']) => ({ codebaseIdsToWrap: b.reactElements.map((e) => e.codebaseId) }),
  },
  DUPLICATE: {
    mutationKind: 'duplicate',
    fields: ['codebaseIdsToDuplicate'],
    idListField: 'codebaseIdsToDuplicate',
    instant: SHOWN_ON_WRITE,
    humanName: (f) => {
      const n = distinct(f.codebaseIdsToDuplicate);
      return n === 1 ? 'Duplicate element' : `Duplicate ${count(n, 'element')}`;
    },
    request: (f) => mutate('duplicate', { reactElements: f.codebaseIdsToDuplicate.map(element) }),
    fieldsOfBody: (b: MutationBodies['duplicate']) => ({ codebaseIdsToDuplicate: b.reactElements.map((e) => e.codebaseId) }),
  },
  CHANGE_TAG: {
    mutationKind: 'changeElementTag',
    fields: ['codebaseIdToChange', 'newTagName'],
    instant: SHOWN_ON_WRITE,
    humanName: (f) => `Change tag to ${String(f.newTagName ?? '')}`,
    request: (f) => mutate('changeElementTag', { elementToModify: element(f.codebaseIdToChange), newTag: f.newTagName }),
    fieldsOfBody: (b: MutationBodies['changeElementTag']) => ({ codebaseIdToChange: b.elementToModify.codebaseId, newTagName: b.newTag }),
  },
  ADD_CLASS: {
    mutationKind: 'addClass',
    fields: ['codebaseIdToAddClass', 'className', 'addingTailwindClass', 'modifiers', 'customProperties', 'cssEquivalent', 'temporaryOnly', 'classHome'],
    instant: STYLE_LIKE,
    humanName: (f) => `Add class ${withModifiers(f.className ?? '', f.modifiers)}`,
    request: (f) =>
      f.temporaryOnly
        ? null
        : mutate('addClass', {
            reactElement: element(f.codebaseIdToAddClass),
            className: f.className,
            stylingFramework: f.addingTailwindClass ? 'Tailwind' : null,
            modifiers: f.modifiers ?? [],
            customProperties: f.customProperties ?? {},
            ...(f.classHome ? { classHome: f.classHome } : {}),
          }),
    fieldsOfBody: (b: MutationBodies['addClass']) => ({
      codebaseIdToAddClass: b.reactElement.codebaseId,
      className: b.className,
      addingTailwindClass: b.stylingFramework === 'Tailwind',
      modifiers: b.modifiers,
      customProperties: b.customProperties,
      ...(b.classHome ? { classHome: b.classHome } : {}),
    }),
  },
  REMOVE_CLASS: {
    mutationKind: 'removeClass',
    fields: ['codebaseIdToRemoveClass', 'className', 'classHome'],
    instant: SHOWN_ON_WRITE,
    humanName: (f) => `Remove class ${String(f.className ?? '')}`,
    request: (f) => mutate('removeClass', { reactElement: element(f.codebaseIdToRemoveClass), className: f.className, ...(f.classHome ? { classHome: f.classHome } : {}) }),
    fieldsOfBody: (b: MutationBodies['removeClass']) => ({ codebaseIdToRemoveClass: b.reactElement.codebaseId, className: b.className, ...(b.classHome ? { classHome: b.classHome } : {}) }),
  },
  EDIT_TEXT: {
    mutationKind: 'editText',
    fields: ['codebaseIdToEditText', 'newText', 'oldText', 'instance'],
    instant: { duringFlush: false, redo: false, byTheFrameItself: true },
    humanName: () => 'Edit text',
    request: (f) =>
      mutate('editText', { element: element(f.codebaseIdToEditText), newText: f.newText, oldText: f.oldText, ...(f.instance ? { instance: f.instance } : {}) }),
    fieldsOfBody: (b: MutationBodies['editText']) => ({
      codebaseIdToEditText: b.element.codebaseId,
      newText: b.newText,
      oldText: b.oldText,
      ...(b.instance ? { instance: b.instance } : {}),
    }),
  },
  UPDATE_CLASSES: {
    mutationKind: 'updateClasses',
    fields: ['codebaseIdToUpdateClass', 'newClasses', 'oldClasses', 'involvedClasses', 'isInstantChangeOnly', 'classHome'],
    instant: STYLE_LIKE,
    humanName: classesDiff,
    request: (f) =>
      f.isInstantChangeOnly
        ? null
        : mutate('updateClasses', {
            reactElement: element(f.codebaseIdToUpdateClass),
            newClasses: f.newClasses,
            oldClasses: f.oldClasses,
            ...(f.classHome ? { classHome: f.classHome } : {}),
          }),
    fieldsOfBody: (b: MutationBodies['updateClasses']) => ({
      codebaseIdToUpdateClass: b.reactElement.codebaseId,
      newClasses: b.newClasses,
      oldClasses: b.oldClasses,
      ...(b.classHome ? { classHome: b.classHome } : {}),
    }),
  },
  EDIT_THEME_TOKEN: {
    mutationKind: 'themeToken',
    fields: ['variable', 'value', 'stylesheet'],
    instant: STYLE_LIKE,
    humanName: (f) => `Set theme token ${String(f.variable ?? '')} to ${String(f.value ?? '')}`,
    request: (f) => mutate('themeToken', { variable: f.variable, value: f.value, stylesheet: f.stylesheet }),
    fieldsOfBody: (b: MutationBodies['themeToken']) => ({ variable: b.variable, value: b.value, stylesheet: b.stylesheet }),
  },
  UNDO: {
    mutationKind: null,
    fields: ['changeToUndo'],
    instant: SHOWN_ON_WRITE,
    humanName: (f) => (f.changeToUndo?.humanName ? `Undo: ${f.changeToUndo.humanName}` : 'Undo'),
    request: () => ({ path: 'activities/undoChangeToFiles', body: {} }),
    fieldsOfBody: null,
  },
  REDO: {
    mutationKind: null,
    fields: ['changeToRedo'],
    instant: SHOWN_ON_WRITE,
    humanName: (f) => (f.changeToRedo?.humanName ? `Redo: ${f.changeToRedo.humanName}` : 'Redo'),
    request: () => ({ path: 'activities/redoChangeToFiles', body: {} }),
    fieldsOfBody: null,
  },
  UNKNOWN: {
    mutationKind: null,
    fields: [],
    instant: SHOWN_ON_WRITE,
    humanName: () => 'Unknown change',
    request: () => {
      throw new Error('Unsupported operation');
    },
    fieldsOfBody: null,
  },
} satisfies { readonly [T in ChangeType]: ChangeKind<T> };

// ---------------------------------------------------------------------------------------------------------------
// Read from the table

/** Every change type, in the table's order. */
export const CHANGE_TYPES = Object.keys(CHANGE_KINDS) as ChangeType[];

export function isChangeType(type: string): type is ChangeType {
  return Object.hasOwn(CHANGE_KINDS, type);
}

/** Every `mutate/{kind}` call, in the table's order. */
export const MUTATION_KINDS: readonly MutationKind[] = CHANGE_TYPES.flatMap((type) => CHANGE_KINDS[type].mutationKind ?? []);

export function isMutationKind(kind: string): kind is MutationKind {
  return (MUTATION_KINDS as readonly string[]).includes(kind);
}

/** The row of a change type; undefined for a type this version does not know (e.g. from a stored document). */
export function changeKindOf(type: string): ChangeKind<ChangeType> | undefined {
  return isChangeType(type) ? (CHANGE_KINDS[type] as ChangeKind<ChangeType>) : undefined;
}

/** A change type with its fields, typed together. */
export type ChangeOf = { [T in ChangeType]: { type: T; changeFields: ChangeFieldsByType[T] } }[ChangeType];

/**
 * The change a `mutate/{kind}` call's body makes: the type written with that call and its row's `fieldsOfBody`. The
 * body must be one its schema (`mutationBodySchemas`) has parsed: a body it refuses is never made a change.
 */
export function changeOfBody<K extends MutationKind>(kind: K, body: MutationBodies[K]): ChangeOf {
  const type = CHANGE_TYPES.find((candidate) => CHANGE_KINDS[candidate].mutationKind === kind);
  const fieldsOfBody = type ? (CHANGE_KINDS[type] as ChangeKind<ChangeType>).fieldsOfBody : null;
  if (!type || !fieldsOfBody) throw new Error(`No change is written with mutate/${String(kind)}`);
  return { type, changeFields: (fieldsOfBody as (body: MutationBodies[K]) => ChangeFieldsByType[ChangeType])(body) } as ChangeOf;
}

// ---------------------------------------------------------------------------------------------------------------
// Change items as the frame takes them (UNDO and REDO carry one; the frame protocol passes them on).

export type FrameChangeType = ChangeType;

/** What an instant update did, so that undo can take it back (docs/editor.md#instant-updates). */
export interface InstantUpdateData {
  addedIds?: string[];
  addedClass?: string;
  codebaseAddedClass?: string;
  parentToElementKeysRemoved?: Record<string, { elementKeyRemoved: string; outerHTML: string }[]>;
  prevIdToNewIdMap?: Record<string, string>;
  /** Classes an UPDATE_CLASSES swap removed and added, to swap back. */
  swappedClasses?: { codebaseId: string; removed: string[]; added: string[] };
  /** The text an EDIT_TEXT showed in place of the old, to put the old back. */
  replacedText?: { codebaseId: string; oldText: string; newText: string };
  /** The theme variable an EDIT_THEME_TOKEN set on the page, with the value the page had before, to set back. */
  themeOverride?: { variable: string; value: string; previous: string };
}

/** A change item of one type as the frame takes it: its fields are that type's. */
export interface FrameChangeItemOf<T extends FrameChangeType> {
  id: string;
  type: T;
  changeFields: ChangeFieldsByType[T];
  humanName?: string;
  instantUpdateData?: InstantUpdateData;
}

/** A change item of any type; narrowing its `type` types its `changeFields`. */
export type FrameChangeItem = { [T in FrameChangeType]: FrameChangeItemOf<T> }[FrameChangeType];
