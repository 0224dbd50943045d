import { afterEach, describe, expect, it } from 'vitest';
import type { HandleScale } from '@contracts/frame-protocol.js';
import type { ProjectTheme } from '@contracts/project-theme.js';
import { createProjectThemeQuery } from './api/project-theme-query';
import { useEditorStore } from './state/editor-store';
import { giveFramesHandleScale, handleChange, handleScaleOf } from './style-handles';

const theme = (spacing: { name: string; value: string }[]): Pick<ProjectTheme, 'scales'> => ({ scales: { spacing } as ProjectTheme['scales'] });

describe('the handles in the editor', () => {
  it('snap to the theme’s spacing tokens that are lengths, smallest first, labelled as classes in a Tailwind canvas', () => {
    const scale = handleScaleOf(theme([{ name: '4', value: '1rem' }, { name: 'px', value: '1px' }, { name: 'odd', value: 'var(--x)' }, { name: '0', value: '0' }]), 'Tailwind');
    expect(scale).toEqual({ spacing: [{ name: '0', value: '0', px: 0 }, { name: 'px', value: '1px', px: 1 }, { name: '4', value: '1rem', px: 16 }], tailwind: true });
    expect(handleScaleOf(null, 'CSS')).toEqual({ spacing: [], tailwind: false });
  });

  it('write a released handle as one STYLING change in the canvas’s framework, under the chosen states and breakpoint', () => {
    const release = { elementKey: 'tempo-a|frame|0-1', codebaseId: 'tempo-a', styling: { 'padding-top': '1rem', 'padding-bottom': '1rem' } };
    expect(handleChange(release, { modifiers: ['hover'], breakpoint: 'md', canvas: { stylingFramework: 'Tailwind' } })).toEqual({
      fields: { codebaseId: 'tempo-a', stylingChanges: { 'padding-top': '1rem', 'padding-bottom': '1rem' }, stylingFramework: 'Tailwind', modifiers: ['md', 'hover'], customProperties: {} },
    });
    expect(handleChange(release, { modifiers: ['hover'], breakpoint: null, canvas: { stylingFramework: 'Inline' } })).toEqual({ problem: expect.stringMatching(/^An inline style cannot apply only for hover/) });
  });
});

describe('the handles’ scale given to the frames', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    useEditorStore.getState().dropFrameRuntime('desktop');
  });

  const follow = (answer: () => Promise<ProjectTheme>) => {
    const asked: number[] = [];
    const given: HandleScale[] = [];
    const theme = createProjectThemeQuery({ call: async <T>() => (asked.push(1), (await answer()) as T) });
    stop = giveFramesHandleScale(theme, (scale) => given.push(scale));
    return { asked, given, theme };
  };
  const fullTheme = (spacing: { name: string; value: string }[]) => ({ tailwind: null, scales: { ...theme(spacing).scales, colors: [] }, stylingFramework: 'Tailwind' }) as unknown as ProjectTheme;

  it('is asked of the theme when a frame starts, before anything is selected, and given only once the theme answered', async () => {
    let answer!: (theme: ProjectTheme) => void;
    const { asked, given } = follow(() => new Promise((resolve) => (answer = resolve)));
    expect(asked).toHaveLength(0);
    useEditorStore.getState().setFrameRuntime('desktop', { ready: true });
    expect(useEditorStore.getState().selectedKey).toBeNull();
    await expect.poll(() => asked.length).toBe(1);
    // Not an empty scale meanwhile: the frames would show handles snapping to nothing.
    expect(given).toEqual([]);
    answer(fullTheme([{ name: '6', value: '1.5rem' }]));
    await expect.poll(() => given).toEqual([{ spacing: [{ name: '6', value: '1.5rem', px: 24 }], tailwind: true }]);
  });

  it('is given again at a new theme, and empty when the theme cannot be read (the handles then write pixels)', async () => {
    let spacing = [{ name: '4', value: '1rem' }];
    const { given, theme: query } = follow(async () => fullTheme(spacing));
    useEditorStore.getState().setFrameRuntime('desktop', { ready: true });
    await expect.poll(() => given.length).toBe(1);
    spacing = [{ name: '4', value: '1rem' }, { name: '8', value: '2rem' }];
    await query.refresh();
    await expect.poll(() => given.at(-1)?.spacing.map((token) => token.name)).toEqual(['4', '8']);

    stop();
    const failing = follow(() => Promise.reject(new Error('down')));
    useEditorStore.getState().setFrameRuntime('desktop', { ready: false });
    await expect.poll(() => failing.given, { timeout: 5000 }).toEqual([{ spacing: [], tailwind: true }]);
  });
});
