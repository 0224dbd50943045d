import { describe, expect, it } from 'vitest';
import { CHANGE_KINDS, CHANGE_TYPES, type ChangeType, type MutationKind } from './change-kinds.js';
import {
  createChangeItem,
  humanNameOf,
  redoShowsInstantly,
  reloadFramesOnRejection,
  instantDuringFlush,
  remapIdsIn,
  requestForChange,
  rollbackOf,
  sendsInstantUpdate,
  successNoticeOf,
  toFrameChangeItem,
  type ChangeFieldsByType,
} from './change-items.js';
import { mutationBodySchemas } from './changes.js';
import type { FrameChangeItem } from './frame-protocol.js';

const A = 'tempo-0f8b5c2e-3d4a-5b6c-8d7e-9f0a1b2c3d4e';
const B = 'tempo-1f8b5c2e-3d4a-5b6c-8d7e-9f0a1b2c3d4e';
const C = 'tempo-2f8b5c2e-3d4a-5b6c-8d7e-9f0a1b2c3d4e';

/** One full set of fields per type: every field the type lists is present. */
const SAMPLES: { [T in ChangeType]: ChangeFieldsByType[T] } = {
  STYLING: { codebaseId: A, stylingChanges: { color: 'red', margin: null }, stylingFramework: 'Tailwind', modifiers: ['hover', 'md'], customProperties: { '--x': '1' }, idiom: 'css', previewFrom: '900px' },
  ADD_JSX: {
    codebaseIdToAddTo: A,
    beforeCodebaseId: B,
    afterCodebaseId: C,
    addCodebaseId: undefined,
    addNativeTag: 'section',
    fileContentsToSourceFrom: undefined,
    fileContentsSourceFilename: undefined,
    propsToSet: { title: 'x', count: 2 },
    deletedStoryboardId: 'frame-1',
    htmlForInstantUpdate: '<section></section>',
    extraPathToContents: { 'src/extra.ts': 'export {};\n' },
  },
  MOVE_JSX: { codebaseIdToMove: A, codebaseIdToMoveTo: B, afterCodebaseId: C, beforeCodebaseId: undefined, expectedCurrentParentCodebaseId: C },
  REMOVE_JSX: { codebaseIdsToRemove: [A, B] },
  CHANGE_PROP: { codebaseIdToChange: A, propName: 'title', propValue: 'Xin chào', replaceExpression: true },
  ADD_CLASS: { codebaseIdToAddClass: A, className: 'p-4', addingTailwindClass: true, modifiers: ['hover'], customProperties: {}, cssEquivalent: undefined, temporaryOnly: false, classHome: 'instance' },
  REMOVE_CLASS: { codebaseIdToRemoveClass: A, className: 'p-4', classHome: 'instance' },
  UPDATE_CLASSES: { codebaseIdToUpdateClass: A, newClasses: ['p-4'], oldClasses: ['p-2'], involvedClasses: [{ tailwind: 'p-4', css: '.p-4{padding:1rem}' }], isInstantChangeOnly: false, classHome: 'definition' },
  EDIT_TEXT: { codebaseIdToEditText: A, newText: 'Mới', oldText: 'Cũ', instance: [B], textScope: 'every' },
  WRAP_DIV: { codebaseIdsToWrap: [A, B] },
  DUPLICATE: { codebaseIdsToDuplicate: [A] },
  CHANGE_TAG: { codebaseIdToChange: A, newTagName: 'section' },
  EDIT_THEME_TOKEN: { variable: '--color-slate-900', value: '#0b1020', stylesheet: 'src/styles.css' },
  UNDO: { changeToUndo: { id: 'c1', type: 'ADD_CLASS', changeFields: { codebaseIdToAddClass: A, className: 'p-4' }, humanName: 'Add class p-4' } },
  REDO: { changeToRedo: { id: 'c1', type: 'ADD_CLASS', changeFields: { codebaseIdToAddClass: A, className: 'p-4' }, humanName: 'Add class p-4' } },
  UNKNOWN: {},
};

const context = { canvasId: 'default', hasInstantUpdate: true };

/** A change of a type, as an undo or a redo carries it; its fields do not matter to the rules. */
const changeOf = (type: ChangeType, id = 'x'): FrameChangeItem => ({ id, type, changeFields: {} }) as FrameChangeItem;

describe('change items', () => {
  it('types every field each change type lists', () => {
    for (const type of CHANGE_TYPES) {
      expect(Object.keys(SAMPLES[type]).sort(), type).toEqual(expect.arrayContaining([...CHANGE_KINDS[type].fields].sort()));
    }
  });

  it('starts with every flag down, except UNKNOWN, which is created consumed', () => {
    const item = createChangeItem('ADD_CLASS', SAMPLES.ADD_CLASS, 'c-1');
    expect(item).toMatchObject({ id: 'c-1', type: 'ADD_CLASS', humanName: 'Add class hover:p-4', consumed: false, failed: false, instantUpdateSent: false, instantUpdateFinished: false, instantUpdateSuccessful: false });
    expect(createChangeItem('UNKNOWN', {})).toMatchObject({ consumed: true, humanName: 'Unknown change' });
    expect(createChangeItem('EDIT_TEXT', SAMPLES.EDIT_TEXT).id).not.toBe(createChangeItem('EDIT_TEXT', SAMPLES.EDIT_TEXT).id);
  });

  it('de-duplicates the id lists of REMOVE_JSX, WRAP_DIV and DUPLICATE, keeping their order', () => {
    expect(createChangeItem('REMOVE_JSX', { codebaseIdsToRemove: [B, A, B, A] }).changeFields.codebaseIdsToRemove).toEqual([B, A]);
    expect(createChangeItem('WRAP_DIV', { codebaseIdsToWrap: [A, A] }).changeFields.codebaseIdsToWrap).toEqual([A]);
    const duplicate = createChangeItem('DUPLICATE', { codebaseIdsToDuplicate: [C, C, A] });
    expect(duplicate.changeFields.codebaseIdsToDuplicate).toEqual([C, A]);
    expect(duplicate.humanName).toBe('Duplicate 2 elements');
  });

  it('names changes for a person', () => {
    expect(humanNameOf('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-4' })).toBe('Add class p-4');
    expect(humanNameOf('EDIT_TEXT', SAMPLES.EDIT_TEXT)).toBe('Edit text');
    expect(humanNameOf('REMOVE_JSX', { codebaseIdsToRemove: [A, B, A] })).toBe('Delete 2 elements');
    expect(humanNameOf('REMOVE_JSX', { codebaseIdsToRemove: [A] })).toBe('Delete element');
    expect(humanNameOf('UNDO', { changeToUndo: toFrameChangeItem(createChangeItem('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-4' })) })).toBe('Undo: Add class p-4');
    expect(humanNameOf('UNDO', {})).toBe('Undo');
    expect(humanNameOf('REDO', SAMPLES.REDO)).toBe('Redo: Add class p-4');
    expect(humanNameOf('STYLING', { codebaseId: A, stylingChanges: { color: 'red' }, stylingFramework: 'CSS' })).toBe('Set color to red');
    expect(humanNameOf('STYLING', SAMPLES.STYLING)).toBe('Change 2 styles (hover:md)');
    expect(humanNameOf('ADD_JSX', SAMPLES.ADD_JSX)).toBe('Add <section>');
    expect(humanNameOf('ADD_JSX', { addComponentName: 'Card' })).toBe('Add Card');
    expect(humanNameOf('CHANGE_PROP', SAMPLES.CHANGE_PROP)).toBe('Change prop title');
    expect(humanNameOf('UPDATE_CLASSES', SAMPLES.UPDATE_CLASSES)).toBe('Replace class p-2 with p-4');
    expect(humanNameOf('CHANGE_TAG', SAMPLES.CHANGE_TAG)).toBe('Change tag to section');
    expect(humanNameOf('WRAP_DIV', SAMPLES.WRAP_DIV)).toBe('Wrap 2 elements in div');
    expect(humanNameOf('MOVE_JSX', SAMPLES.MOVE_JSX)).toBe('Move element');
  });
});

describe('the request of each change type', () => {
  it('builds a body the server accepts for every mutating type', () => {
    const kinds = new Set<string>();
    for (const type of CHANGE_TYPES) {
      if (type === 'UNDO' || type === 'REDO' || type === 'UNKNOWN') continue;
      const request = requestForChange(createChangeItem(type, SAMPLES[type] as never), context);
      expect(request, type).not.toBeNull();
      const kind = request!.path.replace(/^mutate\//, '') as MutationKind;
      kinds.add(kind);
      const parsed = mutationBodySchemas[kind].safeParse(request!.body);
      expect(parsed.error?.issues ?? [], `${type} → ${kind}`).toEqual([]);
    }
    expect(kinds.size).toBe(13);
  });

  it('puts the change fields where the server reads them', () => {
    expect(requestForChange(createChangeItem('ADD_JSX', SAMPLES.ADD_JSX), context)).toEqual({
      path: 'mutate/addJsxElement',
      body: {
        destinationElement: { codebaseId: A },
        beforeElement: { codebaseId: B },
        afterElement: { codebaseId: C },
        newElement: { type: 'native', nativeTag: 'section', propsToSet: { title: 'x', count: 2 } },
        canvasId: 'default',
        deletedStoryboardId: 'frame-1',
        fileContentsToSourceFrom: undefined,
        fileContentsSourceFilename: undefined,
        extraFiles: { 'src/extra.ts': 'export {};\n' },
        hasInstantUpdate: true,
      },
    });
    const component = requestForChange(createChangeItem('ADD_JSX', { codebaseIdToAddTo: A, addComponentName: 'Card', addComponentImportPath: '@/components/card', addComponentIsDefaultImport: false }), { canvasId: 'c', hasInstantUpdate: false });
    expect(component?.body).toMatchObject({ newElement: { type: 'component', componentName: 'Card', importPath: '@/components/card', isDefaultImport: false }, hasInstantUpdate: false });
    expect(mutationBodySchemas.addJsxElement.safeParse(component?.body).success).toBe(true);
    const copied = requestForChange(createChangeItem('ADD_JSX', { afterCodebaseId: A, addCodebaseId: B }), context);
    expect(copied?.body).toMatchObject({ newElement: { type: 'copied', element: { codebaseId: B } } });
    expect(() => requestForChange(createChangeItem('ADD_JSX', { codebaseIdToAddTo: A }), context)).toThrow(/needs a tag, a component or an element to copy/);
    expect(requestForChange(createChangeItem('MOVE_JSX', SAMPLES.MOVE_JSX), context)?.body).toEqual({
      elementToMove: { codebaseId: A },
      newContainerElement: { codebaseId: B },
      afterElement: { codebaseId: C },
      beforeElement: undefined,
      expectedCurrentParent: { codebaseId: C },
    });
    expect(requestForChange(createChangeItem('ADD_CLASS', { ...SAMPLES.ADD_CLASS, addingTailwindClass: false }), context)?.body).toMatchObject({ stylingFramework: null });
    expect(requestForChange(createChangeItem('CHANGE_TAG', SAMPLES.CHANGE_TAG), context)?.body).toEqual({ elementToModify: { codebaseId: A }, newTag: 'section' });
  });

  it('sends undo and redo to the activities calls with an empty body', () => {
    expect(requestForChange(createChangeItem('UNDO', SAMPLES.UNDO), context)).toEqual({ path: 'activities/undoChangeToFiles', body: {} });
    expect(requestForChange(createChangeItem('REDO', {}), context)).toEqual({ path: 'activities/redoChangeToFiles', body: {} });
  });

  it('writes nothing for a change shown in the preview only', () => {
    expect(requestForChange(createChangeItem('ADD_CLASS', { ...SAMPLES.ADD_CLASS, temporaryOnly: true }), context)).toBeNull();
    expect(requestForChange(createChangeItem('UPDATE_CLASSES', { ...SAMPLES.UPDATE_CLASSES, isInstantChangeOnly: true }), context)).toBeNull();
  });

  it("refuses UNKNOWN with 'Unsupported operation' and a stored unrecognised type with 'Unknown change type'", () => {
    expect(() => requestForChange(createChangeItem('UNKNOWN', {}), context)).toThrow(/^Unsupported operation$/);
    expect(() => requestForChange({ type: 'RESIZE', changeFields: {} }, context)).toThrow(/^Unknown change type: RESIZE$/);
    expect(() => requestForChange({ type: 'toString', changeFields: {} }, context)).toThrow(/^Unknown change type: toString$/);
  });
});

describe('instant updates', () => {
  it('allows styling, class and theme token changes during a flush, and undo or redo of them', () => {
    for (const type of ['STYLING', 'ADD_CLASS', 'UPDATE_CLASSES', 'EDIT_THEME_TOKEN'] as const) {
      expect(instantDuringFlush(changeOf(type))).toBe(true);
      expect(instantDuringFlush({ type: 'UNDO', changeFields: { changeToUndo: changeOf(type) } })).toBe(true);
      expect(instantDuringFlush({ type: 'REDO', changeFields: { changeToRedo: changeOf(type) } })).toBe(true);
    }
  });

  it('holds back everything else during a flush', () => {
    for (const type of ['ADD_JSX', 'MOVE_JSX', 'REMOVE_JSX', 'REMOVE_CLASS', 'WRAP_DIV', 'DUPLICATE', 'CHANGE_TAG', 'EDIT_TEXT', 'CHANGE_PROP'] as const) {
      expect(instantDuringFlush(changeOf(type))).toBe(false);
      expect(instantDuringFlush({ type: 'UNDO', changeFields: { changeToUndo: changeOf(type) } })).toBe(false);
      expect(sendsInstantUpdate(changeOf(type), true)).toBe(false);
      expect(sendsInstantUpdate(changeOf(type), false)).toBe(true);
    }
    expect(instantDuringFlush({ type: 'UNDO', changeFields: {} })).toBe(false);
  });

  it('redoes instantly only REMOVE_JSX, ADD_CLASS, STYLING, UPDATE_CLASSES and EDIT_THEME_TOKEN; never sends UNKNOWN or an undo without target', () => {
    expect(CHANGE_TYPES.filter(redoShowsInstantly).sort()).toEqual(['ADD_CLASS', 'EDIT_THEME_TOKEN', 'REMOVE_JSX', 'STYLING', 'UPDATE_CLASSES']);
    for (const type of CHANGE_TYPES) {
      const redo = { type: 'REDO' as const, changeFields: { changeToRedo: changeOf(type) } };
      expect(sendsInstantUpdate(redo, false), type).toBe(redoShowsInstantly(type));
    }
    expect(redoShowsInstantly('toString')).toBe(false);
    expect(sendsInstantUpdate({ type: 'REDO', changeFields: { changeToRedo: changeOf('REMOVE_JSX') } }, true)).toBe(false);
    expect(sendsInstantUpdate({ type: 'UNDO', changeFields: { changeToUndo: changeOf('DUPLICATE') } }, false)).toBe(true);
    expect(sendsInstantUpdate({ type: 'UNDO', changeFields: {} }, false)).toBe(false);
    expect(sendsInstantUpdate({ type: 'UNKNOWN', changeFields: {} }, false)).toBe(false);
  });
});

describe('after an answer and after a rejection', () => {
  it('remaps exact ids anywhere in change fields, and nothing else', () => {
    const fields = { codebaseIdsToRemove: [A, B], note: `${A} text`, changeToUndo: { id: 'c', type: 'ADD_CLASS', changeFields: { codebaseIdToAddClass: A } } };
    const next = remapIdsIn(fields, { [A]: C });
    expect(next).toEqual({ codebaseIdsToRemove: [C, B], note: `${A} text`, changeToUndo: { id: 'c', type: 'ADD_CLASS', changeFields: { codebaseIdToAddClass: C } } });
    expect(fields.codebaseIdsToRemove).toEqual([A, B]);
    const untouched = { codebaseIdToEditText: B, newText: 'x' };
    expect(remapIdsIn(untouched, { [A]: C })).toBe(untouched);
  });

  it('rolls a change back with the undo of it; an undo with the redo of its target; a redo with the undo of what it did', () => {
    const change = { ...toFrameChangeItem(createChangeItem('REMOVE_JSX', { codebaseIdsToRemove: [A] }, 'r')), instantUpdateData: { addedIds: ['x'] } };
    expect(rollbackOf(change)).toEqual({ type: 'UNDO', changeFields: { changeToUndo: change } });
    const target = toFrameChangeItem(createChangeItem('ADD_CLASS', { codebaseIdToAddClass: A, className: 'p-4' }, 't'));
    expect(rollbackOf(toFrameChangeItem(createChangeItem('UNDO', { changeToUndo: target })))).toEqual({ type: 'REDO', changeFields: { changeToRedo: target } });
    const redo = toFrameChangeItem(createChangeItem('REDO', { changeToRedo: target }), { addedClass: 'g' });
    expect(rollbackOf(redo)).toEqual({ type: 'UNDO', changeFields: { changeToUndo: { ...target, instantUpdateData: { addedClass: 'g' } } } });
  });

  it("says 'Successfully added' for an ADD_JSX without instant update and 'Prop changed' for CHANGE_PROP", () => {
    expect(successNoticeOf({ type: 'ADD_JSX', instantUpdateSuccessful: false })).toBe('Successfully added');
    expect(successNoticeOf({ type: 'ADD_JSX', instantUpdateSuccessful: true })).toBeNull();
    expect(successNoticeOf({ type: 'CHANGE_PROP', instantUpdateSuccessful: false })).toBe('Prop changed');
    expect(successNoticeOf({ type: 'ADD_CLASS', instantUpdateSuccessful: true })).toBeNull();
  });

  it('reloads the frames only for a refused change the frame showed by itself (text typed in place)', () => {
    expect(CHANGE_TYPES.filter((type) => reloadFramesOnRejection({ type }))).toEqual(['EDIT_TEXT']);
  });
});
