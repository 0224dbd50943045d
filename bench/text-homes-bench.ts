/**
 * An edit through a binding against a static text edit of the same file (docs/editing-through-code.md): on a
 * generated page of about 140 KB, the `<dt>{label}</dt>` inside a component, written at one of its 180 call sites
 * (the instance given, as the editor sends it), against the `<h2>` text of a section. Median of alternating rounds,
 * each edit undone (untimed) before the next. Budget: the binding's edit at most 1.5× the static one.
 *
 * Run: `npx tsx bench/text-homes-bench.ts`; `textHomesBench` gives the row to `npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { indexJsxElements, parseJsxSource } from '../server/codebase-ids/index-jsx-elements.js';
import { studioSourceEditor } from '../server/studio-source-editor.js';
import type { BenchModule, BenchRow } from './bench-row.js';
import { alternate } from './statistics.js';

const FILE = 'src/facts.tsx';
const SECTIONS = 180;
const BUDGET = 1.5;

function generatedPage(sections: number): string {
  const blocks: string[] = [];
  for (let i = 0; i < sections; i += 1) {
    blocks.push(`      <section className="grid gap-2 p-4 md:grid-cols-2" aria-label="Lô ${i}">
        <h2 className="text-lg font-semibold">Lô cao su số ${i}</h2>
        <dl className="divide-y divide-slate-100 text-sm">
          <Fact label="Khu vực ${i}" value={rows[${i}]?.name ?? ''} />
          <Fact label="Diện tích ${i}" value={String(${i * 3 + 1})} />
        </dl>
        <p className="text-sm text-gray-600">Năng suất ổn định, khai thác đều đặn trong mùa khô và mùa mưa</p>
      </section>`);
  }
  return `function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3 py-1.5">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-800">{value || '—'}</dd>
    </div>
  );
}

export function Facts({ rows }: { rows: Array<{ name: string }> }) {
  return (
    <main className="p-2 text-sm">
${blocks.join('\n')}
    </main>
  );
}
`;
}

export async function runTextHomesBench(rounds: number): Promise<BenchRow> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-text-homes-'));
  const text = generatedPage(SECTIONS);
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, FILE), text);
  const entries = indexJsxElements(parseJsxSource(FILE, text), FILE);
  const middle = Math.floor(SECTIONS / 2);
  const h2 = entries.filter((e) => e.tagName === 'h2')[middle]!;
  const dt = entries.find((e) => e.tagName === 'dt')!;
  const site = entries.filter((e) => e.tagName === 'Fact')[middle * 2]!;
  const editor = studioSourceEditor({ root });
  const timed = (body: unknown) => async () => {
    const started = performance.now();
    await editor.mutate('bench', 'editText', body);
    const elapsed = performance.now() - started;
    await editor.undo('bench');
    return elapsed;
  };
  try {
    // One of each first: the index and the parse are warm for both.
    const staticEdit = timed({ element: { codebaseId: h2.id }, oldText: `Lô cao su số ${middle}`, newText: 'Lô đã đổi tên' });
    const boundEdit = timed({ element: { codebaseId: dt.id }, oldText: `Khu vực ${middle}`, newText: 'Khu đã đổi tên', instance: [site.id] });
    await staticEdit();
    await boundEdit();
    const medians = await alternate(rounds, { staticEdit, boundEdit });
    if (fs.readFileSync(path.join(root, FILE), 'utf8') !== text) throw new Error('the edits were not undone to the byte');
    return {
      name: 'edit text through a binding (140 KB file)',
      value: medians.boundEdit,
      unit: 'ms',
      baseline: { name: 'static text edit, same file', value: medians.staticEdit },
      budget: { kind: 'ratio-max', limit: BUDGET },
      note: `${SECTIONS * 2} call sites of the component, ${rounds} alternating rounds, median`,
    };
  } finally {
    editor.dispose();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

export const textHomesBench: BenchModule = {
  name: 'text homes',
  run: async ({ rounds }) => [await runTextHomesBench(rounds)],
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const row = await runTextHomesBench(Number(process.env.ROUNDS ?? 15));
  console.log(`${row.name}: ${row.value.toFixed(2)} ${row.unit}; ${row.baseline!.name}: ${row.baseline!.value.toFixed(2)} ${row.unit}; ratio ${(row.value / row.baseline!.value).toFixed(2)} (budget ≤ ${BUDGET}×)`);
}
