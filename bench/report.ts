/**
 * The bench's one table, as plain text for the terminal, as Markdown for the README, and as JSON with the
 * machine it ran on, for comparison over time.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { describeBudget, type JudgedRow } from './bench-row.js';

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
  date: string;
  /** The 1-minute load average when the run began: other work on a shared machine moves the absolute figures. */
  loadAverage: number;
}

export interface BenchFailure {
  module: string;
  error: string;
}

export interface BenchReport {
  machine: MachineInfo;
  command: string;
  rounds: number;
  rows: JudgedRow[];
  /** Modules that could not measure, and why. */
  failures: BenchFailure[];
}

export function machineInfo(now = new Date()): MachineInfo {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    date: now.toISOString(),
    loadAverage: Math.round(loadavg()[0]! * 10) / 10,
  };
}

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 100) return Math.round(value).toLocaleString('en-US');
  if (abs >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

const HEADERS = ['name', 'value', 'unit', 'baseline', 'ratio', 'budget', 'pass/fail'] as const;

function cells(row: JudgedRow): string[] {
  return [
    row.name,
    formatNumber(row.value),
    row.unit,
    row.baseline ? `${formatNumber(row.baseline.value)} (${row.baseline.name})` : '',
    row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}×`,
    describeBudget(row.budget, row.unit),
    row.pass === undefined ? '' : row.pass ? 'pass' : 'FAIL',
  ];
}

export function formatTable(rows: readonly JudgedRow[]): string {
  const table = [HEADERS.slice(), ...rows.map(cells)];
  const widths = HEADERS.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  const numeric = new Set([1, 4]);
  const render = (line: string[]) =>
    line.map((cell, column) => (numeric.has(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ').trimEnd();
  return [render(table[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...table.slice(1).map(render)].join('\n');
}

export function markdownTable(rows: readonly JudgedRow[]): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  return [
    `| ${HEADERS.join(' | ')} |`,
    `|${HEADERS.map((_, i) => (i === 1 || i === 4 ? '---:' : '---')).join('|')}|`,
    ...rows.map((row) => `| ${cells(row).map(escape).join(' | ')} |`),
  ].join('\n');
}

export function describeMachine(machine: MachineInfo): string {
  return `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.platform}, ${machine.date.slice(0, 16).replace('T', ' ')} UTC, load average ${machine.loadAverage} at the start`;
}

/** The README's Performance section: how to reproduce, the machine, the table, and what could not be measured. */
export function performanceSection(report: BenchReport): string {
  const lines = [
    '## Performance',
    '',
    `Measured with \`${report.command}\` (a few minutes; loopback only). Every figure is measured side by side with its`,
    `baseline in the same run, in ${report.rounds} alternating rounds, and the median is shown: the machines are noisy, so`,
    'ratios are what to compare. The run writes `bench/results/latest.json` (with the machine) for comparison over time;',
    '`npm run bench -- startup api` runs some modules only, `--rounds 9` takes more rounds. The load and fault tests',
    '(50 connections for 10 s, misbehaving upstreams, malformed requests) are part of `npm test`; the bench is not.',
    'What each module measures, the notes on the runs and what the figures rest on: [bench/README.md](bench/README.md).',
    '',
    `Latest run: ${describeMachine(report.machine)}.`,
    '',
    markdownTable(report.rows),
  ];
  for (const failure of report.failures) lines.push('', `Not measured in this run: ${failure.module} (${failure.error.split('\n')[0]}).`);
  return lines.join('\n');
}
