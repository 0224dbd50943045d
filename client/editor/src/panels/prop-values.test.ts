import { describe, expect, it } from 'vitest';
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import type { ElementSourceInfo } from '@contracts/studio-api.js';
import { choiceKey, choiceOfKey, inspectPayloadFor, presentProp, propText, readPropInput } from './prop-values';

describe('props', () => {
  const info = (props: ElementSourceInfo['props'], propChoices: ElementSourceInfo['propChoices'] = {}) =>
    ({ file: 'src/page.tsx', props, propChoices }) as unknown as ElementSourceInfo;
  const literal = (value: string | number | boolean | null) => ({ kind: 'literal' as const, value, line: 4 });

  it('edits the props the source writes as literals, with the choices of their declared union', () => {
    const source = info(
      { label: literal('Save'), count: literal(3), open: literal(false), none: literal(null), tone: literal('alert'), odd: literal('loud') },
      { tone: ['plain', 'alert'], odd: ['plain', 'alert'], none: ['a', 'b'] },
    );
    const runtime = { type: 'LITERAL', value: 'whatever the frame shows' } as const;
    expect(presentProp('label', runtime, source, false)).toEqual({ mode: 'value', value: 'Save', choices: null });
    expect(presentProp('count', runtime, source, false)).toEqual({ mode: 'value', value: 3, choices: null });
    expect(presentProp('open', runtime, source, false)).toEqual({ mode: 'value', value: false, choices: null });
    expect(presentProp('tone', runtime, source, false)).toEqual({ mode: 'value', value: 'alert', choices: ['plain', 'alert'] });
    expect(presentProp('none', runtime, source, false)).toEqual({ mode: 'value', value: null, choices: ['a', 'b'] });
    // A value outside its union (the source does not type-check) is edited as it is, never forced into the list.
    expect(presentProp('odd', runtime, source, false)).toEqual({ mode: 'value', value: 'loud', choices: null });
  });

  it('shows a prop bound to an expression read-only, with where it is written, whatever value the frame has', () => {
    const source = info({ value: { kind: 'expression', text: "data ? countries.length : '—'", line: 76 } });
    const expected = { mode: 'expression', text: "data ? countries.length : '—'", file: 'src/page.tsx', line: 76 };
    expect(presentProp('value', { type: 'LITERAL', value: 6 }, source, false)).toEqual(expected);
    expect(presentProp('value', { type: 'LITERAL', value: 6 }, source, true)).toEqual(expected);
  });

  it('edits a prop bound to a constant of the project at its declaration, with its other uses, only when the page shows a literal', () => {
    const constant = { file: 'src/lib/texts.ts', line: 4, alsoUsedBy: ['src/features/drones/drone-page.tsx:215', 'src/lib/index.ts:2'] };
    const source = info({ message: { kind: 'expression', text: 'DELETE_QUESTION', line: 30, constant } });
    const bound = { mode: 'expression', text: 'DELETE_QUESTION', file: 'src/page.tsx', line: 30 };
    expect(presentProp('message', { type: 'LITERAL', value: 'Xoá?' }, source, false)).toEqual({ ...bound, constant: { ...constant, value: 'Xoá?' } });
    // Read-only canvases, and a value the page shows that no literal writes (an object), stay read-only.
    expect(presentProp('message', { type: 'LITERAL', value: 'Xoá?' }, source, true)).toEqual(bound);
    expect(presentProp('message', { type: 'JSON_OBJECT', value: { a: 1 } }, source, false)).toEqual(bound);
  });

  it('edits nothing the source does not write as a literal, nor React or studio props, nor before the source is known', () => {
    const runtime = { type: 'LITERAL', value: 'x' } as const;
    expect(presentProp('label', runtime, null, false)).toEqual({ mode: 'shown', why: null });
    expect(presentProp('label', runtime, info({ label: literal('x') }), true)).toEqual({ mode: 'shown', why: null });
    expect(presentProp('children', runtime, info({ children: literal('x') }), false)).toEqual({ mode: 'shown', why: null });
    expect(presentProp('data-codebase-id', runtime, info({ 'data-codebase-id': literal('tempo-x') }), false)).toEqual({ mode: 'shown', why: null });
    expect(presentProp('spread', runtime, info({}), false)).toMatchObject({ mode: 'shown', why: expect.stringContaining('spread') });
    expect(presentProp('onClick', { type: 'FUNCTION', value: '[Function]' }, info({}), false)).toEqual({ mode: 'shown', why: null });
  });

  it('keeps a choice a number or a string', () => {
    expect(choiceOfKey(choiceKey(2), ['2', 2])).toBe(2);
    expect(choiceOfKey(choiceKey('2'), ['2', 2])).toBe('2');
    expect(choiceOfKey('string:nope', ['2', 2])).toBeNull();
  });

  it('keeps the type of the current value', () => {
    expect(readPropInput('count', ' 12 ', 3)).toEqual({ ok: true, value: 12 });
    expect(readPropInput('count', 'twelve', 3)).toMatchObject({ ok: false, error: 'count is a number: "twelve" is not one' });
    expect(readPropInput('count', '', 3)).toMatchObject({ ok: false });
    expect(readPropInput('open', 'true', false)).toEqual({ ok: true, value: true });
    expect(readPropInput('open', 'yes', false)).toMatchObject({ ok: false });
    expect(readPropInput('label', ' a ', 'b')).toEqual({ ok: true, value: ' a ' });
    expect(readPropInput('none', 'Lô A', null)).toEqual({ ok: true, value: 'Lô A' });
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
