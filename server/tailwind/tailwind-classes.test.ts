import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAILWIND_CLASS_LIMIT } from '../../contracts/studio-api.js';
import { AppError } from '../../contracts/errors.js';
import { fixtureProject } from '../../test-support/fixture-project.js';
import { TailwindClassList } from './tailwind-classes.js';

// A project with no node_modules of its own (as `init` makes it): `tailwindcss` is the studio's.
const ENTRY = `@import "tailwindcss";
@import "./theme.css";

@utility tap-line {
  border-bottom: 2px dashed currentColor;
}
`;
const THEME = `@theme {
  --color-latex: #f5f0e1;
}
`;

describe('TailwindClassList', () => {
  let root: string;
  const entry = () => path.join(root, 'src', 'styles.css');
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tailwind-classes-'));
    fs.mkdirSync(path.join(root, 'src'));
    fs.writeFileSync(entry(), ENTRY);
    fs.writeFileSync(path.join(root, 'src', 'theme.css'), THEME);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("lists the utilities of the project's own Tailwind: core ones, its theme's and its own, sorted and bounded", async () => {
    const list = new TailwindClassList(root);
    const classes = await list.classes();
    for (const name of ['p-4', 'flex', 'text-xl', 'bg-red-500', 'bg-latex', 'text-latex', 'tap-line']) {
      expect(classes, name).toContain(name);
    }
    // Utilities only: variants are chosen apart (modifiers), not listed once per class.
    expect(classes.some((name) => name.includes(':'))).toBe(false);
    expect(classes).toEqual([...new Set(classes)].sort());
    expect(classes.length).toBeLessThanOrEqual(TAILWIND_CLASS_LIMIT);
    expect(classes.length).toBeGreaterThan(1000);
    // Built once: the same list until the entry changes.
    expect(await list.classes()).toBe(classes);
  });

  it('builds again when the entry changes, names the entry when it does not compile, and lists nothing without it', async () => {
    const list = new TailwindClassList(root);
    expect(await list.classes()).not.toContain('bg-sap');
    fs.writeFileSync(entry(), `${ENTRY}@theme {\n  --color-sap: #c8a165;\n}\n`);
    expect(await list.classes()).toContain('bg-sap');
    // And when a stylesheet it imports changes.
    fs.writeFileSync(path.join(root, 'src', 'theme.css'), `${THEME}@theme {\n  --color-leaf: #3a7d44;\n}\n`);
    expect(await list.classes()).toContain('bg-leaf');
    const [first, second] = await Promise.all([list.classes(), list.classes()]);
    expect(first).toBe(second);

    fs.writeFileSync(entry(), '@import "tailwindcss";\n@utility {\n');
    const broken = await list.classes().catch((error: unknown) => error);
    expect(broken).toBeInstanceOf(AppError);
    expect(broken).toMatchObject({ code: 'TAILWIND_ENTRY_FAILED', message: expect.stringContaining('src/styles.css') });

    // No stylesheet loads Tailwind any more: a project without Tailwind has no vocabulary, and that is no error.
    fs.rmSync(entry());
    expect(await list.classes()).toEqual([]);
    fs.writeFileSync(entry(), ENTRY);
    expect(await list.classes()).toContain('tap-line');
  });
});

describe('TailwindClassList of a Tailwind 3 project', () => {
  it("lists the utilities of the project's own Tailwind 3 and its config, and again when the config changes", async () => {
    const project = await fixtureProject('tailwind3-postcss');
    try {
      const list = new TailwindClassList(project.root);
      const classes = await list.classes();
      for (const name of ['p-4', 'flex', 'bg-brand', 'bg-brand-dark', 'text-brand-light', 'p-18', 'gap-18', 'bg-slate-950']) {
        expect(classes, name).toContain(name);
      }
      // Tailwind 4's own utilities are not this project's.
      expect(classes).not.toContain('inset-shadow-sm');
      expect(classes).toEqual([...new Set(classes)].sort());
      const config = path.join(project.root, 'tailwind.config.js');
      fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("18: '4.5rem',", "18: '4.5rem',\n        gutter: '2.25rem',"));
      expect(await list.classes()).toContain('px-gutter');
    } finally {
      await project.remove();
    }
  });
});
