/**
 * Every kind of change the studio writes, applied through the real `dev --root` process (from `dist/`, so run
 * `npm run build` first) and its HTTP API to a copy of each fixture project (test-support/__fixtures__/projects/),
 * each aimed at an element of the app's own source found by the id the engine computes from the file on disk. After
 * them all the project still passes its own type check (wherever it passed untouched), its own `vite build` and its
 * own linter and formatter (Biome or ESLint, where the fixture has it: 0 new errors over the files the changes wrote);
 * undoing them all through the API gives back every file of the copy byte for byte.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MutationKind } from '../contracts/change-kinds.js';
import type { ProjectTheme } from '../contracts/project-theme.js';
import { STUDIO_API_PATHS } from '../contracts/studio-routes.js';
import { indexJsxElements, parseJsxSource } from '../server/codebase-ids/index-jsx-elements.js';
import { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from '../server/studio-token.js';
import { fixtureProject, type FixtureProject } from '../test-support/fixture-project.js';
import { startStudioCli, type ReadyProcess } from '../test-support/spawn-ready.js';

const START_TIMEOUT_MS = 60_000;
const STUDIO_API = '/_studio/api';
const CANVAS = 'default';

interface Element {
  codebaseId: string;
}

/** What a step may ask of the project as it is on disk at the moment the step runs. */
interface Lookup {
  /** The `nth` element with this tag in `file` (the fixture's main file when not given). */
  id(tag: string, nth?: number, file?: string): Element;
  /** The project's theme, as `GET /theme` answers it. */
  theme: ProjectTheme;
}

interface Step {
  kind: MutationKind;
  body(lookup: Lookup): unknown;
}

interface Fixture {
  name: string;
  /** The file most steps edit. */
  file: string;
  steps: Step[];
  /** What the project's own build must then have in its CSS (a class made from a token a step added). */
  built?: RegExp[];
}

/** A styling change in the project's own default framework (CSS mode writes into its stylesheets or modules). */
const styling = (tag: string, nth = 0, file?: string): Step => ({
  kind: 'styling',
  body: ({ id, theme }) => ({ reactElement: id(tag, nth, file), stylingFramework: theme.stylingFramework, styling: { 'padding-top': '12px' } }),
});
const addClass = (tag: string, className: string, nth = 0): Step => ({
  kind: 'addClass',
  body: ({ id }) => ({ reactElement: id(tag, nth), className }),
});
const editText = (tag: string, oldText: string, newText: string, nth = 0): Step => ({
  kind: 'editText',
  body: ({ id }) => ({ element: id(tag, nth), oldText, newText }),
});
const changeProp = (tag: string, propName: string, propValue: string, nth = 0): Step => ({
  kind: 'changePropValue',
  body: ({ id }) => ({ elementToModify: id(tag, nth), propName, propValue }),
});
const addNative = (parentTag: string, nativeTag: string, text: string): Step => ({
  kind: 'addJsxElement',
  body: ({ id }) => ({ destinationElement: id(parentTag), newElement: { type: 'native', nativeTag, propsToSet: { children: text } } }),
});
const addComponent = (afterTag: string, componentName: string, importPath: string, propsToSet: Record<string, string> = {}): Step => ({
  kind: 'addJsxElement',
  body: ({ id }) => ({ afterElement: id(afterTag), newElement: { type: 'component', componentName, importPath, propsToSet } }),
});
const move = (tag: string, beforeTag: string): Step => ({
  kind: 'moveJsxElement',
  body: ({ id }) => ({ elementToMove: id(tag), beforeElement: id(beforeTag) }),
});
/** A move from another file of the project into the main one, carrying the imports the element uses. */
const moveFrom = (fromFile: string, tag: string, beforeTag: string): Step => ({
  kind: 'moveJsxElement',
  body: ({ id }) => ({ elementToMove: id(tag, 0, fromFile), beforeElement: id(beforeTag) }),
});
const duplicate = (tag: string): Step => ({ kind: 'duplicate', body: ({ id }) => ({ reactElements: [id(tag)] }) });
const wrap = (tag: string): Step => ({ kind: 'wrapInDiv', body: ({ id }) => ({ reactElements: [id(tag)] }) });
const changeTag = (tag: string, newTag: string, nth = 0): Step => ({
  kind: 'changeElementTag',
  body: ({ id }) => ({ elementToModify: id(tag, nth), newTag }),
});
const remove = (tag: string, nth = 0): Step => ({ kind: 'removeJsxElement', body: ({ id }) => ({ elementsToRemove: [id(tag, nth)] }) });
const updateClasses = (tag: string, oldClasses: string[], newClasses: string[]): Step => ({
  kind: 'updateClasses',
  body: ({ id }) => ({ reactElement: id(tag), oldClasses, newClasses }),
});
/** A Tailwind 4 project's own token, in the stylesheet that declares it. */
const themeToken = (variable: string, value: string): Step => ({
  kind: 'themeToken',
  body: ({ theme }) => {
    const token = Object.values(theme.scales)
      .flat()
      .find((candidate) => candidate.variable === variable);
    if (!token?.declaredIn) throw new Error(`The theme has no ${variable} declared by the project`);
    return { variable, value, stylesheet: token.declaredIn };
  },
});

/** A Tailwind 3 project's token (new, or its own), written in its config as the theme panel and new-token form do. */
const configToken = (variable: string, value: string): Step => ({
  kind: 'themeToken',
  body: ({ theme }) => {
    if (!theme.tailwind?.config) throw new Error('The theme names no Tailwind 3 config');
    return { variable, value, stylesheet: theme.tailwind.config };
  },
});

const FIXTURES: Fixture[] = [
  {
    name: 'tailwind3-postcss',
    file: 'src/App.tsx',
    steps: [
      addClass('h1', 'underline'),
      styling('p'),
      editText('h1', 'Latex yield', 'Latex yield today'),
      changeProp('Badge', 'label', 'Tailwind three'),
      addNative('section', 'h2', 'Notes'),
      addComponent('h1', 'Badge', '@/components/Badge', { label: 'New' }),
      move('button', 'p'),
      duplicate('Badge'),
      wrap('h2'),
      changeTag('h2', 'h3'),
      remove('Badge', 1),
      updateClasses('main', ['p-8'], ['p-6']),
      configToken('--color-brand-500', '#14b8a6'),
      configToken('--spacing-18', '4.75rem'),
      addClass('h1', 'text-brand-500'),
    ],
    built: [/\.text-brand-500\{[^}]*color:rgb\(20 184 166/],
  },
  {
    name: 'tailwind4-postcss-plugin',
    file: 'src/App.tsx',
    steps: [
      addClass('h1', 'underline'),
      styling('p'),
      editText('h1', 'Green rows', 'Greener rows'),
      changeProp('button', 'type', 'submit'),
      addNative('main', 'h2', 'Notes'),
      // No component of its own to insert: its only component is an SVG its plugin makes.
      move('button', 'p'),
      duplicate('p'),
      wrap('h2'),
      changeTag('h2', 'h3'),
      remove('p', 1),
      updateClasses('main', ['p-8'], ['p-6']),
      themeToken('--color-leaf', 'oklch(0.55 0.15 150)'),
    ],
  },
  {
    name: 'tailwind4-css-package',
    file: 'src/App.tsx',
    steps: [
      addClass('h1', 'underline'),
      styling('p'),
      editText('h1', 'Rows in the wind', 'Rows in the breeze'),
      changeProp('p', 'title', 'About'),
      addNative('main', 'h2', 'Notes'),
      // No component of its own to insert.
      move('p', 'h1'),
      duplicate('p'),
      wrap('h2'),
      changeTag('h2', 'h3'),
      remove('p', 1),
      updateClasses('main', ['p-8'], ['p-6']),
      themeToken('--color-leaf', 'oklch(0.55 0.15 150)'),
    ],
  },
  {
    name: 'css-modules',
    file: 'src/App.tsx',
    steps: [
      addClass('main', 'page'),
      styling('h2', 0, 'src/Card.tsx'),
      changeProp('Card', 'title', 'Field 13'),
      editText('Card', 'Styled by a CSS module, with no Tailwind in the project.', 'Styled by a CSS module.'),
      addNative('main', 'h1', 'Fields'),
      addComponent('h1', 'Card', './Card', { title: 'Field 14' }),
      move('h1', 'Card'),
      duplicate('Card'),
      wrap('h1'),
      changeTag('h1', 'h3'),
      remove('Card', 1),
      updateClasses('main', ['page'], ['page', 'wide']),
    ],
  },
  {
    name: 'fragment-page',
    file: 'src/App.tsx',
    steps: [
      addClass('h1', 'wide'),
      styling('h1'),
      editText('footer', 'Plantation', 'Plantation 2'),
      changeProp('Badge', 'label', 'Cũ'),
      addNative('section', 'h2', 'Ghi chú'),
      addComponent('h1', 'StatCard', './components/StatCard'),
      move('footer', 'h1'),
      duplicate('h1'),
      wrap('h2'),
      changeTag('p', 'h4'),
      remove('Notice'),
      updateClasses('section', ['stats'], ['stats', 'wide']),
    ],
  },
  {
    name: 'prettier-plugin',
    file: 'src/App.tsx',
    steps: [
      addClass('h1', 'big'),
      styling('h1'),
      editText('h1', 'Orchard notes', 'Orchard notes today'),
      changeProp('Card', 'title', 'Last week'),
      addNative('main', 'h2', 'More'),
      addComponent('h1', 'Badge', './components', { label: 'New' }),
      move('Notes', 'h1'),
      duplicate('p'),
      wrap('h2'),
      changeTag('h2', 'h3'),
      remove('p', 1),
      updateClasses('main', ['layout', 'p-4'], ['layout', 'p-2']),
    ],
  },
  {
    name: 'tanstack-router-app',
    file: 'src/routes/index.tsx',
    steps: [
      addClass('h1', 'title'),
      styling('h1'),
      editText('h1', 'Plantation map', 'Plantation map today'),
      changeProp('p', 'title', 'About'),
      addNative('section', 'h2', 'Notes'),
      // No component of its own to insert: its components are routes.
      move('p', 'h1'),
      duplicate('p'),
      wrap('h2'),
      changeTag('h2', 'h3'),
      remove('p', 1),
      updateClasses('section', ['page'], ['page', 'wide']),
    ],
  },
  {
    name: 'jsx-app',
    file: 'src/App.jsx',
    steps: [
      addClass('h1', 'title'),
      styling('h1'),
      editText('h1', 'Clones', 'Clones today'),
      changeProp('p', 'title', 'About'),
      addNative('div', 'h2', 'Notes'),
      // No component of its own to insert.
      move('p', 'h1'),
      duplicate('p'),
      wrap('h2'),
      changeTag('h2', 'h3'),
      remove('p', 1),
      updateClasses('div', ['list'], ['list', 'wide']),
    ],
  },
  {
    // Served by its own Vite 6 (with @vitejs/plugin-react 4), not the studio's.
    name: 'vite6-app',
    file: 'src/App.tsx',
    steps: [
      addClass('h1', 'big'),
      styling('p'),
      editText('h1', 'Tapping rounds', 'Tapping rounds today'),
      changeProp('p', 'title', 'About'),
      addNative('main', 'h2', 'Notes'),
      // No component of its own to insert.
      move('p', 'h1'),
      duplicate('p'),
      wrap('h2'),
      changeTag('h2', 'h3'),
      remove('p', 1),
      updateClasses('main', ['page'], ['page', 'wide']),
    ],
  },
  {
    // Tailwind 3.2 with CommonJS configs, in plain JSX.
    name: 'tailwind3-2-commonjs',
    file: 'src/App.jsx',
    steps: [
      addClass('h1', 'underline'),
      styling('h1'),
      editText('h1', 'The next generation payment method.', 'The next payment method.'),
      changeProp('h1', 'title', 'Payments'),
      addNative('main', 'h2', 'Notes'),
      // No component of its own to insert.
      duplicate('h1'),
      move('h2', 'h1'),
      wrap('h2'),
      changeTag('h2', 'h3'),
      remove('h1', 1),
      updateClasses('main', ['p-8'], ['p-6']),
      configToken('--spacing-gutter', '2.25rem'),
      addClass('h1', 'mt-gutter'),
    ],
    built: [/\.mt-gutter\{margin-top:2\.25rem\}/],
  },
  {
    // Biome formats and lints it (its own biome.json); it imports its modules through the `@/` alias.
    name: 'biome-alias-app',
    file: 'src/features/orchard/OrchardPage.tsx',
    steps: [
      addClass('h1', 'orchard-heading-with-a-rather-long-name-for-the-row-titles'),
      styling('h1'),
      editText('h1', 'Orchard rows', 'Orchard rows today'),
      changeProp('button', 'type', 'submit'),
      addNative('main', 'h2', 'Notes'),
      // The palette's path, relative as the editor sends it: written through the project's alias.
      addComponent('h1', 'Badge', '../../components/Badge', { label: 'New' }),
      move('h2', 'h1'),
      duplicate('p'),
      wrap('h2'),
      changeTag('h2', 'h3'),
      // The only child of its <div>: the div is left self-closed.
      remove('span'),
      updateClasses('main', ['page'], ['page', 'wide']),
    ],
  },
  {
    // oxfmt formats it (print width 80, its imports sorted with `@/` after the relative ones): a class that makes a
    // line too long is wrapped, and a new import lands where oxfmt's order puts it, so `oxfmt --check` stays clean.
    name: 'oxfmt-app',
    file: 'src/features/orchard/OrchardPage.tsx',
    steps: [
      addClass('h1', 'orchard-heading-with-a-rather-long-name-for-the-row-titles'),
      styling('h1'),
      editText('h1', 'Orchard rows', 'Orchard rows today'),
      changeProp('button', 'type', 'submit'),
      addNative('main', 'h2', 'Notes'),
      addComponent('h1', 'Badge', '../../components/Badge', { label: 'New' }),
      move('h2', 'h1'),
      duplicate('p'),
      wrap('h2'),
      changeTag('h2', 'h3'),
      remove('span'),
      updateClasses('main', ['page'], ['page', 'wide']),
    ],
  },
  {
    // ESLint (flat config, react-hooks, no-unused-vars) lints it; it imports from src/ by jsconfig's baseUrl.
    name: 'eslint-base-url-app',
    file: 'src/features/rows/RowsPage.jsx',
    steps: [
      addClass('h1', 'title'),
      styling('h1'),
      editText('h1', 'Tapping rows', 'Tapping rows today'),
      changeProp('button', 'type', 'submit'),
      addNative('main', 'h2', 'Notes'),
      // The palette's relative path: written from the baseUrl, as the file imports.
      addComponent('h1', 'Panel', '../../components/Panel', { title: 'Rows' }),
      // App.jsx imports Badge relatively; the page already has it from the baseUrl.
      moveFrom('src/App.jsx', 'Badge', 'h1'),
      duplicate('p'),
      wrap('h2'),
      changeTag('h2', 'h3'),
      // The reset handler was this button's alone: it goes with it; `setOpen` then goes with the other button.
      remove('button', 1),
      remove('button', 0),
      updateClasses('main', ['page'], ['page', 'wide']),
    ],
  },
  {
    name: 'wrapped-text',
    file: 'src/App.tsx',
    steps: [
      addClass('h1', 'title'),
      styling('h1'),
      editText('h1', 'Field notes', 'Field notes today'),
      changeProp('Button', 'type', 'submit'),
      addNative('main', 'h2', 'Notes'),
      addComponent('h1', 'Button', 'wrap-ui', { children: 'Share' }),
      move('Button', 'h1'),
      duplicate('h1'),
      wrap('h2'),
      changeTag('h2', 'h3'),
      remove('h1', 1),
      updateClasses('h1', ['title'], ['title', 'wide']),
    ],
  },
];

/**
 * Every file of a project but its installs, its build output, the studio's own folder and a `tsc -b` build's info
 * file (the project's own check writes it, not the studio), with a hash of its bytes.
 */
function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name === '.plantation-studio' || name.endsWith('.tsbuildinfo')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(root, path).split(sep).join('/'), createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(root);
  return files;
}

/** The project's own command with its linked binary: its output when it fails, else null. */
async function ownFailure(root: string, bin: string, args: string[]): Promise<string | null> {
  try {
    await promisify(execFile)(process.execPath, [join(root, 'node_modules', ...bin.split('/')), ...args], { cwd: root });
    return null;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return `${stdout}${stderr}` || String(error);
  }
}

interface Linter {
  name: string;
  bin: string;
  /** Its arguments over the whole project, or over the files given. */
  args(files?: string[]): string[];
}

/**
 * The project's own linter or formatter check, when the fixture installs one: Biome with its biome.json (over the whole project, which
 * its config scopes), ESLint with its flat config (over the files the changes wrote that it lints); else null.
 */
function linterOf(root: string): Linter | null {
  if (existsSync(join(root, 'biome.json'))) return { name: 'biome', bin: '@biomejs/biome/bin/biome', args: () => ['check', '.'] };
  // oxfmt is a formatter alone: its check over the files the changes wrote (or the whole project before them).
  if (existsSync(join(root, '.oxfmtrc.json'))) return { name: 'oxfmt', bin: 'oxfmt/bin/oxfmt', args: (files) => ['--check', ...(files ?? ['.'])] };
  if (!['js', 'mjs', 'ts'].some((ending) => existsSync(join(root, `eslint.config.${ending}`)))) return null;
  return {
    name: 'eslint',
    bin: 'eslint/bin/eslint.js',
    args: (files) => ['--max-warnings', '0', ...(files ? files.filter((file) => /\.[cm]?[jt]sx?$/.test(file)) : ['.'])],
  };
}

/** The files a change wrote or created: their bytes differ between the snapshots. */
function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((file) => before.get(file) !== after.get(file));
}

/** The project's own type check as its scripts run it (`tsc -b` when its build says so), or null for a `.jsx` app. */
function typeCheckArgs(root: string): string[] | null {
  if (!existsSync(join(root, 'tsconfig.json'))) return null;
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  return /\btsc -b\b/.test(Object.values(scripts).join('\n')) ? ['-b'] : ['-p', 'tsconfig.json', '--noEmit'];
}

describe.each(FIXTURES)('every kind of change on the $name project', ({ name, file, steps, built }) => {
  let project: FixtureProject;
  let studio: ReadyProcess;
  let headers: Record<string, string>;
  let theme: ProjectTheme;
  let before: Map<string, string>;
  /** What the project's own type check says before any change: null when it passes. */
  let typeCheckedBefore: string | null = null;
  /** What the project's own linter and formatter say before any change: null when they pass. */
  let lintedBefore: string | null = null;
  let applied = 0;

  const api = (path: string) => `${studio.match}${STUDIO_API}${path}`;
  const lookup = (): Lookup => ({
    theme,
    id(tag, nth = 0, inFile = file) {
      const path = join(project.root, ...inFile.split('/'));
      const found = indexJsxElements(parseJsxSource(path, readFileSync(path, 'utf8')), inFile).filter((entry) => entry.tagName === tag)[nth];
      if (!found) throw new Error(`${inFile} has no <${tag}> number ${nth}`);
      return { codebaseId: found.id };
    },
  });

  beforeAll(async () => {
    project = await fixtureProject(name);
    before = snapshot(project.root);
    studio = await startStudioCli(['dev', '--root', project.root, '--port', '0'], { timeoutMs: START_TIMEOUT_MS });
    const page = await (await fetch(`${studio.match}/_studio/`)).text();
    const token = new RegExp(`<meta name="${STUDIO_TOKEN_META}" content="([^"]+)">`).exec(page)?.[1];
    if (!token) throw new Error(`The studio page has no token: ${page.slice(0, 300)}`);
    headers = { origin: studio.match, [STUDIO_TOKEN_HEADER]: token, 'content-type': 'application/json' };
    theme = (await (await fetch(api(STUDIO_API_PATHS.theme))).json()) as ProjectTheme;
    const args = typeCheckArgs(project.root);
    if (args) typeCheckedBefore = await ownFailure(project.root, 'typescript/bin/tsc', args);
    const linter = linterOf(project.root);
    if (linter) lintedBefore = await ownFailure(project.root, linter.bin, linter.args());
  }, START_TIMEOUT_MS + 60_000);
  afterAll(async () => {
    await studio?.stop();
    await project?.remove();
  });

  it('applies each one through the API', { timeout: 120_000 }, async () => {
    expect(theme.stylingFramework).toBe(theme.tailwind ? 'Tailwind' : 'CSS');
    for (const step of steps) {
      const body = JSON.stringify(step.body(lookup()));
      const answer = await fetch(api(`/canvases/${CANVAS}/parseAndMutate/mutate/${step.kind}`), { method: 'POST', headers, body });
      expect(answer.status, `${step.kind} ${body}: ${await answer.text()}`).toBe(200);
      applied += 1;
    }
    expect(snapshot(project.root)).not.toEqual(before);
  });

  it("then passes the project's own type check and its own vite build", { timeout: 240_000 }, async () => {
    expect(applied, 'every change applied').toBe(steps.length);
    const args = typeCheckArgs(project.root);
    // Every fixture type-checks untouched (checked before the changes), and still does after them.
    if (args) {
      expect(typeCheckedBefore, `tsc ${args.join(' ')} before the changes`).toBeNull();
      expect(await ownFailure(project.root, 'typescript/bin/tsc', args), `tsc ${args.join(' ')}`).toBeNull();
    }
    expect(await ownFailure(project.root, 'vite/bin/vite.js', ['build', '--logLevel', 'error']), 'vite build').toBeNull();
    if (built) {
      const assets = join(project.root, 'dist', 'assets');
      const css = readdirSync(assets).filter((name) => name.endsWith('.css')).map((name) => readFileSync(join(assets, name), 'utf8')).join('\n');
      for (const pattern of built) expect(css).toMatch(pattern);
    }
  });

  it("then leaves nothing new for the project's own linter and formatter", { timeout: 120_000 }, async () => {
    const linter = linterOf(project.root);
    if (!linter) return;
    expect(lintedBefore, `${linter.name} ${linter.args().join(' ')} before the changes`).toBeNull();
    const args = linter.args(changedFiles(before, snapshot(project.root)));
    expect(await ownFailure(project.root, linter.bin, args), `${linter.name} ${args.join(' ')}`).toBeNull();
  });

  it('gives back every file byte for byte when every change is undone', { timeout: 120_000 }, async () => {
    for (let i = 0; i < applied; i += 1) {
      const answer = await fetch(api(`/canvases/${CANVAS}/parseAndMutate/activities/undoChangeToFiles`), { method: 'POST', headers, body: '{}' });
      expect(answer.status, await answer.text()).toBe(200);
    }
    expect(snapshot(project.root)).toEqual(before);
  });
});
