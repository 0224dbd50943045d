import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectTheme } from '@contracts/project-theme.js';
import { defaultCanvasDocument, type CanvasDocument } from '@contracts/studio-api.js';
import { createProjectThemeQuery } from '../api/project-theme-query';
import { useEditorStore } from '../state/editor-store';
import { followProjectStyling, projectStylingToFollow } from './follow-project-styling';
import { savedFieldsChanged } from './use-canvas-document';

const themeOf = (stylingFramework: ProjectTheme['stylingFramework']): ProjectTheme => ({
  tailwind: null,
  scales: { colors: [], spacing: [], fontSize: [], fontWeight: [], fontFamily: [], lineHeight: [], letterSpacing: [], radius: [], shadow: [], breakpoints: [] },
  stylingFramework,
});

describe('the framework a canvas takes from the project', () => {
  const fresh = defaultCanvasDocument('default');

  it("is the theme's for a new canvas, and nothing once it has it or before the theme answers", () => {
    expect(projectStylingToFollow(fresh, themeOf('CSS'))).toBe('CSS');
    expect(projectStylingToFollow(fresh, themeOf('Tailwind'))).toBeNull();
    expect(projectStylingToFollow(fresh, undefined)).toBeNull();
    expect(projectStylingToFollow(fresh, themeOf(undefined))).toBeNull();
    expect(projectStylingToFollow(null, themeOf('CSS'))).toBeNull();
  });

  it("is nothing once a designer chose, and for a canvas saved before the choice was kept with another than Tailwind's", () => {
    expect(projectStylingToFollow({ stylingFramework: 'Inline', stylingFrameworkChosen: true }, themeOf('CSS'))).toBeNull();
    expect(projectStylingToFollow({ stylingFramework: 'CSS', stylingFrameworkChosen: true }, themeOf('Tailwind'))).toBeNull();
    expect(projectStylingToFollow({ stylingFramework: 'Inline' }, themeOf('CSS'))).toBeNull();
    expect(projectStylingToFollow({ stylingFramework: 'Tailwind' }, themeOf('CSS'))).toBe('CSS');
  });
});

describe('Tailwind in a project without it', () => {
  it('is never kept, even chosen: the canvas takes CSS', () => {
    expect(projectStylingToFollow({ stylingFramework: 'Tailwind', stylingFrameworkChosen: true }, themeOf('CSS'))).toBe('CSS');
  });
});

describe('a canvas following the project', () => {
  let answer: ProjectTheme;
  let stop = () => {};
  const server = { call: async <T>() => answer as T };

  beforeEach(() => {
    answer = themeOf('CSS');
  });
  afterEach(() => stop());

  const open = (canvas: CanvasDocument) => {
    useEditorStore.getState().setCanvas(canvas);
    const theme = createProjectThemeQuery(server);
    stop = followProjectStyling(theme);
    // A panel showing the theme is what asks for it.
    const observer = new QueryObserver(theme.client, theme.options);
    const unsubscribe = observer.subscribe(() => {});
    const previous = stop;
    stop = () => (previous(), unsubscribe());
    return theme;
  };
  const framework = () => useEditorStore.getState().canvas?.stylingFramework;

  it('starts in CSS on a project without Tailwind, without saving for it, and keeps a later choice over every refresh', async () => {
    const theme = open(defaultCanvasDocument('default'));
    const before = useEditorStore.getState().canvas;
    await expect.poll(framework).toBe('CSS');
    expect(savedFieldsChanged(before, useEditorStore.getState().canvas)).toBe(false);

    const beforeChoice = useEditorStore.getState().canvas;
    useEditorStore.getState().setStylingFramework('Inline');
    expect(savedFieldsChanged(beforeChoice, useEditorStore.getState().canvas)).toBe(true);
    answer = themeOf('Tailwind');
    await theme.refresh();
    expect(theme.client.getQueryData(theme.options.queryKey)?.stylingFramework).toBe('Tailwind');
    expect(framework()).toBe('Inline');
    // Reopened as saved, the choice still holds.
    stop();
    const reopened = open({ ...useEditorStore.getState().canvas! });
    await expect.poll(() => reopened.client.getQueryData(reopened.options.queryKey)?.stylingFramework).toBe('Tailwind');
    expect(framework()).toBe('Inline');
  });

  it('follows the project while no one chose: a project that gains Tailwind moves the canvas to it', async () => {
    const theme = open(defaultCanvasDocument('default'));
    await expect.poll(framework).toBe('CSS');
    answer = themeOf('Tailwind');
    await theme.refresh();
    await expect.poll(framework).toBe('Tailwind');
    expect(useEditorStore.getState().canvas?.stylingFrameworkChosen).toBe(false);
  });

  it('keeps what a designer chose of the frameworks the project can render', async () => {
    const canvas = defaultCanvasDocument('default');
    useEditorStore.getState().setCanvas(canvas);
    useEditorStore.getState().setStylingFramework('Inline');
    const theme = open(useEditorStore.getState().canvas!);
    await expect.poll(() => theme.client.getQueryData(theme.options.queryKey)?.stylingFramework).toBe('CSS');
    expect(framework()).toBe('Inline');
  });

  it('takes CSS for Tailwind chosen in a project without Tailwind', async () => {
    const canvas = defaultCanvasDocument('default');
    useEditorStore.getState().setCanvas(canvas);
    useEditorStore.getState().setStylingFramework('Tailwind');
    open(useEditorStore.getState().canvas!);
    await expect.poll(framework).toBe('CSS');
  });
});
