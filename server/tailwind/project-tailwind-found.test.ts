/**
 * Projects whose Tailwind was once missed or failed to load, as found on public apps: a Tailwind 4 entry importing a
 * CSS-only package, Tailwind 3 before 3.3 (no jiti), and an entry written in a preprocessor's syntax.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject, type FixtureProject } from '../../test-support/fixture-project.js';
import { TailwindClassList } from '../studio-source/tailwind-classes.js';
import { loadProjectTheme } from './project-theme.js';
import { TailwindCss } from './tailwind-css.js';

describe('a Tailwind 4 entry that imports a package exporting only a `style` stylesheet', () => {
  let project: FixtureProject;
  beforeAll(async () => {
    project = await fixtureProject('tailwind4-css-package');
  });
  afterAll(() => project?.remove());

  it("reads the theme with the package's tokens, lists its utilities and generates them", async () => {
    const theme = await loadProjectTheme(project.root);
    expect(theme.tailwind).toEqual({ version: 4, entry: 'src/index.css' });
    expect(theme.scales.colors.find((token) => token.name === 'leaf')).toMatchObject({ declaredIn: 'src/index.css' });
    const classes = await new TailwindClassList(project.root).classes();
    expect(classes).toContain('animate-sway');
    expect(classes).toContain('sway-origin');
    const answer = await new TailwindCss(project.root).cssFor({ classes: ['animate-sway', 'sway-origin'] });
    expect(answer.classes.map((entry) => entry.generated)).toEqual([true, true]);
    expect(answer.css).toMatch(/@keyframes sway\s*\{/);
    expect(answer.css).toContain('transform-origin: bottom center');
  });
});
