import { describe, expect, it } from 'vitest';
import { MUTATION_KINDS } from './change-kinds.js';
import { mutationBodySchemas } from './changes.js';

const ID = 'tempo-0f8b5c2e-3d4a-5b6c-8d7e-9f0a1b2c3d4e';

describe('change contracts', () => {
  it('has one body schema per call the table of change kinds writes with, in its order', () => {
    expect(Object.keys(mutationBodySchemas)).toEqual([...MUTATION_KINDS]);
  });

  it('accepts the body fields of each call', () => {
    const element = { codebaseId: ID, storyboardId: 'story_1', uniquePath: '0-2-1' };
    expect(mutationBodySchemas.styling.parse({ reactElement: element, styling: { color: 'red', margin: null }, stylingFramework: 'Tailwind', modifiers: ['hover', 'md'] })).toMatchObject({ customProperties: {} });
    expect(mutationBodySchemas.addJsxElement.safeParse({ afterElement: element, newElement: { type: 'component', componentName: 'Card', importPath: '@/components/card' }, propsToSet: { title: 'x', count: 2, open: true, onClick: { expression: '() => {}' }, hidden: null } }).success).toBe(true);
    expect(mutationBodySchemas.moveJsxElement.safeParse({ elementToMove: element, newContainerElement: element, expectedCurrentParent: element }).success).toBe(true);
    expect(mutationBodySchemas.editText.safeParse({ element, newText: 'a', oldText: 'b' }).success).toBe(true);
    expect(mutationBodySchemas.updateClasses.safeParse({ reactElement: element, newClasses: ['p-4'], oldClasses: ['p-2'] }).success).toBe(true);
    expect(mutationBodySchemas.wrapInDiv.safeParse({ reactElements: [{ codebaseId: 'tempo-wrap-in-div-placeholder' }] }).success).toBe(true);
  });

  it('refuses bad ids with the invalid-id message, and malformed fields', () => {
    const bad = mutationBodySchemas.removeClass.safeParse({ reactElement: { codebaseId: 'tempo-1234' }, className: 'x' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/^Invalid codebase id "tempo-1234"/);
    const story = mutationBodySchemas.removeClass.safeParse({ reactElement: { codebaseId: ID, storyboardId: 'a/b' }, className: 'x' });
    expect(story.error?.issues[0]?.message).toMatch(/^Invalid storyboard id/);
    expect(mutationBodySchemas.addClass.safeParse({ reactElement: { codebaseId: ID }, className: 'two classes' }).success).toBe(false);
    expect(mutationBodySchemas.changeElementTag.safeParse({ elementToModify: { codebaseId: ID }, newTag: 'div onclick' }).success).toBe(false);
    expect(mutationBodySchemas.removeJsxElement.safeParse({ elementsToRemove: [] }).success).toBe(false);
    expect(mutationBodySchemas.changePropValue.safeParse({ elementToModify: { codebaseId: ID }, propName: 'a b', propValue: 1 }).success).toBe(false);
    expect(mutationBodySchemas.changePropValue.safeParse({ elementToModify: { codebaseId: ID }, propName: 'n', propValue: Number.NaN }).success).toBe(false);
  });
});
