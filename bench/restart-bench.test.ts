import { describe, expect, it } from 'vitest';
import { judge } from './bench-row.js';
import { GENERATED_RESTART_RATIO_BUDGET, RESTART_RATIO_BUDGET, restartRows } from './restart-bench.js';

describe('the restart rows', () => {
  const vite = [
    { restartMs: 1000, warmMs: 400 },
    { restartMs: 1200, warmMs: 500 },
    { restartMs: 1100, warmMs: 450 },
  ];

  it('compare the medians after a restart and warm with plain Vite, each against the budget', () => {
    const studio = [
      { restartMs: 1500, warmMs: 900 },
      { restartMs: 9000, warmMs: 600 },
      { restartMs: 1600, warmMs: 700 },
    ];
    const rows = restartRows(studio, vite, 3).map(judge);
    expect(rows.map((row) => [row.name, row.value, row.baseline?.value])).toEqual([
      ['studio: open after a restart → first frame editable', 1600, 1100],
      ['studio: open warm → first frame editable', 700, 450],
    ]);
    expect(rows.map((row) => row.budget)).toEqual([
      { kind: 'ratio-max', limit: RESTART_RATIO_BUDGET },
      { kind: 'ratio-max', limit: RESTART_RATIO_BUDGET },
    ]);
    // 1600 / 1100 is within 1.5×; 700 / 450 is not.
    expect(rows.map((row) => row.pass)).toEqual([true, false]);
  });

  it('name the generated project and judge it against its own budget', () => {
    const studio = [
      { restartMs: 1400, warmMs: 560 },
      { restartMs: 1400, warmMs: 560 },
      { restartMs: 1400, warmMs: 560 },
    ];
    const rows = restartRows(studio, vite, 3, { label: ' (generated project)', budget: GENERATED_RESTART_RATIO_BUDGET }).map(judge);
    expect(rows.map((row) => row.name)).toEqual(['studio: open after a restart → first frame editable (generated project)', 'studio: open warm → first frame editable (generated project)']);
    // 1400 / 1100 is within 1.3×; 560 / 450 is too (1.24×), and both would be within 1.5× as well.
    expect(rows.map((row) => [row.budget, row.pass])).toEqual([
      [{ kind: 'ratio-max', limit: 1.3 }, true],
      [{ kind: 'ratio-max', limit: 1.3 }, true],
    ]);
  });
});
