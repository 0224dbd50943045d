import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject, type FixtureProject } from '../../test-support/fixture-project.js';
import { copyTree } from '../mutations/mutations-test-support.js';
import { BUNDLED_CONSOLE_ROOT } from '../package-info.js';
import { TailwindCss } from './tailwind-css.js';

describe("instant CSS from a Tailwind 3 project's own Tailwind", () => {
  let project: FixtureProject;
  beforeAll(async () => {
    project = await fixtureProject('tailwind3-postcss');
  });
  afterAll(() => project?.remove());

  it("generates its custom colour and spacing with variants, as plain rules, and nothing for a typo", async () => {
    const tailwind = new TailwindCss(project.root);
    const answer = await tailwind.cssFor({ classes: ['bg-brand', { className: 'px-18', modifiers: ['md'] }, { className: 'bg-brand-dark', modifiers: ['hover'] }, 'bg-brnd'] });
    expect(answer.classes.map((entry) => [entry.candidate, entry.generated])).toEqual([
      ['bg-brand', true],
      ['md:px-18', true],
      ['hover:bg-brand-dark', true],
      ['bg-brnd', false],
    ]);
    // Tailwind 3's rgb() colours, not Tailwind 4's variables.
    expect(answer.css).toContain('background-color: rgb(15 118 110 / var(--tw-bg-opacity, 1))');
    expect(answer.css).toMatch(/@media \(min-width: 768px\)\s*\{\s*\.md\\:px-18\s*\{\s*padding-left: 4\.5rem;/);
    // Unlayered, like the rest of a Tailwind 3 page: a layer would lose to the page's own rules.
    expect(answer.css).not.toContain('@layer');
    // Only the asked classes: no preflight, no components of the entry.
    expect(answer.css).not.toContain('.card');
    expect(answer.css).not.toContain('box-sizing');
  });

  it('answers each request with its own classes only, keyframes with the animation that uses them', async () => {
    const tailwind = new TailwindCss(project.root);
    const first = await tailwind.cssFor({ classes: ['animate-spin', 'p-[3px]'] });
    expect(first.css).toMatch(/@keyframes spin\s*\{/);
    expect(first.css).toContain('.p-\\[3px\\]');
    // The project's Tailwind has seen the first request's classes: they are not this one's.
    const second = await tailwind.cssFor({ classes: ['p-[4px]', { className: 'bg-brand', modifiers: ['sm'] }] });
    expect(second.classes.map((entry) => entry.generated)).toEqual([true, true]);
    expect(second.css).toContain('.p-\\[4px\\]');
    expect(second.css).toMatch(/@media \(min-width: 640px\)\s*\{\s*\.sm\\:bg-brand\s*\{/);
    expect(second.css).not.toContain('[3px]');
    expect(second.css).not.toContain('@keyframes');
    expect(second.css).not.toContain('animation');
  });

  it('follows an edit of the config', async () => {
    const tailwind = new TailwindCss(project.root);
    expect((await tailwind.cssFor({ classes: ['text-brand-pale'] })).classes[0]!.generated).toBe(false);
    const config = path.join(project.root, 'tailwind.config.js');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("light: '#5eead4',", "light: '#5eead4',\n          pale: '#ccfbf1',"));
    const answer = await tailwind.cssFor({ classes: ['text-brand-pale'] });
    expect(answer.classes[0]!.generated).toBe(true);
    expect(answer.css).toContain('rgb(204 251 241');
  });
});

describe("instant CSS from a Tailwind 4 project's own installation and entry", () => {
  it('uses the entry its page imports (src/index.css) and its theme', async () => {
    const project = await fixtureProject('tailwind4-postcss-plugin');
    try {
      const answer = await new TailwindCss(project.root).cssFor({ classes: ['bg-leaf', { className: 'text-leaf', modifiers: ['hover'] }, 'bg-lef'] });
      expect(answer.classes.map((entry) => entry.generated)).toEqual([true, true, false]);
      expect(answer.css).toContain('--color-leaf: oklch(0.62 0.17 145)');
    } finally {
      await project.remove();
    }
  });

  it("on the console: its own colour, and a typo generates nothing", async () => {
    const root = path.join(await mkdtemp(path.join(os.tmpdir(), 'tailwind-css-console-')), 'console');
    try {
      copyTree(BUNDLED_CONSOLE_ROOT, root);
      const answer = await new TailwindCss(root).cssFor({ classes: ['bg-emerald-600', 'font-flag', 'bg-emerald-6000'] });
      expect(answer.classes.map((entry) => entry.generated)).toEqual([true, true, false]);
      expect(answer.css).toContain('--color-emerald-600: #00835d');
    } finally {
      await rm(path.dirname(root), { recursive: true, force: true });
    }
  });
});
