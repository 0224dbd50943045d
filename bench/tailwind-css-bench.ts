/**
 * The instant CSS of a utility new to the project (`POST /_studio/api/tailwind/css` with a class the page has never
 * used), which the style controls ask for as a designer sets a value: on a studio server whose style controls have
 * read the theme (what the editor does when it shows them), and on one where nothing was asked before. The baseline
 * is Tailwind's own compiler (`@tailwindcss/node`, as Vite's Tailwind plugin holds it) building the same class on
 * the same entry, compiled beforehand: the least work any tool can do for that class. On the Tailwind 3 fixture
 * project, the studio's answer against a one-off run of the project's own PostCSS plugin for the class. Alternating
 * rounds, medians.
 *
 * Run: `npx tsx bench/tailwind-css-bench.ts`; `tailwindCssBench` gives the rows to `npm run bench`.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'postcss';
import { createServer, type StudioServer } from '../server/create-server.js';
import { copyTree } from '../server/mutations/mutations-test-support.js';
import { BUNDLED_CONSOLE_ROOT } from '../server/package-info.js';
import { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from '../server/studio-token.js';
import { TailwindCss } from '../server/tailwind/tailwind-css.js';
import { fixtureProject } from '../test-support/fixture-project.js';
import type { BenchModule, BenchRow } from './bench-row.js';
import { waitForQuietMachine } from './quiet-machine.js';
import { alternateRounds, median } from './statistics.js';

const HOST = '127.0.0.1:4600';
/**
 * The studio's answer may take this many times Tailwind's own build of the class, once the theme was read: the
 * route's own work (the studio's guard, the request's validation, the stamps of the entry, the split of the answer)
 * is a few milliseconds on a build of about one and a half, and a garbage collection of the dropped compilers
 * sometimes lands in it.
 */
const WARMED_BUDGET = 10;
/** On a Tailwind 3 project: at most a fifth of a one-off run of its PostCSS plugin. */
const TAILWIND3_BUDGET = 0.2;

interface Studio {
  app: StudioServer;
  token: string;
}

async function startStudio(root: string): Promise<Studio> {
  const app = await createServer({ api: { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 60 } }, console: { kind: 'vite', root }, studio: true });
  await app.ready();
  const page = await app.inject({ url: '/_studio/', headers: { host: HOST } });
  const token = new RegExp(`<meta name="${STUDIO_TOKEN_META}" content="([^"]+)">`).exec(page.body)?.[1];
  if (!token) throw new Error('The studio page carries no token');
  return { app, token };
}

/** Milliseconds from the request to the answer, which must have generated the class. */
async function timeCss({ app, token }: Studio, className: string): Promise<number> {
  const started = performance.now();
  const answer = await app.inject({
    method: 'POST',
    url: '/_studio/api/tailwind/css',
    headers: { host: HOST, origin: `http://${HOST}`, [STUDIO_TOKEN_HEADER]: token, 'content-type': 'application/json' },
    payload: JSON.stringify({ classes: [className] }),
  });
  const elapsed = performance.now() - started;
  const generated = answer.statusCode === 200 && (answer.json() as { classes: { generated: boolean }[] }).classes[0]?.generated;
  if (!generated) throw new Error(`The studio did not generate ${className}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
  return elapsed;
}

async function studioRound(root: string, className: string, readTheme: boolean): Promise<number> {
  const studio = await startStudio(root);
  try {
    if (readTheme) {
      const theme = await studio.app.inject({ url: '/_studio/api/theme', headers: { host: HOST } });
      if (theme.statusCode !== 200) throw new Error(`The theme route answered ${theme.statusCode}`);
    }
    // Vite's dependency scan and the warm-up run in the background: the designer's value comes after a moment.
    await waitForQuietMachine();
    return await timeCss(studio, className);
  } finally {
    await studio.app.close();
  }
}

async function tailwindRound(entry: string, className: string): Promise<number> {
  const { compile } = await import('@tailwindcss/node');
  const compiler = await compile(await readFile(entry, 'utf8'), {
    base: path.dirname(entry),
    from: entry,
    onDependency: () => undefined,
    // The console copy has no node_modules: its Tailwind is the studio's, as for the studio itself.
    customCssResolver: async (id) => (id === 'tailwindcss' ? createRequire(import.meta.url).resolve('tailwindcss/index.css') : undefined),
  });
  compiler.build(['p-4']);
  await waitForQuietMachine();
  const started = performance.now();
  const css = compiler.build(['p-4', className]);
  const elapsed = performance.now() - started;
  if (!css.includes(className.replace(/[[\]]/g, (c) => `\\${c}`))) throw new Error(`Tailwind did not generate ${className}`);
  return elapsed;
}

/** The Tailwind 3 fixture project's own PostCSS plugin making the CSS of one class, as a one-off build of it would. */
async function tailwind3PluginRound(root: string, className: string): Promise<number> {
  const fromProject = createRequire(path.join(root, 'package.json'));
  const tailwind = fromProject('tailwindcss') as (config: object) => Plugin;
  const postcss = fromProject('postcss') as (plugins: Plugin[]) => { process(css: string, options: { from: string }): PromiseLike<{ css: string }> };
  const config = fromProject(path.join(root, 'tailwind.config.js')) as { default?: object };
  await waitForQuietMachine();
  const started = performance.now();
  const { css } = await postcss([tailwind({ ...(config.default ?? config), content: [{ raw: className, extension: 'html' }] })]).process('@tailwind utilities;', {
    from: path.join(root, 'src', 'index.css'),
  });
  const elapsed = performance.now() - started;
  if (!css.includes('padding-top')) throw new Error(`Tailwind 3 did not generate ${className}`);
  return elapsed;
}

/** The studio's instant CSS of one class on the Tailwind 3 project, its context made by an earlier request. */
async function tailwind3StudioRound(css: TailwindCss, className: string): Promise<number> {
  await waitForQuietMachine();
  const started = performance.now();
  const answer = await css.cssFor({ classes: [className] });
  const elapsed = performance.now() - started;
  if (!answer.classes[0]?.generated) throw new Error(`The studio did not generate ${className} on the Tailwind 3 project`);
  return elapsed;
}

async function tailwind3Rows(rounds: number, log: (line: string) => void): Promise<BenchRow[]> {
  const project = await fixtureProject('tailwind3-postcss');
  try {
    const css = new TailwindCss(project.root);
    await css.cssFor({ classes: ['p-4'] });
    let n = 0;
    const samples = await alternateRounds(rounds, {
      studio: () => tailwind3StudioRound(css, `pt-[${2000 + ++n}px]`),
      plugin: () => tailwind3PluginRound(project.root, `pt-[${2000 + ++n}px]`),
    });
    const [studio, plugin] = [median(samples.studio), median(samples.plugin)];
    log(`tailwind css, Tailwind 3: studio ${studio.toFixed(1)} ms, its PostCSS plugin ${plugin.toFixed(1)} ms`);
    return [
      {
        name: 'tailwind css: a utility new to a Tailwind 3 project',
        value: studio,
        unit: 'ms',
        baseline: { name: "the project's Tailwind 3 PostCSS plugin making the class's CSS", value: plugin },
        budget: { kind: 'ratio-max', limit: TAILWIND3_BUDGET },
        note: 'the tailwind3-postcss fixture project; the studio keeps one context of its config, the plugin makes one per content',
      },
    ];
  } finally {
    await project.remove();
  }
}

export async function runTailwindCssBench(rounds: number, log: (line: string) => void): Promise<BenchRow[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'tailwind-css-bench-'));
  const root = path.join(folder, 'console');
  copyTree(BUNDLED_CONSOLE_ROOT, root);
  const entry = path.join(root, 'src', 'styles.css');
  let n = 0;
  // A class no page of the console uses, different in every measure.
  const fresh = () => `mt-[${1000 + ++n}px]`;
  try {
    const samples = await alternateRounds(rounds, {
      warmed: () => studioRound(root, fresh(), true),
      unwarmed: () => studioRound(root, fresh(), false),
      tailwind: () => tailwindRound(entry, fresh()),
    });
    const [warmed, unwarmed, tailwind] = [median(samples.warmed), median(samples.unwarmed), median(samples.tailwind)];
    log(`tailwind css: warmed ${warmed.toFixed(1)} ms, nothing asked before ${unwarmed.toFixed(1)} ms, Tailwind's build ${tailwind.toFixed(2)} ms`);
    const baseline = { name: "Tailwind's own build of the class on a compiled entry", value: tailwind };
    const rows: BenchRow[] = [
      {
        name: 'tailwind css: a utility new to the project, style controls open',
        value: warmed,
        unit: 'ms',
        baseline,
        budget: { kind: 'ratio-max', limit: WARMED_BUDGET },
        note: 'POST /_studio/api/tailwind/css on the console after GET /_studio/api/theme; through inject, HTTP parsing left out',
      },
      {
        name: 'tailwind css: a utility new to the project, nothing asked before',
        value: unwarmed,
        unit: 'ms',
        baseline,
        note: 'the first call of a server: the entry compiled for it (in a process where Tailwind is already loaded)',
      },
    ];
    return [...rows, ...(await tailwind3Rows(rounds, log))];
  } finally {
    await rm(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

export const tailwindCssBench: BenchModule = {
  name: 'tailwind-css',
  run: (context) => runTailwindCssBench(Math.max(context.rounds, 5), (line) => context.log(line)),
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of await runTailwindCssBench(5, (line) => process.stderr.write(`${line}\n`))) {
    process.stdout.write(`${row.name}: ${row.value.toFixed(1)} ${row.unit} (baseline ${row.baseline!.value.toFixed(2)} ms, ${(row.value / row.baseline!.value).toFixed(2)}×)\n`);
  }
}
