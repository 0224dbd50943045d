/**
 * What every benchmark module hands the runner: rows of one figure each, measured side by side with the baseline
 * it is judged against, and the budget the ratio (or the figure itself) must keep.
 */

/** `ratio-max`: value/baseline at most `limit`; `ratio-min`: at least; `value-max`: the figure itself at most. */
export type Budget = { kind: 'ratio-max' | 'ratio-min' | 'value-max'; limit: number };

export interface BenchRow {
  /** What was measured, e.g. `dev: ready line`. */
  name: string;
  value: number;
  unit: string;
  /** What the figure is compared with, measured in the same run and rounds. */
  baseline?: { name: string; value: number };
  budget?: Budget;
  /** Anything a reader needs to interpret the figure (rounds, connections, what was left out). */
  note?: string;
}

export interface JudgedRow extends BenchRow {
  ratio?: number;
  /** Undefined when the row has no budget. */
  pass?: boolean;
}

export interface BenchContext {
  /** The package's root folder. */
  root: string;
  /** Alternating rounds per comparison; the median is reported. */
  rounds: number;
  /** Progress lines (stderr), so the table on stdout stays clean. */
  log(message: string): void;
}

export interface BenchModule {
  name: string;
  run(context: BenchContext): Promise<BenchRow[]>;
}

export function judge(row: BenchRow): JudgedRow {
  const ratio = row.baseline && row.baseline.value !== 0 ? row.value / row.baseline.value : undefined;
  const budget = row.budget;
  if (!budget) return { ...row, ratio };
  if (budget.kind === 'value-max') return { ...row, ratio, pass: row.value <= budget.limit };
  if (ratio === undefined) return { ...row, ratio, pass: false };
  return { ...row, ratio, pass: budget.kind === 'ratio-max' ? ratio <= budget.limit : ratio >= budget.limit };
}

export function describeBudget(budget: Budget | undefined, unit: string): string {
  if (!budget) return '';
  if (budget.kind === 'value-max') return `≤ ${budget.limit} ${unit}`;
  return `${budget.kind === 'ratio-max' ? '≤' : '≥'} ${budget.limit}×`;
}
