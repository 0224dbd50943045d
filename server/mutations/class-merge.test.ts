import { describe, expect, it } from 'vitest';
import type { ProjectTheme } from '../../contracts/project-theme.js';
import { EMPTY_THEME } from '../../contracts/theme-tokens.js';
import { classMergerFor, planClassMerge, type ClassMergeEdit } from './class-merge.js';

/** A project whose font sizes include `body` and whose colours include `ink`. */
const THEME: ProjectTheme = {
  tailwind: { version: 4, entry: 'src/styles.css' },
  scales: {
    ...EMPTY_THEME.scales,
    colors: [{ name: 'ink', value: '#111111' }],
    fontSize: [{ name: 'body', value: '15px' }, { name: 'lg', value: '1.125rem' }],
  },
};

/** The class list after the edit, as the plan puts it together. */
function merged(classes: string, edit: Partial<ClassMergeEdit>, theme: ProjectTheme = THEME): string {
  const existing = classes.split(' ').filter(Boolean);
  const plan = planClassMerge(existing, { add: [], clear: [], replaceConflicts: true, ...edit }, classMergerFor(theme));
  return [...existing.flatMap((c, i) => plan.replacements[i] ?? [c]), ...plan.append].join(' ');
}

describe('merging classes as a developer would', () => {
  it.each([
    // The new class takes the place of the one it replaces; the others keep theirs.
    ['flex text-sm font-bold', ['text-base'], 'flex text-base font-bold'],
    ['bg-slate-900 hover:bg-slate-800', ['bg-slate-950'], 'bg-slate-950 hover:bg-slate-800'],
    ['bg-slate-900 hover:bg-slate-800', ['hover:bg-slate-950'], 'bg-slate-900 hover:bg-slate-950'],
    ['text-sm', ['md:text-4xl'], 'text-sm md:text-4xl'],
    ['text-sm md:text-lg', ['md:text-4xl'], 'text-sm md:text-4xl'],
    // Sides collapse to axes and axes to all when they agree, and split when one side changes.
    ['py-2', ['pt-3'], 'pt-3 pb-2'],
    ['pt-3 text-sm', ['pb-3'], 'py-3 text-sm'],
    ['block', ['pt-3', 'pb-3'], 'block py-3'],
    ['px-4 text-sm', ['py-4'], 'p-4 text-sm'],
    ['p-2', ['pt-4'], 'px-2 pt-4 pb-2'],
    ['p-2 md:p-4', ['md:pt-3'], 'p-2 md:px-4 md:pt-3 md:pb-4'],
    ['-mt-2 mb-2', ['mt-2'], 'my-2'],
    ['mx-auto', ['ml-4'], 'mr-auto ml-4'],
    ['gap-x-2', ['gap-y-2'], 'gap-2'],
    ['top-0 left-0', ['bottom-0', 'right-0'], 'inset-0'],
    // Arbitrary values are values like any other.
    ['pt-[12px] pb-[12px]', ['pt-3'], 'pt-3 pb-[12px]'],
  ])('%s + %j → %s', (classes, add, expected) => {
    expect(merged(classes, { add })).toBe(expected);
  });

  it('leaves a family it cannot read side by side (a logical ps-2) to plain conflicts', () => {
    expect(merged('ps-2 py-2', { add: ['pt-3'] })).toBe('ps-2 py-2 pt-3');
  });

  it('clears a side without touching the others', () => {
    expect(merged('py-2 text-sm', { clear: ['pt-[1px]'] })).toBe('pb-2 text-sm');
    expect(merged('p-2 text-sm', { clear: ['p-[1px]'] })).toBe('text-sm');
    expect(merged('p-2 text-sm', { clear: ['text-[length:1px]'] })).toBe('p-2');
  });

  it('knows the project’s own token names: a font size called body is not a colour', () => {
    expect(merged('text-body text-ink', { add: ['text-lg'] })).toBe('text-lg text-ink');
    expect(merged('text-body text-ink', { add: ['text-slate-900'] })).toBe('text-body text-slate-900');
    // Without the theme, tailwind-merge takes both for colours.
    expect(merged('text-body text-ink', { add: ['text-slate-900'] }, EMPTY_THEME)).toBe('text-slate-900');
  });

  it('adds without replacing when the edit is a plain class edit', () => {
    expect(merged('p-2', { add: ['p-4'], replaceConflicts: false })).toBe('p-2 p-4');
    expect(merged('p-2 flex', { add: ['flex'] })).toBe('p-2 flex');
    expect(merged('p-2 flex', { add: ['grid'], remove: ['p-2'], replaceConflicts: false })).toBe('grid flex');
    expect(merged('p-2 text-sm font-bold', { add: ['text-base', 'leading-6'], remove: ['text-sm'], replaceConflicts: false })).toBe('p-2 text-base leading-6 font-bold');
  });
});
