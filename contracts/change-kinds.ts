/**
 * Every change kind of the studio in one typed table: for each change type, its fields, the `parseAndMutate` call
 * it is written with and how its fields become that call's body, its name for a person, and when the frames show
 * it at once (docs/editor.md#changes). Plain TypeScript: the overlay reads this table in the console's
 * frame, where the schema library must not come along; `changes.ts` holds the zod schemas of the bodies.
 *
 * Adding a change kind touches:
 * 1. this file: its row in `CHANGE_KINDS`, and its fields in `ChangeFieldsByType` (`change-kind-shapes.ts`; the row's
 *    type is checked against the fields: a type without a row, or a row without a type, does not compile), whose
 *    `request` and its inverse `fieldsOfBody` (an agent's change is asked for as a body) `change-kinds-bodies.test.ts`
 *    proves over the golden bodies and generated ones;
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
import type { MutationBodies } from './changes.js';
import type { ChangeFieldsByType, ChangeKind, ChangeType, InstantRules, MutationKind, MutationRequest } from './change-kind-shapes.js';

export type { ChangeFieldsByType, ChangeKind, ChangeType, FrameChangeItem, FrameChangeItemOf, FrameChangeType, InstantUpdateData, InvolvedClass, MutationAnswer, MutationKind, MutationRequest, RequestContext } from './change-kind-shapes.js';

// ---------------------------------------------------------------------------------------------------------------
// Plain values the fields use (their schemas are in changes.ts)

// Below both this table and the body schemas (changes.ts), which each use them.
export { STYLING_FRAMEWORKS, type PropValue, type StylingFramework } from './change-values.js';
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
    fields: ['codebaseId', 'stylingChanges', 'stylingFramework', 'modifiers', 'customProperties', 'idiom', 'previewFrom'],
    instant: STYLE_LIKE,
    humanName: stylingName,
    request: (f) =>
      mutate('styling', {
        reactElement: element(f.codebaseId),
        styling: f.stylingChanges,
        stylingFramework: f.stylingFramework,
        modifiers: f.modifiers ?? [],
        customProperties: f.customProperties ?? {},
        ...(f.idiom ? { idiom: f.idiom } : {}),
      }),
    fieldsOfBody: (b: MutationBodies['styling']) => ({
      codebaseId: b.reactElement.codebaseId,
      stylingChanges: b.styling,
      stylingFramework: b.stylingFramework,
      modifiers: b.modifiers,
      customProperties: b.customProperties,
      ...(b.idiom ? { idiom: b.idiom } : {}),
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
    fields: ['codebaseIdToEditText', 'newText', 'oldText', 'instance', 'textScope'],
    instant: { duringFlush: false, redo: false, byTheFrameItself: true },
    humanName: () => 'Edit text',
    request: (f) =>
      mutate('editText', {
        element: element(f.codebaseIdToEditText),
        newText: f.newText,
        oldText: f.oldText,
        ...(f.instance ? { instance: f.instance } : {}),
        ...(f.textScope ? { textScope: f.textScope } : {}),
      }),
    fieldsOfBody: (b: MutationBodies['editText']) => ({
      codebaseIdToEditText: b.element.codebaseId,
      newText: b.newText,
      oldText: b.oldText,
      ...(b.instance ? { instance: b.instance } : {}),
      ...(b.textScope ? { textScope: b.textScope } : {}),
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
