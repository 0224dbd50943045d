import { describe, expect, it } from 'vitest';
import type { HandleScale } from '@contracts/frame-protocol.js';
import { handleLabel, handleTransition, initialHandleState, propertiesOf, snapToScale, type HandleId, type HandleModifiers, type HandleStart, type HandleState } from './handle-drag-machine.js';

/** Tailwind 4's spacing steps from 0 to 16 (0, 0.25rem, …), in pixels. */
const SCALE: HandleScale = {
  spacing: [0, 1, 2, 3, 4, 6, 8, 16].map((step) => ({ name: String(step), value: `${step * 0.25}rem`, px: step * 4 })),
  tailwind: true,
};
const NONE: HandleModifiers = { shift: false, alt: false, free: false };
const VALUES = { width: 200, height: 100, 'padding-top': 8, 'padding-right': 8, 'padding-bottom': 8, 'padding-left': 8, 'margin-top': 0, 'margin-right': 0, 'margin-bottom': 0, 'margin-left': 0, gap: 16 };

function press(handle: HandleId, scale = SCALE, gapAxis?: 'x' | 'y'): HandleState {
  const start: HandleStart = { handle, point: { x: 100, y: 100 }, values: VALUES, scale, gapAxis };
  return handleTransition(initialHandleState, { type: 'PRESS', start, modifiers: NONE }).state;
}
const move = (state: HandleState, x: number, y: number, modifiers: Partial<HandleModifiers> = {}) =>
  handleTransition(state, { type: 'MOVE', point: { x, y }, modifiers: { ...NONE, ...modifiers } });
const valuesOf = (state: HandleState) => (state.kind === 'dragging' ? Object.fromEntries(Object.entries(state.values).map(([property, value]) => [property, value.css])) : null);

describe('handle drag machine', () => {
  it('snaps to the nearest token of the scale; sizes only near one, else whole pixels; ⌘/Ctrl leaves the scale', () => {
    expect(snapToScale(13, SCALE, false, false)).toEqual({ px: 12, token: '3', css: '0.75rem' });
    expect(snapToScale(15, SCALE, false, false)).toEqual({ px: 16, token: '4', css: '1rem' });
    expect(snapToScale(130, SCALE, true, false)).toEqual({ px: 130, token: null, css: '130px' });
    expect(snapToScale(60, SCALE, true, false)).toEqual({ px: 64, token: '16', css: '4rem' });
    expect(snapToScale(13.4, SCALE, false, true)).toEqual({ px: 13, token: null, css: '13px' });
    // Free pixels that fall on a token are that token.
    expect(snapToScale(16.2, SCALE, false, true)).toEqual({ px: 16, token: '4', css: '1rem' });
    expect(snapToScale(-5, { spacing: [], tailwind: true }, false, false)).toEqual({ px: 0, token: null, css: '0px' });
  });

  it('a padding handle grows inward, a margin handle outward; nothing is shown before the first move', () => {
    expect(press('padding-top').kind).toBe('dragging');
    expect(valuesOf(move(press('padding-top'), 100, 109).state)).toEqual({ 'padding-top': '1rem' });
    expect(valuesOf(move(press('padding-bottom'), 100, 92).state)).toEqual({ 'padding-bottom': '1rem' });
    expect(valuesOf(move(press('padding-right'), 92, 100).state)).toEqual({ 'padding-right': '1rem' });
    expect(valuesOf(move(press('margin-top'), 100, 84).state)).toEqual({ 'margin-top': '1rem' });
    expect(valuesOf(move(press('margin-left'), 110, 100).state)).toEqual({ 'margin-left': '0rem' });
    expect(move(press('padding-top'), 100, 109).effects).toEqual(['preview']);
  });

  it('Shift takes the four sides, Alt the two of the axis; letting go of the key gives the one side back', () => {
    expect(propertiesOf('padding-left', { shift: true, alt: false })).toEqual(['padding-left', 'padding-top', 'padding-right', 'padding-bottom']);
    expect(propertiesOf('margin-top', { shift: false, alt: true })).toEqual(['margin-top', 'margin-bottom']);
    const shifted = move(press('padding-top'), 100, 116, { shift: true }).state;
    expect(valuesOf(shifted)).toEqual({ 'padding-top': '1.5rem', 'padding-right': '1.5rem', 'padding-bottom': '1.5rem', 'padding-left': '1.5rem' });
    expect(handleLabel(shifted)).toBe('p-6 · 24px');
    const alone = handleTransition(shifted, { type: 'MODIFIERS', modifiers: NONE });
    expect(valuesOf(alone.state)).toEqual({ 'padding-top': '1.5rem' });
    expect(alone.effects).toEqual(['preview']);
    expect(handleLabel(move(press('padding-left'), 108, 100, { alt: true }).state)).toBe('px-4 · 16px');
  });

  it('resizes by the edges and the corner; Shift on the corner keeps the proportions', () => {
    expect(valuesOf(move(press('width'), 150, 300).state)).toEqual({ width: '250px' });
    // 60 px is within a few pixels of h-16: it snaps there.
    expect(valuesOf(move(press('height'), 300, 60).state)).toEqual({ height: '4rem' });
    const corner = move(press('size'), 160, 110).state;
    expect(valuesOf(corner)).toEqual({ width: '260px', height: '110px' });
    expect(handleLabel(corner)).toBe('w-[260px]  h-[110px]');
    expect(valuesOf(move(press('size'), 200, 100, { shift: true }).state)).toEqual({ width: '300px', height: '150px' });
  });

  it('a gap handle follows its container’s axis', () => {
    expect(valuesOf(move(press('gap', SCALE, 'x'), 116, 100).state)).toEqual({ gap: '2rem' });
    expect(valuesOf(move(press('gap', SCALE, 'y'), 140, 92).state)).toEqual({ gap: '0.5rem' });
  });

  it('the release writes values that changed and puts back ones that did not; Escape puts back', () => {
    const moved = move(press('padding-top'), 100, 109).state;
    expect(handleTransition(moved, { type: 'RELEASE' })).toEqual({ state: initialHandleState, effects: ['write'] });
    const back = move(press('padding-top'), 100, 101).state;
    expect(handleTransition(back, { type: 'RELEASE' }).effects).toEqual(['revert']);
    expect(handleTransition(press('width'), { type: 'RELEASE' }).effects).toEqual(['revert']);
    expect(handleTransition(moved, { type: 'CANCEL' })).toEqual({ state: initialHandleState, effects: ['revert'] });
    expect(handleTransition(initialHandleState, { type: 'RELEASE' }).effects).toEqual([]);
    expect(handleTransition(initialHandleState, { type: 'MOVE', point: { x: 0, y: 0 }, modifiers: NONE }).effects).toEqual([]);
  });

  it('labels the value as the project writes it: a class in Tailwind, the property and value otherwise', () => {
    expect(handleLabel(move(press('padding-top'), 100, 109).state)).toBe('pt-4 · 16px');
    expect(handleLabel(move(press('padding-top', { ...SCALE, tailwind: false }), 100, 109).state)).toBe('padding-top: 1rem · 16px');
    expect(handleLabel(move(press('padding-top', { spacing: [], tailwind: false }), 100, 111).state)).toBe('padding-top: 19px');
    expect(handleLabel(initialHandleState)).toBeNull();
  });
});
