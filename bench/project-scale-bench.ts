/**
 * The engine on a project of real size, against the console: a project generated at run time (not kept in the
 * repository) of 500 components and 2,000 files. On an engine just made: the first element lookup (as the editor
 * makes it for a selected element) with no file served, which reads files until it finds the id, and again after the
 * codebase-id plugin served the element's file (as after a restart: the frame's page was served), against a warm
 * lookup plus the parse of that file; then `find elements` over the whole project; then a history of 500 changes,
 * and in rounds `find elements` warm (with the one file the previous round changed and undid, and with nothing
 * changed), a change and its undo with that history; last the heap the engine's index of the whole project holds.
 * The baseline of each is the same on a copy of the console's own source (74 JSX files), measured in the same run.
 * `dev` on this project against plain Vite is in the `startup` module; opening the studio on it is not measured.
 *
 * Run: `npm run bench -- project-scale`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findElements } from '../server/agent/find-elements.js';
import { lookupElements } from '../server/project-reads/element-lookup.js';
import { indexJsxElements, parseJsxSource } from '../server/codebase-ids/index-jsx-elements.js';
import { servedParses } from '../server/codebase-ids/served-parses.js';
import type { SourceEditor } from '../server/engine/source-editor.js';
import { studioSourceEditor } from '../server/studio-source-editor.js';
import { EMPTY_THEME } from '../contracts/theme-tokens.js';
import type { BenchModule, BenchRow } from './bench-row.js';
import { median } from './statistics.js';

const COMPONENTS = 500;
const PAGES = 1_000;
const MODULES = 500;
const HISTORY = 500;
const FIND_BUDGET_MS = 300;
const CHANGE_BUDGET = 1.5;
/** Issue 29: the first lookup after a restart ≤ 1.5× a warm lookup plus the parse of the files it needs. */
const FIRST_LOOKUP_BUDGET = 1.5;

function component(i: number): string {
  return `import { cn } from '../lib/cn';

export function Widget${i}({ title, active }: { title: string; active: boolean }) {
  return (
    <article className={cn('rounded border p-3', active && 'ring-2')}>
      <h3 className="text-sm font-semibold">{title}</h3>
      <p className="text-xs text-slate-600">Thành phần số ${i}</p>
      <button type="button" className="mt-2 px-2 py-1">Mở</button>
    </article>
  );
}
`;
}

function pageOf(i: number): string {
  const used = [i % COMPONENTS, (i * 7 + 3) % COMPONENTS, (i * 13 + 5) % COMPONENTS];
  return `${used.map((c) => `import { Widget${c} } from '../components/widget-${c}';`).join('\n')}
import { format } from '../lib/module-${i % MODULES}';

export function Page${i}({ active }: { active: boolean }) {
  return (
    <main className="grid gap-4 p-4">
      <h1 className="text-lg">Trang ${i}</h1>
${used.map((c) => `      <Widget${c} title={format('Lô ${c}')} active={active} />`).join('\n')}
      <section className="text-sm">Nội dung của trang ${i}</section>
    </main>
  );
}
`;
}

/** 500 components, 1,000 pages using three each, 500 plain modules and the helper: 2,001 files, under `root/src`. */
export function generateProject(root: string): void {
  const write = (relative: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    fs.writeFileSync(path.join(root, relative), text);
  };
  write('src/lib/cn.ts', 'export const cn = (...names: unknown[]) => names.filter(Boolean).join(" ");\n');
  for (let i = 0; i < COMPONENTS; i += 1) write(`src/components/widget-${i}.tsx`, component(i));
  for (let i = 0; i < PAGES; i += 1) write(`src/pages/page-${i}.tsx`, pageOf(i));
  for (let i = 0; i < MODULES; i += 1) write(`src/lib/module-${i}.ts`, `export const format = (value: string) => \`\${value} (${i})\`;\n`);
}

function copyFolder(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true, filter: (source) => !source.includes(`${path.sep}node_modules`) });
}

function headingOf(root: string, relative: string, tag: string): string {
  const text = fs.readFileSync(path.join(root, relative), 'utf8');
  return indexJsxElements(parseJsxSource(relative, text), relative).find((entry) => entry.tagName === tag)!.id;
}

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

interface Measured {
  /** The element lookup the editor makes for a selected element, as the engine's first read (no file served). */
  lookupCold: number;
  /** The same on an engine just made in a process whose codebase-id plugin served the element's file, as after a restart. */
  lookupServed: number;
  /** A second lookup of the same element on that engine. */
  lookupWarm: number;
  /** Parsing and indexing the element's file alone, as the first lookup needs it. */
  parseOfFile: number;
  findCold: number;
  findWarm: number;
  findUnchanged: number;
  change: number;
  undo: number;
  heapMb: number;
  files: number;
  sourceMb: number;
}

async function measure(root: string, target: { file: string; tag: string }, history: number, rounds: number): Promise<Measured> {
  const id = headingOf(root, target.file, target.tag);
  const lookup = async (on: SourceEditor) => {
    const found = await on.readSource((index) => lookupElements(index, [id]));
    if (!found[id]) throw new Error(`the lookup did not find ${target.file}'s ${target.tag}`);
  };
  // No file served by the plugin in this process: the engine reads files until it finds the id.
  const unserved = studioSourceEditor({ root, theme: async () => EMPTY_THEME });
  let lookupCold: number;
  try {
    lookupCold = await timed(() => lookup(unserved));
  } finally {
    unserved.dispose();
  }
  // As after a restart: the frame's page loaded, the codebase-id plugin served (and parsed) the element's file.
  const absolute = path.join(root, target.file);
  const text = fs.readFileSync(absolute, 'utf8');
  const parseOfFile = await timed(async () => indexJsxElements(parseJsxSource(target.file, text), target.file));
  servedParses.parse(absolute, target.file, text);
  const heapBefore = heapUsed();
  const editor: SourceEditor = studioSourceEditor({ root, theme: async () => EMPTY_THEME });
  try {
    const lookupServed = await timed(() => lookup(editor));
    const lookupWarm = await timed(() => lookup(editor));
    const findCold = await timed(() => editor.readSource((index) => findElements(index, { text: 'lô' })));
    // A title new each time, so every change writes (and can be undone).
    let made = 0;
    const change = (_: number) => editor.mutate('scale', 'changePropValue', { elementToModify: { codebaseId: id }, propName: 'title', propValue: `Lô ${(made += 1)}` });
    for (let i = 0; i < history; i += 1) await change(i);
    const finds: number[] = [];
    const findsUnchanged: number[] = [];
    const changes: number[] = [];
    const undos: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      // The file the last round changed (and undid) is the one file changed since the previous call.
      finds.push(await timed(() => editor.readSource((index) => findElements(index, { text: 'lô' }))));
      findsUnchanged.push(await timed(() => editor.readSource((index) => findElements(index, { text: 'lô' }))));
      changes.push(await timed(() => change(i)));
      undos.push(await timed(() => editor.undo('scale')));
    }
    const files = await editor.readSource((index) => index.cachedFiles());
    const heapMb = (heapUsed() - heapBefore) / 2 ** 20;
    const sourceMb = files.reduce((sum, file) => sum + Buffer.byteLength(file.text), 0) / 2 ** 20;
    return { lookupCold, lookupServed, lookupWarm, parseOfFile, findCold, findWarm: median(finds), findUnchanged: median(findsUnchanged), change: median(changes), undo: median(undos), heapMb, files: files.length, sourceMb };
  } finally {
    editor.dispose();
  }
}

function heapUsed(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

export const projectScaleBench: BenchModule = {
  name: 'project-scale',
  async run(context) {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-project-scale-'));
    try {
      const large = path.join(base, 'generated');
      generateProject(large);
      const consoleRoot = path.join(base, 'console');
      copyFolder(path.join(context.root, 'client/console/src'), path.join(consoleRoot, 'src'));
      const rounds = Math.max(context.rounds * 2, 10);
      const ofConsole = await measure(consoleRoot, { file: 'src/features/account/credentials-form.tsx', tag: 'h1' }, 0, rounds);
      context.log(`project-scale: console ${JSON.stringify(ofConsole)}`);
      const ofLarge = await measure(large, { file: 'src/pages/page-500.tsx', tag: 'h1' }, HISTORY, rounds);
      context.log(`project-scale: generated ${JSON.stringify(ofLarge)}`);
      const size = `${ofLarge.files} JSX files, ${HISTORY}-step history`;
      const consoleName = `the console (${ofConsole.files} JSX files)`;
      return [
        {
          name: `project-scale: first element lookup after a restart, its file served by the codebase-id plugin (${size})`,
          value: ofLarge.lookupServed,
          unit: 'ms',
          baseline: { name: 'a warm lookup of it + the parse of its file', value: ofLarge.lookupWarm + ofLarge.parseOfFile },
          budget: { kind: 'ratio-max', limit: FIRST_LOOKUP_BUDGET },
          note: `warm ${ofLarge.lookupWarm.toFixed(1)} ms, parse ${ofLarge.parseOfFile.toFixed(1)} ms; on the console ${ofConsole.lookupServed.toFixed(1)} ms`,
        },
        {
          name: `project-scale: first element lookup, no file served (the files read until the id is found) (${size})`,
          value: ofLarge.lookupCold,
          unit: 'ms',
          baseline: { name: consoleName, value: ofConsole.lookupCold },
        },
        { name: `project-scale: find elements, first call (${size})`, value: ofLarge.findCold, unit: 'ms', baseline: { name: consoleName, value: ofConsole.findCold } },
        {
          name: `project-scale: find elements, one file changed since the last call (${size})`,
          value: ofLarge.findWarm,
          unit: 'ms',
          baseline: { name: consoleName, value: ofConsole.findWarm },
          budget: { kind: 'value-max', limit: FIND_BUDGET_MS },
        },
        { name: `project-scale: find elements, nothing changed (${size})`, value: ofLarge.findUnchanged, unit: 'ms', baseline: { name: consoleName, value: ofConsole.findUnchanged }, budget: { kind: 'value-max', limit: FIND_BUDGET_MS } },
        { name: `project-scale: a change (${size})`, value: ofLarge.change, unit: 'ms', baseline: { name: consoleName, value: ofConsole.change }, budget: { kind: 'ratio-max', limit: CHANGE_BUDGET } },
        { name: `project-scale: undo (${size})`, value: ofLarge.undo, unit: 'ms', baseline: { name: consoleName, value: ofConsole.undo } },
        {
          name: `project-scale: engine heap with every file indexed (${size})`,
          value: ofLarge.heapMb,
          unit: 'MB',
          baseline: { name: consoleName, value: ofConsole.heapMb },
          note: `parsed sources: ${ofLarge.sourceMb.toFixed(1)} MB against ${ofConsole.sourceMb.toFixed(2)} MB`,
        },
      ] satisfies BenchRow[];
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  },
};
