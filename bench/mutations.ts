/**
 * The source-rewriting engine against a naive one, on generated TSX files of about 10, 30 and 140 KB: median
 * and p95 per kind of change, measured in alternating rounds of one run. The naive baseline does per request
 * what the engine avoids: a fresh ts-morph Project, a full-descendant search for the element, and a fresh engine
 * (cold parse and index) to make the same edit. Budgets (140 KB): the engine at least 5× faster per change and at
 * most 10 ms at the median, and 20 sequential edits in under 5% of the baseline's time.
 *
 * Run: `npx tsx bench/mutations.ts`; `runMutationsBench()` / `mutationsBench` give the rows to `npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Node, Project } from 'ts-morph';
import type { MutationKind } from '../contracts/change-kinds.js';
import { indexJsxElements, parseJsxSource, type JsxElementEntry } from '../server/codebase-ids/index-jsx-elements.js';
import { type SourceEditor } from '../server/engine/source-editor.js';
import { studioSourceEditor } from '../server/studio-source-editor.js';
import type { BenchModule, BenchRow, Budget } from './bench-row.js';
import { alternateRounds, median } from './statistics.js';

const FILE = 'src/generated.tsx';
/** The page's stylesheet, whose theme a token edit changes. */
const STYLESHEET = 'src/styles.css';
const STYLESHEET_TEXT = '@import "tailwindcss";\n\n@theme {\n  --color-brand: #166534;\n  --font-display: "Inter", sans-serif;\n}\n';
const SIZES = [
  { label: '10 KB', sections: 13 },
  { label: '30 KB', sections: 38 },
  { label: '140 KB', sections: 178 },
];
const SPEEDUP_BUDGET = 5;
const SEQUENTIAL_EDITS = 20;
/** The 20 edits at the largest size against the naive engine's (was 0.15: the engine re-parsed the whole file). */
const SEQUENTIAL_BUDGET = 0.05;
/** The median engine time of a change at the largest size, in milliseconds (was 31.9 with whole re-parses). */
const LARGEST_MEDIAN_BUDGET_MS = 10;

/** A console-like page: sections of cards with classes, props, text, a `.map` and a condition each. */
export function generatedPage(sections: number): string {
  const blocks: string[] = [];
  for (let i = 0; i < sections; i += 1) {
    blocks.push(`      <section className="grid gap-2 p-4 md:grid-cols-2" aria-label="Lô ${i}">
        <h2 className="text-lg font-semibold">Lô cao su số ${i}</h2>
        <div className={cn('rounded border p-2', active && 'ring-2')}>
          <p className="text-sm text-gray-600">Diện tích: ${i * 3 + 1} ha, năng suất ổn định</p>
          <Card title="Khu ${i}" count={${i}} onSelect={() => select(${i})} />
          <button type="button" className={\`px-2 py-1 \${active ? 'bg-green-600' : 'bg-gray-200'}\`}>Chi tiết</button>
        </div>
        <ul className="list-disc pl-4">
          {rows.map((row) => (
            <li key={row.id} className="py-1">{row.name}</li>
          ))}
        </ul>
        {active && <span className="text-xs text-green-700">Đang khai thác</span>}
      </section>`);
  }
  return `import { cn } from './cn';
import { Card } from './card';

export function Plantation({ rows, active, select }: { rows: Array<{ id: string; name: string }>; active: boolean; select: (n: number) => void }) {
  return (
    <main className="p-2 text-sm">
${blocks.join('\n')}
    </main>
  );
}
`;
}

/** A change of each kind on an element in the middle of the page. */
function bodies(entries: JsxElementEntry[]): Record<MutationKind, unknown> {
  const sections = entries.filter((e) => e.tagName === 'section');
  const middle = sections[Math.floor(sections.length / 2)]!;
  const inMiddle = (tag: string) => entries.find((e) => e.tagName === tag && e.structuralPath.startsWith(`${middle.structuralPath}-`))!;
  const ref = (e: JsxElementEntry) => ({ codebaseId: e.id });
  const h2 = inMiddle('h2');
  const p = inMiddle('p');
  const card = inMiddle('Card');
  const div = inMiddle('div');
  const next = sections[sections.indexOf(middle) + 1] ?? sections[0]!;
  return {
    styling: { reactElement: ref(h2), stylingFramework: 'Tailwind', styling: { color: '#14532d', 'font-size': '18px' }, modifiers: ['md'] },
    addJsxElement: { afterElement: ref(h2), newElement: { type: 'native', nativeTag: 'hr' }, propsToSet: { className: 'my-2' } },
    moveJsxElement: { elementToMove: ref(card), newContainerElement: ref(next) },
    removeJsxElement: { elementsToRemove: [ref(p)] },
    changePropValue: { elementToModify: ref(card), propName: 'title', propValue: 'Khu mới' },
    wrapInDiv: { reactElements: [ref(p), ref(card)] },
    duplicate: { reactElements: [ref(div)] },
    changeElementTag: { elementToModify: ref(h2), newTag: 'h3' },
    addClass: { reactElement: ref(h2), className: 'text-xl', stylingFramework: 'Tailwind' },
    removeClass: { reactElement: ref(p), className: 'text-gray-600' },
    editText: { element: ref(h2), oldText: h2.node.getText().replace(/<[^>]*>/g, ''), newText: 'Lô đã đổi tên' },
    updateClasses: { reactElement: ref(div), oldClasses: ['p-2'], newClasses: ['p-3'] },
    themeToken: { variable: '--color-brand', value: '#14532d', stylesheet: STYLESHEET },
  };
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** The naive request: fresh Project, every descendant visited to find the element, then a cold engine. */
async function naiveMutate(root: string, kind: MutationKind, body: unknown, id: string | null): Promise<void> {
  // A change that names no element (a theme token) has no element to search for: only the cold engine.
  if (id === null) return coldMutate(root, kind, body);
  const text = fs.readFileSync(path.join(root, FILE), 'utf8');
  const project = new Project({ useInMemoryFileSystem: true });
  const sourceFile = project.createSourceFile(`/${FILE}`, text, { overwrite: true });
  const target = indexJsxElements(sourceFile.compilerNode, FILE).find((e) => e.id === id);
  const start = target?.node.getStart(sourceFile.compilerNode);
  const found = sourceFile.getDescendants().find((n) => (Node.isJsxElement(n) || Node.isJsxSelfClosingElement(n)) && n.getStart() === start);
  if (!found) throw new Error(`naive search did not find ${id}`);
  await coldMutate(root, kind, body);
}

async function coldMutate(root: string, kind: MutationKind, body: unknown): Promise<void> {
  const editor = studioSourceEditor({ root });
  try {
    await editor.mutate('bench', kind, body);
  } finally {
    editor.dispose();
  }
}

function firstId(body: unknown): string | null {
  return /"codebaseId":"([^"]+)"/.exec(JSON.stringify(body))?.[1] ?? null;
}

export interface MutationsBenchRow {
  name: string;
  value: number;
  unit: string;
  baseline?: number;
  ratio?: number;
  budget?: string;
  pass?: boolean;
}

export async function runMutationsBench(options: { rounds?: number; log?: (line: string) => void } = {}): Promise<MutationsBenchRow[]> {
  const rounds = options.rounds ?? Number(process.env.BENCH_ROUNDS ?? 15);
  const log = options.log ?? (() => undefined);
  const rows: MutationsBenchRow[] = [];
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mutations-'));
  try {
    for (const size of SIZES) {
      const text = generatedPage(size.sections);
      const engineRoot = path.join(base, `engine-${size.sections}`);
      const naiveRoot = path.join(base, `naive-${size.sections}`);
      for (const root of [engineRoot, naiveRoot]) {
        fs.mkdirSync(path.join(root, 'src'), { recursive: true });
        fs.writeFileSync(path.join(root, FILE), text);
        fs.writeFileSync(path.join(root, STYLESHEET), STYLESHEET_TEXT);
      }
      const kb = (Buffer.byteLength(text) / 1024).toFixed(0);
      const changes = bodies(indexJsxElements(parseJsxSource(FILE, text), FILE));
      const editor = studioSourceEditor({ root: engineRoot });
      const naiveUndo = studioSourceEditor({ root: naiveRoot });
      const engineAll: number[] = [];
      const naiveAll: number[] = [];
      try {
        for (const [kind, body] of Object.entries(changes) as Array<[MutationKind, unknown]>) {
          // Each sample is one change, undone (untimed) so every sample starts from the same file.
          const samples = await alternateRounds(rounds, {
            engine: async () => {
              const started = performance.now();
              await editor.mutate('bench', kind, body);
              const took = performance.now() - started;
              await editor.undo('bench');
              return took;
            },
            naive: async () => {
              const before = fs.readFileSync(path.join(naiveRoot, FILE), 'utf8');
              const started = performance.now();
              await naiveMutate(naiveRoot, kind, body, firstId(body));
              const took = performance.now() - started;
              fs.writeFileSync(path.join(naiveRoot, FILE), before);
              fs.writeFileSync(path.join(naiveRoot, STYLESHEET), STYLESHEET_TEXT);
              return took;
            },
          });
          engineAll.push(...samples.engine);
          naiveAll.push(...samples.naive);
          const engineMedian = median(samples.engine);
          const naiveMedian = median(samples.naive);
          rows.push({ name: `${kind} @ ${kb} KB: median`, value: engineMedian, unit: 'ms', baseline: naiveMedian, ratio: engineMedian / naiveMedian });
          const engineP95 = percentile(samples.engine, 0.95);
          const naiveP95 = percentile(samples.naive, 0.95);
          rows.push({ name: `${kind} @ ${kb} KB: p95`, value: engineP95, unit: 'ms', baseline: naiveP95, ratio: engineP95 / naiveP95 });
          log(`${kind} @ ${kb} KB: ${engineMedian.toFixed(2)} ms vs naive ${naiveMedian.toFixed(2)} ms (${(naiveMedian / engineMedian).toFixed(1)}× faster)`);
        }
        const isLargest = size === SIZES.at(-1);
        const engineMedian = median(engineAll);
        const naiveMedian = median(naiveAll);
        const ratio = engineMedian / naiveMedian;
        rows.push({
          name: `all kinds @ ${kb} KB: median per change`,
          value: engineMedian,
          unit: 'ms',
          baseline: naiveMedian,
          ratio,
          ...(isLargest ? { budget: `≤ ${1 / SPEEDUP_BUDGET}× naive (${SPEEDUP_BUDGET}× faster)`, pass: ratio <= 1 / SPEEDUP_BUDGET } : {}),
        });
        if (isLargest) {
          rows.push({ name: `all kinds @ ${kb} KB: median engine time`, value: engineMedian, unit: 'ms', budget: `≤ ${LARGEST_MEDIAN_BUDGET_MS} ms`, pass: engineMedian <= LARGEST_MEDIAN_BUDGET_MS });
        }
        if (isLargest) rows.push(await sequentialRow(editor, naiveRoot, changes, kb));
      } finally {
        editor.dispose();
        naiveUndo.dispose();
      }
    }
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
  return rows;
}

/**
 * 20 edits one after another on the same file (a different class each time, none undone in between), three
 * times; engine and naive edits are interleaved one by one so both meet the same machine load.
 */
async function sequentialRow(editor: SourceEditor, naiveRoot: string, changes: Record<MutationKind, unknown>, kb: string): Promise<MutationsBenchRow> {
  const target = (changes.addClass as { reactElement: { codebaseId: string } }).reactElement;
  const edits = Array.from({ length: SEQUENTIAL_EDITS }, (_, i) => ({ reactElement: target, className: `mt-${i + 1}` }));
  const engineTotals: number[] = [];
  const naiveTotals: number[] = [];
  const original = fs.readFileSync(path.join(naiveRoot, FILE), 'utf8');
  for (let repetition = 0; repetition < 3; repetition += 1) {
    let engine = 0;
    let naive = 0;
    for (const [i, body] of edits.entries()) {
      const timeEngine = async () => {
        const started = performance.now();
        await editor.mutate('sequential', 'addClass', body);
        engine += performance.now() - started;
      };
      const timeNaive = async () => {
        const started = performance.now();
        await naiveMutate(naiveRoot, 'addClass', body, target.codebaseId);
        naive += performance.now() - started;
      };
      if ((i + repetition) % 2 === 0) {
        await timeEngine();
        await timeNaive();
      } else {
        await timeNaive();
        await timeEngine();
      }
    }
    engineTotals.push(engine);
    naiveTotals.push(naive);
    for (const _ of edits) await editor.undo('sequential');
    fs.writeFileSync(path.join(naiveRoot, FILE), original);
  }
  const engine = median(engineTotals);
  const naive = median(naiveTotals);
  const ratio = engine / naive;
  return {
    name: `${SEQUENTIAL_EDITS} sequential edits @ ${kb} KB`,
    value: engine,
    unit: 'ms',
    baseline: naive,
    ratio,
    budget: `≤ ${SEQUENTIAL_BUDGET * 100}% of naive`,
    pass: ratio < SEQUENTIAL_BUDGET,
  };
}

function budgetOf(row: MutationsBenchRow): Budget {
  if (row.baseline === undefined) return { kind: 'value-max', limit: LARGEST_MEDIAN_BUDGET_MS };
  return { kind: 'ratio-max', limit: row.name.includes('sequential') ? SEQUENTIAL_BUDGET : 1 / SPEEDUP_BUDGET };
}

/** The same rows in the shape `npm run bench` reads (ratio = engine / naive; budgets as ratio limits). */
export const mutationsBench: BenchModule = {
  name: 'mutations',
  async run(context) {
    const rows = await runMutationsBench({ rounds: Math.max(context.rounds, 5), log: (line) => context.log(line) });
    return rows.map((row): BenchRow => ({
      name: `mutations: ${row.name}`,
      value: row.value,
      unit: row.unit,
      ...(row.baseline !== undefined ? { baseline: { name: 'naive engine', value: row.baseline } } : {}),
      ...(row.budget ? { budget: budgetOf(row) } : {}),
    }));
  },
};

function printTable(rows: MutationsBenchRow[]): void {
  const format = (n: number | undefined) => (n === undefined ? '' : n >= 100 ? n.toFixed(0) : n.toFixed(2));
  console.log(['name', 'engine', 'naive', 'engine/naive', 'speed-up', 'budget', 'pass'].join(' | '));
  for (const row of rows) {
    const speedUp = row.ratio ? `${(1 / row.ratio).toFixed(1)}×` : '';
    console.log([row.name, `${format(row.value)} ${row.unit}`, format(row.baseline), format(row.ratio), speedUp, row.budget ?? '', row.pass === undefined ? '' : row.pass ? 'yes' : 'NO'].join(' | '));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await runMutationsBench({ log: (line) => process.stderr.write(`${line}\n`) });
  printTable(rows);
  if (rows.some((row) => row.pass === false)) process.exitCode = 1;
}
