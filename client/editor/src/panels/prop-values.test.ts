import { describe, expect, it } from 'vitest';
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import { inspectPayloadFor, isEditableProp, propText, readPropInput } from './prop-values';

describe('props', () => {
  it('edits literal strings, numbers and booleans only, not React or studio props', () => {
    expect(isEditableProp('label', { type: 'LITERAL', value: 'Save' })).toBe(true);
    expect(isEditableProp('count', { type: 'LITERAL', value: 3 })).toBe(true);
    expect(isEditableProp('open', { type: 'LITERAL', value: false })).toBe(true);
    expect(isEditableProp('onClick', { type: 'FUNCTION', value: '[Function]' })).toBe(false);
    expect(isEditableProp('items', { type: 'JSON_OBJECT', value: [1] })).toBe(false);
    expect(isEditableProp('none', { type: 'LITERAL', value: null })).toBe(false);
    expect(isEditableProp('children', { type: 'LITERAL', value: 'x' })).toBe(false);
    expect(isEditableProp('data-codebase-id', { type: 'LITERAL', value: 'tempo-x' })).toBe(false);
  });

  it('keeps the type of the current value', () => {
    expect(readPropInput('count', ' 12 ', 3)).toEqual({ ok: true, value: 12 });
    expect(readPropInput('count', 'twelve', 3)).toMatchObject({ ok: false, error: 'count is a number: "twelve" is not one' });
    expect(readPropInput('count', '', 3)).toMatchObject({ ok: false });
    expect(readPropInput('open', 'true', false)).toEqual({ ok: true, value: true });
    expect(readPropInput('open', 'yes', false)).toMatchObject({ ok: false });
    expect(readPropInput('label', ' a ', 'b')).toEqual({ ok: true, value: ' a ' });
  });

  it('shows any value on one line', () => {
    expect(propText('x')).toBe('x');
    expect(propText({ a: 1 })).toBe('{"a":1}');
    expect(propText('y'.repeat(300), 10)).toBe(`${'y'.repeat(9)}…`);
  });
});

describe('inspectPayloadFor', () => {
  const node = (id: string, isComponent: boolean, children: NavTreeNode[] = []) =>
    ({ name: `N${id}`, isComponent, children, tempoElement: { codebaseId: `tempo-${id}`, storyboardId: 'f', uniquePath: '0' } }) as unknown as NavTreeNode;

  it('names the component and the first element it renders that is not a component', () => {
    const tree = node('form', true, [node('inner', true, [node('main', false)]), node('other', false)]);
    expect(inspectPayloadFor(tree)).toEqual({ componentName: 'Nform', isComponent: true, tempoElementID: 'tempo-form', componentElementId: 'tempo-main' });
    expect(inspectPayloadFor(node('leaf', true))).toEqual({ componentName: 'Nleaf', isComponent: true, tempoElementID: 'tempo-leaf' });
  });
});
