/** The theme panel's readers of themes other than Tailwind's: MUI's `createTheme`, Bootstrap's variables, Chakra's tokens, on real files. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readBootstrapScales, readBootstrapTheme } from './bootstrap-theme.js';
import { fixtureProject } from '../../test-support/fixture-project.js';
import { readChakraScales } from './chakra-theme.js';
import { readMuiScales } from './mui-theme.js';
import { themeCallArgument } from './theme-call.js';

let root: string | undefined;

afterEach(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function project(files: Record<string, string>): string {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'theme-readers-'));
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

  it('follows createTheme imported under another name through re-exports, functions and an installed package', () => {
    const dir = project({
      'node_modules/palette-kit/package.json': JSON.stringify({ name: 'palette-kit', main: 'index.cjs' }),
      'node_modules/palette-kit/index.cjs': "exports.withChannels = (colour) => ({ ...colour, mainChannel: '24 119 242' });\n",
      'src/theme/config.ts': "export const themeConfig = { palette: { primary: { main: '#1877f2', dark: '#0c44ae' } }, radius: 8 };\n",
      'src/theme/core/palette.ts': [
        "import { withChannels } from 'palette-kit';",
        "import { themeConfig } from '../config';",
        'export const primary = withChannels(themeConfig.palette.primary);',
        "const grey = { 500: '#919eab' };",
        'export function palette(mode = \'light\') {',
        "  const base = { primary, grey, divider: grey[500] };",
        "  return { ...base, mode, secondary: { main: pickSecondary() } };",
        '}',
        '',
      ].join('\n'),
      'src/theme/core/index.ts': "export * from './palette';\nexport { themeConfig as config } from '../config';\n",
      'src/theme/create-theme.ts': [
        "import { createTheme as createMuiTheme } from '@mui/material/styles';",
        "import { palette, config } from './core';",
        'const shape = () => ({ borderRadius: config.radius });',
        'export const baseTheme = { colorSchemes: { light: { palette: palette() } }, shape: shape() };',
        'export function createTheme({ overrides = {} } = {}) {',
        '  return createMuiTheme(baseTheme, overrides);',
        '}',
        '',
      ].join('\n'),
      'src/theme/provider.tsx': "import { createTheme } from './create-theme';\nexport const theme = createTheme({ overrides: {} });\n",
    });
    const scales = readMuiScales(dir);
    expect(colour(scales, 'primary.main')).toEqual({ name: 'primary.main', value: '#1877f2', declaredIn: 'src/theme/create-theme.ts' });
    expect(colour(scales, 'primary.dark')?.value).toBe('#0c44ae');
    // The package's channel is no colour; a value only running code tells stays at MUI's default.
    expect(colour(scales, 'primary.mainChannel')).toBeUndefined();
    expect(colour(scales, 'grey.500')?.value).toBe('#919eab');
    expect(colour(scales, 'divider')?.value).toBe('#919eab');
    expect(colour(scales, 'secondary.main')).toEqual({ name: 'secondary.main', value: '#9c27b0' });
    const read = themeCallArgument(dir, new Set(['createTheme']));
    expect(read?.relative).toBe('src/theme/create-theme.ts');
    expect(read?.unread).toContainEqual({ at: 'src/theme/core/palette.ts:7', reason: 'pickSecondary is no function the reader can follow' });
  });
});

describe("a Bootstrap project's theme", () => {
  it("is its Sass variables over Bootstrap's defaults, a variable followed to the colour it names", () => {
    const dir = project({
      'src/main.tsx': "import './scss/style.scss';\n",
      'src/scss/_variables.scss': '$brand: #2e5e4e;\n$primary: $brand !default;\n$secondary: $orange;\n$spacer: 1.25rem;\n$danger: darken($red, 10%);\n$success: #123456;\n$success: #654321 !default;\n',
      'src/scss/style.scss': "@import 'variables';\n@import 'bootstrap/scss/bootstrap';\n",
      'node_modules/bootstrap/scss/_variables.scss': '$primary: $blue !default;\n',
    });
    const { scales, unread } = readBootstrapTheme(dir);
    const colour = (name: string) => scales.colors?.find((token) => token.name === name);
    expect(colour('primary')).toEqual({ name: 'primary', value: '#2e5e4e', declaredIn: 'src/scss/_variables.scss' });
    expect(colour('secondary')).toEqual({ name: 'secondary', value: '#fd7e14', declaredIn: 'src/scss/_variables.scss' });
    // A plain assignment sets the variable; a later `!default` one only where nothing had.
    expect(colour('success')).toEqual({ name: 'success', value: '#123456', declaredIn: 'src/scss/_variables.scss' });
    // Worked out by a Sass function: Bootstrap's default stays, and where and why is told.
    expect(colour('danger')).toEqual({ name: 'danger', value: '#dc3545' });
    expect(unread).toContainEqual({ at: 'src/scss/_variables.scss:5', reason: '$danger is `darken($red, 10%)`, which only Sass works out' });
    expect(scales.spacing?.find((token) => token.name === '3')).toEqual({ name: '3', value: '1.25rem', declaredIn: 'src/scss/_variables.scss' });
    expect(scales.breakpoints?.find((token) => token.name === 'md')?.value).toBe('768px');
  });

  it("is what Sass has set when the installed Bootstrap's variables run: an override imported after them does not win", () => {
    const scales = readBootstrapScales(
      project({
        'package.json': JSON.stringify({ dependencies: { bootstrap: '^5.3.0' } }),
        'src/main.tsx': "import './styles/app.scss';\n",
        // Bootstrap's documented order: its functions, then the project's variables, then its own.
        'src/styles/app.scss': '@import "~bootstrap/scss/functions";\n@import "theme";\n@import "~bootstrap/scss/variables";\n@import "bootstrap/scss/utilities";\n@import "overrides";\n',
        'src/styles/theme/_index.scss': '$primary: #2e5e4e !default;\n$info: $teal;\n',
        'src/styles/_overrides.scss': '$primary: #ff0000;\n$warning: #ff0000;\n.btn { $secondary: #00ff00; }\n',
        'node_modules/bootstrap/scss/_functions.scss': '@function tint-color($color, $weight) { @return mix(white, $color, $weight); }\n',
        'node_modules/bootstrap/scss/_variables.scss': '$blue: #0d6efd !default;\n$teal: #20c997 !default;\n$primary: $blue !default;\n$warning: #ffc107 !default;\n$theme-colors: (\n  "primary": $primary,\n) !default;\n',
        'node_modules/bootstrap/scss/_utilities.scss': '$utilities: () !default;\n',
      }),
    );
    const colour = (name: string) => scales.colors?.find((token) => token.name === name);
    expect(colour('primary')).toEqual({ name: 'primary', value: '#2e5e4e', declaredIn: 'src/styles/theme/_index.scss' });
    expect(colour('info')).toEqual({ name: 'info', value: '#20c997', declaredIn: 'src/styles/theme/_index.scss' });
    expect(colour('warning')).toEqual({ name: 'warning', value: '#ffc107' });
    expect(colour('secondary')).toEqual({ name: 'secondary', value: '#6c757d' });
  });

  it("is a @use of Bootstrap configured by its with (…), which a variable set before the @use does not configure", () => {
    const scales = readBootstrapScales(
      project({
        'package.json': JSON.stringify({ dependencies: { bootstrap: '^5.3.0' } }),
        'src/index.tsx': "import './index.scss';\n",
        'src/index.scss': "$secondary: #123456;\n@use 'bootstrap' with (\n  $primary: #2e5e4e,\n  $spacer: 1.5rem\n);\n",
        'node_modules/bootstrap/package.json': JSON.stringify({ name: 'bootstrap', sass: 'scss/bootstrap.scss', style: 'dist/css/bootstrap.css' }),
        'node_modules/bootstrap/scss/bootstrap.scss': '@import "variables";\n',
        'node_modules/bootstrap/scss/_variables.scss': '$primary: #0d6efd !default;\n$secondary: #6c757d !default;\n$spacer: 1rem !default;\n',
      }),
    );
    expect(scales.colors?.find((token) => token.name === 'primary')).toEqual({ name: 'primary', value: '#2e5e4e', declaredIn: 'src/index.scss' });
    expect(scales.colors?.find((token) => token.name === 'secondary')).toEqual({ name: 'secondary', value: '#6c757d' });
    expect(scales.spacing?.find((token) => token.name === '3')).toEqual({ name: '3', value: '1.5rem', declaredIn: 'src/index.scss' });
  });

  it('counts no stylesheet that no script of the project reaches', () => {
    const scales = readBootstrapScales(
      project({
        'src/main.tsx': "import './app.scss';\n",
        'src/app.scss': "@import 'bootstrap/scss/bootstrap';\n",
        'src/legacy/theme.scss': '$primary: #ff0000;\n$info: #ff0000;\n@import "bootstrap/scss/bootstrap";\n',
        'src/scss/_unused.scss': '$success: #ff0000;\n',
      }),
    );
    const colour = (name: string) => scales.colors?.find((token) => token.name === name);
    expect(colour('primary')).toEqual({ name: 'primary', value: '#0d6efd' });
    expect(colour('info')).toEqual({ name: 'info', value: '#0dcaf0' });
    expect(colour('success')).toEqual({ name: 'success', value: '#198754' });
  });

  it("is CoreUI's own Sass variables under the project's, as Sass applies their !default", () => {
    const scales = readBootstrapScales(
      project({
        'package.json': JSON.stringify({ dependencies: { '@coreui/react': '^5.0.0' } }),
        'node_modules/@coreui/coreui/scss/_variables.scss': '$gray-100: #f3f4f7 !default;\n$primary: #5856d6 !default;\n$info: #39f !default;\n$light: $gray-100 !default;\n$success: #1b9e3e !default;\n',
        'node_modules/@coreui/coreui/scss/coreui.scss': '@use "banner";\n@forward "variables";\n',
        'node_modules/@coreui/coreui/scss/_banner.scss': '$info: #000 !default;\n',
        'src/App.jsx': "import './scss/style.scss'\n",
        'src/scss/style.scss': '@use "@coreui/coreui/scss/coreui" as * with (\n  $info: rgba(51, 153, 255, 0.9),\n  $enable-deprecation-messages: false,\n);\n',
        'src/scss/_brand.scss': '$success: #2e5e4e;\n',
      }),
    );
    const colour = (name: string) => scales.colors?.find((token) => token.name === name);
    expect(colour('primary')).toEqual({ name: 'primary', value: '#5856d6' });
    expect(colour('light')).toEqual({ name: 'light', value: '#f3f4f7' });
    expect(colour('info')).toEqual({ name: 'info', value: 'rgba(51, 153, 255, 0.9)', declaredIn: 'src/scss/style.scss' });
    expect(colour('success')).toEqual({ name: 'success', value: '#1b9e3e' });
    expect(colour('danger')).toEqual({ name: 'danger', value: '#dc3545' });
  });

  it("is Bootstrap's own where the project imports its CSS as is", () => {
    const scales = readBootstrapScales(project({ 'src/main.tsx': "import 'bootstrap/dist/css/bootstrap.min.css';\n" }));
    expect(scales.colors?.find((token) => token.name === 'primary')).toEqual({ name: 'primary', value: '#0d6efd' });
    expect(scales.spacing?.map((token) => token.value)).toEqual(['0', '0.25rem', '0.5rem', '1rem', '1.5rem', '3rem']);
  });
});

describe("a Chakra project's tokens", () => {
  it("are Chakra 3's createSystem config tokens, through a defineConfig of another module", () => {
    const scales = readChakraScales(
      project({
        'src/theme/config.ts': "import { defineConfig } from '@chakra-ui/react';\nexport const config = defineConfig({ theme: { tokens: { colors: { brand: { 500: { value: '#2e5e4e' }, 700: { value: '#1f4d1b' } } }, radii: { card: { value: '12px' } } } } });\n",
        'src/theme/index.ts': "import { createSystem, defaultConfig } from '@chakra-ui/react';\nimport { config } from './config';\nexport const system = createSystem(defaultConfig, config);\n",
      }),
    );
    expect(scales.colors).toEqual([
      { name: 'brand.500', value: '#2e5e4e', declaredIn: 'src/theme/index.ts' },
      { name: 'brand.700', value: '#1f4d1b', declaredIn: 'src/theme/index.ts' },
    ]);
    expect(scales.radius).toEqual([{ name: 'card', value: '12px', declaredIn: 'src/theme/index.ts' }]);
  });

  it("are Chakra 2's extendTheme colours, and none where the project keeps Chakra's default system", () => {
    const v2 = readChakraScales(project({ 'src/theme.ts': "import { extendTheme } from '@chakra-ui/react';\nexport default extendTheme({ colors: { brand: { 100: '#e3f2ec' } }, fontSizes: { huge: '4rem' } });\n" }));
    expect(v2.colors).toEqual([{ name: 'brand.100', value: '#e3f2ec', declaredIn: 'src/theme.ts' }]);
    expect(v2.fontSize).toEqual([{ name: 'huge', value: '4rem', declaredIn: 'src/theme.ts' }]);
    fs.rmSync(root!, { recursive: true, force: true });
    expect(readChakraScales(project({ 'src/main.tsx': "import { defaultSystem } from '@chakra-ui/react';\n" }))).toEqual({});
  });

  it("are followed by Chakra's built-in tokens from the project's installed Chakra, the project's own first", async () => {
    const chakra = await fixtureProject('chakra-app');
    try {
      const scales = readChakraScales(chakra.root);
      expect(scales.colors?.find((token) => token.name === 'blue.500')).toEqual({ name: 'blue.500', value: '#3b82f6' });
      expect(scales.spacing?.find((token) => token.name === '4')).toEqual({ name: '4', value: '1rem' });
      expect(scales.fontSize?.find((token) => token.name === 'lg')).toEqual({ name: 'lg', value: '1.125rem' });
      const declared = scales.colors?.findIndex((token) => token.declaredIn !== undefined) ?? -1;
      const builtIn = scales.colors?.findIndex((token) => token.declaredIn === undefined) ?? -1;
      if (declared >= 0) expect(declared).toBeLessThan(builtIn);
    } finally {
      await chakra.remove();
    }
  });
});
