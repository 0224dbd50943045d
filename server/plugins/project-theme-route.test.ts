import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_SCALES, type ProjectTheme, type ThemeToken } from '../../contracts/project-theme.js';
import { createServer, type StudioServer } from '../create-server.js';
import { copyTree } from '../mutations/mutations-test-support.js';
import { BUNDLED_CONSOLE_ROOT } from '../package-info.js';

const MOCK = { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 60 } } as const;
const HOST = '127.0.0.1:4600';

describe("the project's theme, on a copy of the console", () => {
  let root: string;
  let app: StudioServer;

  const theme = async () => {
    const answer = await app.inject({ method: 'GET', url: '/_studio/api/theme', headers: { host: HOST } });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<ProjectTheme>();
  };
  const token = (found: ProjectTheme, scale: keyof ProjectTheme['scales'], name: string): ThemeToken | undefined =>
    found.scales[scale].find((entry) => entry.name === name);

  beforeAll(async () => {
    root = path.join(await mkdtemp(path.join(tmpdir(), 'plantation-studio-theme-')), 'console');
    copyTree(BUNDLED_CONSOLE_ROOT, root);
    app = await createServer({ api: MOCK, console: { kind: 'vite', root }, studio: true });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await rm(path.dirname(root), { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  it("answers the scales of the console's Tailwind 4 theme, resolved to literals, its own tokens marked", async () => {
    const found = await theme();
    expect(found.tailwind).toEqual({ version: 4, entry: 'src/styles.css' });
    expect(found.stylingFramework).toBe('Tailwind');
    expect(Object.keys(found.scales)).toEqual([...THEME_SCALES]);
    for (const scale of THEME_SCALES) expect(found.scales[scale].length, scale).toBeGreaterThan(0);

    // Tailwind's defaults: no declaredIn.
    expect(token(found, 'colors', 'slate-950')).toEqual({ name: 'slate-950', value: 'oklch(12.9% 0.042 264.695)', variable: '--color-slate-950' });
    // The console's own @theme overrides emerald-600 and adds a font.
    expect(token(found, 'colors', 'emerald-600')).toMatchObject({ value: '#00835d', declaredIn: 'src/styles.css' });
    expect(token(found, 'fontFamily', 'flag')).toMatchObject({ variable: '--font-flag', declaredIn: 'src/styles.css' });
    // `calc(var(--spacing) * 3)` and `calc(1.5 / 1)` as a developer reads them.
    expect(token(found, 'spacing', '3')).toEqual({ name: '3', value: '0.75rem' });
    expect(token(found, 'spacing', 'px')).toEqual({ name: 'px', value: '1px' });
    expect(found.scales.spacing.map((step) => step.name).slice(0, 5)).toEqual(['0', 'px', '0.5', '1', '1.5']);
    expect(token(found, 'fontSize', 'base')).toEqual({ name: 'base', value: '1rem', lineHeight: '1.5', variable: '--text-base' });
    expect(token(found, 'fontSize', '4xl')).toMatchObject({ value: '2.25rem', lineHeight: '1.1111' });
    expect(token(found, 'fontWeight', 'semibold')).toMatchObject({ value: '600' });
    expect(token(found, 'lineHeight', 'tight')).toMatchObject({ value: '1.25' });
    expect(token(found, 'letterSpacing', 'wide')).toMatchObject({ value: '0.025em' });
    expect(token(found, 'radius', 'lg')).toMatchObject({ value: '0.5rem', variable: '--radius-lg' });
    expect(token(found, 'shadow', 'sm')?.value).toContain('rgb(0 0 0 / 0.1)');
    expect(token(found, 'breakpoints', 'md')).toMatchObject({ value: '48rem' });
    // Sub-properties and neighbouring namespaces are not tokens of their own.
    expect(found.scales.fontSize.some((entry) => entry.name.includes('line-height') || entry.name.startsWith('shadow'))).toBe(false);
    expect(found.scales.fontFamily.some((entry) => entry.variable?.startsWith('--font-weight-'))).toBe(false);
  });

  it('reads the theme again when a stylesheet the entry imports changes, and only then', async () => {
    const first = await theme();
    expect(await theme()).toEqual(first);
    const entry = path.join(root, 'src', 'styles.css');
    fs.writeFileSync(path.join(root, 'src', 'brand.css'), '@theme {\n  --color-latex: #f5f0e1;\n  --spacing-gutter: 1.25rem;\n}\n');
    fs.writeFileSync(entry, `${fs.readFileSync(entry, 'utf8')}\n@import "./brand.css";\n`);
    const second = await theme();
    expect(token(second, 'colors', 'latex')).toEqual({ name: 'latex', value: '#f5f0e1', variable: '--color-latex', declaredIn: 'src/brand.css' });
    expect(token(second, 'spacing', 'gutter')).toMatchObject({ value: '1.25rem', declaredIn: 'src/brand.css' });

    fs.writeFileSync(path.join(root, 'src', 'brand.css'), '@theme {\n  --color-latex: #eee8d5;\n}\n');
    const third = await theme();
    expect(token(third, 'colors', 'latex')?.value).toBe('#eee8d5');
    expect(token(third, 'spacing', 'gutter')).toBeUndefined();
  });
});
