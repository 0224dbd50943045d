/**
 * Projects whose Tailwind was once missed or failed to load, as found on public apps: a Tailwind 4 entry importing a
 * CSS-only package, Tailwind 3 before 3.3 (no jiti), and an entry written in a preprocessor's syntax.
 */
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureProject, type FixtureProject } from '../../test-support/fixture-project.js';
import { TailwindClassList } from './tailwind-classes.js';
import { detectProjectTailwind } from './project-tailwind.js';
import { loadProjectTheme, ProjectThemeCache } from './project-theme.js';
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

/**
 * Makes the project's Tailwind an installation of its own: a copy of the linked package beside links to the
 * dependencies it declares, and nothing else. Why: this repository's `node_modules` holds another package's jiti,
 * which the linked Tailwind 3.2 would find; a project's own install of that version has none.
 */
function installTailwindApart(root: string): void {
  const link = path.join(root, 'node_modules', 'tailwindcss');
  const installed = fs.realpathSync(link);
  fs.rmSync(link);
  const nested = path.join(installed, 'node_modules');
  fs.cpSync(installed, link, { recursive: true, filter: (file) => file !== nested && !file.startsWith(nested + path.sep) });
  const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const dependency of Object.keys(manifest.dependencies)) {
    const into = path.join(root, 'node_modules', ...dependency.split('/'));
    if (fs.existsSync(into)) continue;
    const from = [path.join(nested, dependency), path.join(path.dirname(installed), dependency)].find((folder) => fs.existsSync(folder))!;
    fs.mkdirSync(path.dirname(into), { recursive: true });
    fs.symlinkSync(from, into, 'dir');
  }
}

describe('Tailwind 3.2 (before jiti) with a CommonJS config', () => {
  let project: FixtureProject;
  beforeAll(async () => {
    project = await fixtureProject('tailwind3-2-commonjs');
    installTailwindApart(project.root);
  });
  afterAll(() => project?.remove());

  it('is built by its own Tailwind 3.2, which cannot find jiti', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(project.root, 'node_modules', 'tailwindcss', 'package.json'), 'utf8')) as { version: string };
    expect(manifest.version).toMatch(/^3\.2\./);
    expect(() => createRequire(path.join(project.root, 'node_modules', 'tailwindcss', 'package.json')).resolve('jiti')).toThrow(/Cannot find module 'jiti'/);
  });

  it('reads the theme, the class list and the CSS of classes from the config that version requires', async () => {
    const theme = await loadProjectTheme(project.root);
    expect(theme.tailwind).toEqual({ version: 3, entry: 'src/index.css', config: 'tailwind.config.cjs' });
    expect(theme.scales.colors.find((token) => token.name === 'secondary')).toEqual({ name: 'secondary', value: '#00f6ff', declaredIn: 'tailwind.config.cjs' });
    expect(await new TailwindClassList(project.root).classes()).toContain('bg-primary');
    const answer = await new TailwindCss(project.root).cssFor({ classes: ['text-secondary', { className: 'bg-primary', modifiers: ['hover'] }] });
    expect(answer.classes.map((entry) => entry.generated)).toEqual([true, true]);
    expect(answer.css).toContain('rgb(0 246 255');
  });

  it('sees an edit of a file the config requires', async () => {
    const cache = new ProjectThemeCache(project.root);
    expect((await cache.theme()).scales.colors.find((token) => token.name === 'secondary')?.value).toBe('#00f6ff');
    const palette = path.join(project.root, 'palette.cjs');
    fs.writeFileSync(palette, fs.readFileSync(palette, 'utf8').replace("'#00f6ff'", "'#33bbcf'"));
    // The stamps follow the config file itself: touch it, as an editor saving both would.
    fs.appendFileSync(path.join(project.root, 'tailwind.config.cjs'), '\n');
    expect((await cache.theme()).scales.colors.find((token) => token.name === 'secondary')?.value).toBe('#33bbcf');
  });

  it('says an ES module config needs Tailwind 3.3', async () => {
    fs.rmSync(path.join(project.root, 'tailwind.config.cjs'));
    fs.writeFileSync(path.join(project.root, 'tailwind.config.js'), "export default { content: ['./src/**/*.jsx'] };\n");
    await expect(loadProjectTheme(project.root)).rejects.toThrow(/tailwind\.config\.js does not compile: Tailwind 3\.2\.\d+ loads its config with require, so tailwind\.config\.js must be CommonJS .*Tailwind 3\.3 or newer/);
  });
});

describe('a Tailwind entry written in a preprocessor', () => {
  let project: FixtureProject;
  beforeAll(async () => {
    // The Tailwind 3 project with its directives moved into Sass, as apps with an `index.scss` have them.
    project = await fixtureProject('tailwind3-postcss');
    const main = path.join(project.root, 'src', 'main.tsx');
    fs.writeFileSync(main, fs.readFileSync(main, 'utf8').replace("'./index.css'", "'./index.scss'"));
    fs.rmSync(path.join(project.root, 'src', 'index.css'));
    fs.writeFileSync(
      path.join(project.root, 'src', 'index.scss'),
      '// Tailwind first, then the site.\n@tailwind base;\n@tailwind components;\n@tailwind utilities;\n\n$gap: 1rem;\n\n.card {\n\tpadding: $gap;\n\t&:hover {\n\t\t@apply bg-brand;\n\t}\n}\n',
    );
  });
  afterAll(() => project?.remove());

  it('Tailwind 3: is found through the import of the .scss, and its config gives the theme, classes and CSS', async () => {
    const theme = await loadProjectTheme(project.root);
    expect(theme.tailwind).toEqual({ version: 3, entry: 'src/index.scss', config: 'tailwind.config.js' });
    expect(theme.stylingFramework).toBe('Tailwind');
    expect(theme.scales.colors.find((token) => token.name === 'brand')).toMatchObject({ value: '#0f766e', declaredIn: 'tailwind.config.js' });
    expect(await new TailwindClassList(project.root).classes()).toContain('bg-brand-dark');
    const answer = await new TailwindCss(project.root).cssFor({ classes: ['bg-brand'] });
    expect(answer.classes[0]!.generated).toBe(true);
  });

  it('Tailwind 3: follows a Sass partial the entry uses, and not directives left in a line comment', async () => {
    fs.writeFileSync(path.join(project.root, 'src', 'index.scss'), "// @tailwind base;\n@use 'tailwind';\n@use 'sass:math';\n");
    fs.writeFileSync(path.join(project.root, 'src', '_tailwind.scss'), '@tailwind base;\n@tailwind utilities;\n');
    expect((await detectProjectTailwind(project.root)).tailwind).toMatchObject({ version: 3, entry: 'src/index.scss' });
    fs.writeFileSync(path.join(project.root, 'src', 'index.scss'), "// @tailwind base;\n@use 'sass:math';\n");
    expect((await detectProjectTailwind(project.root)).tailwind).toBeNull();
  });
});

describe('a Tailwind 4 entry written in Sass', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'project-tailwind-sass-'));
    fs.mkdirSync(path.join(root, 'src'));
    fs.writeFileSync(path.join(root, 'index.html'), '<div id="root"></div>\n<script type="module" src="/src/main.tsx"></script>\n');
    fs.writeFileSync(path.join(root, 'src', 'main.tsx'), "import './app.scss';\n");
    fs.writeFileSync(
      path.join(root, 'src', 'app.scss'),
      "// Tailwind, then the site's rules.\n@use 'sass:math';\n@import 'tailwindcss';\n\n@theme {\n  --color-moss: #4a5d23; // the brand's green\n}\n\n$gap: 1rem;\n\n.card {\n  padding: $gap;\n  &:hover {\n    color: var(--color-moss);\n  }\n}\n",
    );
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("is read without running Sass: its theme and classes as Tailwind 4 parses the file's CSS", async () => {
    const theme = await loadProjectTheme(root);
    expect(theme.tailwind).toEqual({ version: 4, entry: 'src/app.scss' });
    expect(theme.scales.colors.find((token) => token.name === 'moss')).toMatchObject({ value: '#4a5d23', declaredIn: 'src/app.scss' });
    const answer = await new TailwindCss(root).cssFor({ classes: ['bg-moss'] });
    expect(answer.classes[0]!.generated).toBe(true);
  });
});
