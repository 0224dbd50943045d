import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readMuiScales } from './mui-theme.js';

let root: string | undefined;

afterEach(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function project(files: Record<string, string>): string {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mui-theme-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const colour = (scales: ReturnType<typeof readMuiScales>, name: string) => scales.colors?.find((token) => token.name === name);

describe("a MUI project's theme", () => {
  it('is read through a palette const of the file, a spread and a module it imports', () => {
    const scales = readMuiScales(
      project({
        'src/palette.ts': "export const brand = { main: '#2e5e4e', dark: '#1f4d1b' };\nexport default { warning: { main: '#c77d32' } };\n",
        'src/theme.ts': [
          "import { createTheme } from '@mui/material/styles';",
          "import extra, { brand } from './palette';",
          '',
          "const palette = { ...extra, primary: brand, secondary: { main: '#9a3412' } };",
          'const base = { palette, spacing: 4 };',
          '',
          "export const theme = createTheme({ ...base, breakpoints: { values: { md: 960 } } });",
          '',
        ].join('\n'),
      }),
    );
    expect(colour(scales, 'primary.main')).toEqual({ name: 'primary.main', value: '#2e5e4e', declaredIn: 'src/theme.ts' });
    expect(colour(scales, 'primary.dark')?.value).toBe('#1f4d1b');
    expect(colour(scales, 'secondary.main')?.value).toBe('#9a3412');
    expect(colour(scales, 'warning.main')?.value).toBe('#c77d32');
    expect(scales.spacing?.find((token) => token.name === '2')?.value).toBe('8px');
    expect(scales.breakpoints?.find((token) => token.name === 'md')?.value).toBe('960px');
  });

  it('merges the arguments of createTheme(base, {…}) as MUI does, and leaves what only code tells at the defaults', () => {
    const scales = readMuiScales(
      project({
        'src/theme.ts': [
          "import { createTheme } from '@mui/material/styles';",
          "const base = createTheme({ palette: { primary: { main: '#2e5e4e', light: '#6b8f83' } } });",
          "export const theme = createTheme(base, { palette: { primary: { main: '#123456' }, secondary: { main: pick() } } });",
          '',
        ].join('\n'),
      }),
    );
    expect(colour(scales, 'primary.main')?.value).toBe('#123456');
    expect(colour(scales, 'primary.light')?.value).toBe('#6b8f83');
    expect(colour(scales, 'secondary.main')).toEqual({ name: 'secondary.main', value: '#9c27b0' });
  });
});
