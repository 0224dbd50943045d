import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_SCALES, type ProjectTheme, type ThemeScale, type ThemeToken } from '../../contracts/project-theme.js';
import { fixtureProject, type FixtureProject } from '../../test-support/fixture-project.js';
import { detectProjectTailwind } from './project-tailwind.js';
import { ProjectTailwindSource } from './project-tailwind-source.js';
import { loadProjectTheme, ProjectThemeCache } from './project-theme.js';
import { TailwindClassList } from './tailwind-classes.js';

const token = (theme: ProjectTheme, scale: ThemeScale, name: string): ThemeToken | undefined =>
  theme.scales[scale].find((entry) => entry.name === name);

describe('a Tailwind 3 project (PostCSS, a config, an alias)', () => {
  let project: FixtureProject;
  beforeAll(async () => {
    project = await fixtureProject('tailwind3-postcss');
  });
  afterAll(() => project?.remove());

  it("is detected from its own installation, its page's imports and its config", async () => {
    const { tailwind } = await detectProjectTailwind(project.root);
    expect(tailwind).toMatchObject({ version: 3, entry: 'src/index.css', config: 'tailwind.config.js' });
    expect(fs.realpathSync(tailwind!.packageDir)).toBe(fs.realpathSync(path.join(project.root, 'node_modules', 'tailwindcss')));
  });

  it("answers the theme of its own Tailwind 3 config, what the config declares naming it", async () => {
    const theme = await loadProjectTheme(project.root);
    expect(theme.tailwind).toEqual({ version: 3, entry: 'src/index.css', config: 'tailwind.config.js' });
    expect(theme.stylingFramework).toBe('Tailwind');
    expect(Object.keys(theme.scales)).toEqual([...THEME_SCALES]);
    expect(token(theme, 'colors', 'brand')).toEqual({ name: 'brand', value: '#0f766e', declaredIn: 'tailwind.config.js' });
    expect(token(theme, 'colors', 'brand-dark')).toEqual({ name: 'brand-dark', value: '#134e4a', declaredIn: 'tailwind.config.js' });
    // Tailwind 3's own palette, not Tailwind 4's oklch one.
    expect(token(theme, 'colors', 'slate-950')).toEqual({ name: 'slate-950', value: '#020617' });
    expect(token(theme, 'colors', 'transparent')).toBeUndefined();
    const spacing = theme.scales.spacing.map((step) => step.name);
    expect(spacing.slice(0, 4)).toEqual(['0', 'px', '0.5', '1']);
    expect(spacing.indexOf('18')).toBe(spacing.indexOf('16') + 1);
    expect(token(theme, 'spacing', '18')).toEqual({ name: '18', value: '4.5rem', declaredIn: 'tailwind.config.js' });
    expect(token(theme, 'spacing', '3')).toEqual({ name: '3', value: '0.75rem' });
    expect(token(theme, 'fontSize', 'base')).toEqual({ name: 'base', value: '1rem', lineHeight: '1.5rem' });
    expect(token(theme, 'fontFamily', 'sans')?.value).toMatch(/^ui-sans-serif, system-ui, sans-serif/);
    expect(token(theme, 'radius', 'DEFAULT')).toEqual({ name: 'DEFAULT', value: '0.25rem' });
    expect(token(theme, 'breakpoints', 'md')).toEqual({ name: 'md', value: '768px' });
    for (const scale of THEME_SCALES) expect(theme.scales[scale].length, scale).toBeGreaterThan(0);
  });

  it('reads the config again when it changes', async () => {
    const cache = new ProjectThemeCache(project.root);
    const first = await cache.theme();
    expect(await cache.theme()).toBe(first);
    const config = path.join(project.root, 'tailwind.config.js');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("light: '#5eead4',", "light: '#5eead4',\n          pale: '#ccfbf1',"));
    const second = await cache.theme();
    expect(token(second, 'colors', 'brand-pale')).toEqual({ name: 'brand-pale', value: '#ccfbf1', declaredIn: 'tailwind.config.js' });
  });
});

describe("one read of the project's Tailwind for the theme and the class list", () => {
  it('is shared while current, and made again for both when the config changes', async () => {
    const project = await fixtureProject('tailwind3-postcss');
    try {
      const source = new ProjectTailwindSource(project.root);
      const theme = new ProjectThemeCache(project.root, source);
      const classes = new TailwindClassList(project.root, source);
      const read = await source.current();
      expect(read.config?.resolved.theme.colors).toBeDefined();
      expect(token(await theme.theme(), 'colors', 'brand')).toBeDefined();
      expect(await classes.classes()).toContain('bg-brand');
      expect(await source.current()).toBe(read);

      const config = path.join(project.root, 'tailwind.config.js');
      fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("brand: {", "leaf: '#3a7d44',\n        brand: {"));
      expect(token(await theme.theme(), 'colors', 'leaf')).toEqual({ name: 'leaf', value: '#3a7d44', declaredIn: 'tailwind.config.js' });
      expect(await classes.classes()).toContain('text-leaf');
      expect(await source.current()).not.toBe(read);
    } finally {
      await project.remove();
    }
  });
});

describe('detecting the CSS entry and the Tailwind of a project', () => {
  let root: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'project-tailwind-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("follows the page's script through its imports to the stylesheet that loads Tailwind", async () => {
    write('index.html', '<div id="root"></div>\n<script type="module" src="/src/boot.tsx"></script>\n');
    write('src/boot.tsx', "import { Shell } from './app/shell';\nimport './reset.css';\nexport { Shell };\n");
    write('src/reset.css', 'body { margin: 0; }\n');
    // Through the `@/` alias most projects give `src/`.
    write('src/app/shell.tsx', "import '@/theme/site.css';\nexport function Shell() { return null; }\n");
    write('src/theme/site.css', '@import "./tokens.css";\n');
    write('src/theme/tokens.css', '@import "tailwindcss";\n@theme {\n  --color-moss: #4a5d23;\n}\n');
    // A stylesheet at the usual place that the page does not load.
    write('src/styles.css', '@import "tailwindcss";\n');
    const { tailwind } = await detectProjectTailwind(root);
    // No installation of its own: Tailwind 4 is the studio's, as for the console.
    expect(tailwind).toMatchObject({ version: 4, entry: 'src/theme/site.css' });
    const theme = await loadProjectTheme(root);
    expect(token(theme, 'colors', 'moss')).toMatchObject({ value: '#4a5d23', declaredIn: 'src/theme/tokens.css' });
  });

  it('answers no Tailwind and empty scales for a project whose stylesheets do not load it', async () => {
    fs.rmSync(root, { recursive: true, force: true });
    write('index.html', '<script type="module" src="/src/main.jsx"></script>\n');
    write('src/main.jsx', "import './app.css';\n");
    write('src/app.css', '.card { padding: 1rem; }\n');
    expect((await detectProjectTailwind(root)).tailwind).toBeNull();
    const theme = await loadProjectTheme(root);
    expect(theme.tailwind).toBeNull();
    // Its elements are styled with CSS, which the style controls then start in.
    expect(theme.stylingFramework).toBe('CSS');
    for (const scale of THEME_SCALES) expect(theme.scales[scale]).toEqual([]);
  });
});
