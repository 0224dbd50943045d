import { describe, expect, it } from 'vitest';
import { judge } from './bench-row.js';
import { describeMachine, formatNumber, formatTable, machineInfo, markdownTable, performanceSection } from './report.js';

describe('judge', () => {
  it('passes or fails a ratio against its budget, in the direction the budget says', () => {
    const base = { name: 'dev', unit: 'ms', baseline: { name: 'vite', value: 100 } };
    expect(judge({ ...base, value: 110, budget: { kind: 'ratio-max', limit: 1.15 } })).toMatchObject({ ratio: 1.1, pass: true });
    expect(judge({ ...base, value: 120, budget: { kind: 'ratio-max', limit: 1.15 } })).toMatchObject({ ratio: 1.2, pass: false });
    expect(judge({ ...base, value: 79, budget: { kind: 'ratio-min', limit: 0.8 } }).pass).toBe(false);
    expect(judge({ ...base, value: 80, budget: { kind: 'ratio-min', limit: 0.8 } }).pass).toBe(true);
  });
  it('checks a figure against an absolute budget, and leaves rows without a budget unjudged', () => {
    expect(judge({ name: 'js', value: 151, unit: 'KB', budget: { kind: 'value-max', limit: 150 } }).pass).toBe(false);
    expect(judge({ name: 'js', value: 90, unit: 'KB' }).pass).toBeUndefined();
  });
  it('fails a ratio budget when there is no baseline to divide by', () => {
    expect(judge({ name: 'x', value: 1, unit: 'ms', baseline: { name: 'b', value: 0 }, budget: { kind: 'ratio-max', limit: 2 } }).pass).toBe(false);
  });
});

describe('tables', () => {
  const rows = [
    judge({ name: 'dev: ready line', value: 702.4, unit: 'ms', baseline: { name: 'plain Vite', value: 640 }, budget: { kind: 'ratio-max', limit: 1.15 } }),
    judge({ name: 'initial JS | gzip', value: 96.456, unit: 'KB', budget: { kind: 'value-max', limit: 150 } }),
  ];
  it('prints aligned columns with the ratio, budget and verdict', () => {
    const lines = formatTable(rows).split('\n');
    expect(lines[0]).toMatch(/^name\s+value\s+unit\s+baseline\s+ratio\s+budget\s+pass\/fail$/);
    expect(lines[2]).toMatch(/dev: ready line\s+702\s+ms\s+640 \(plain Vite\)\s+1\.10×\s+≤ 1\.15×\s+pass/);
    expect(lines[3]).toMatch(/96\.5\s+KB.*≤ 150 KB\s+pass/);
  });
  it('escapes pipes in Markdown', () => {
    expect(markdownTable(rows)).toContain('initial JS \\| gzip');
    expect(markdownTable(rows).split('\n')).toHaveLength(4);
  });
  it('formats numbers by size', () => {
    expect(formatNumber(12345.6)).toBe('12,346');
    expect(formatNumber(12.345)).toBe('12.3');
    expect(formatNumber(1.2345)).toBe('1.23');
  });
});

describe('machine info', () => {
  it('names the CPU, cores, memory, Node and date', () => {
    const info = machineInfo(new Date('2026-01-02T03:04:05Z'));
    expect(info.cores).toBeGreaterThan(0);
    expect(info.node).toBe(process.version);
    expect(describeMachine(info)).toContain('2026-01-02 03:04 UTC');
  });
});

describe('the README section', () => {
  it('has the heading, the command, the machine, the table and what was not measured', () => {
    const report = {
      machine: machineInfo(new Date('2026-01-02T03:04:05Z')),
      command: 'npm run bench',
      rounds: 5,
      rows: [judge({ name: 'dev: ready line', value: 700, unit: 'ms', baseline: { name: 'plain Vite', value: 650 }, budget: { kind: 'ratio-max', limit: 1.15 } })],
      failures: [{ module: 'proxy', error: 'upstream did not start\nstack' }],
    };
    const section = performanceSection(report);
    expect(section.startsWith('## Performance\n')).toBe(true);
    expect(section).toContain('`npm run bench`');
    expect(section).toContain('2026-01-02 03:04 UTC');
    expect(section).toContain('| dev: ready line | 700 | ms | 650 (plain Vite) | 1.08× | ≤ 1.15× | pass |');
    expect(section).toContain('Not measured in this run: proxy (upstream did not start).');
  });
});
