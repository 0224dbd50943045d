import { describe, expect, it } from 'vitest';
import { tailwind3ConfigProblem, tokenOfVariable } from './tailwind3-config-token.js';

describe("a Tailwind 3 config's writability (what the theme says the panel may edit)", () => {
  it('takes an object config in each of its shapes', () => {
    expect(tailwind3ConfigProblem('tailwind.config.cjs', 'module.exports = { theme: { extend: {} } };')).toBeNull();
    expect(tailwind3ConfigProblem('tailwind.config.ts', "import type { Config } from 'tailwindcss';\nexport default { content: [] } satisfies Config;")).toBeNull();
    expect(tailwind3ConfigProblem('tailwind.config.ts', 'const config: Config = { theme: {} };\nexport default config;')).toBeNull();
    expect(tailwind3ConfigProblem('tailwind.config.mjs', 'export default defineConfig({ theme: { extend: { colors: {} } } });')).toBeNull();
  });

  it('says why a config built by a function or a theme held in an expression cannot be written', () => {
    expect(tailwind3ConfigProblem('tailwind.config.js', 'export default () => ({ theme: {} });')).toBe(
      'tailwind.config.js cannot be written here: the config is built by a function, not written as an object',
    );
    expect(tailwind3ConfigProblem('tailwind.config.js', "const shared = require('./theme');\nmodule.exports = { theme: shared };")).toMatch(/theme is an expression \(shared\)/);
  });

  it('reads the scale and name of a token from its variable, the longest namespace first', () => {
    expect(tokenOfVariable('--font-weight-heavy')).toEqual({ scale: 'fontWeight', name: 'heavy' });
    expect(tokenOfVariable('--font-display')).toEqual({ scale: 'fontFamily', name: 'display' });
    expect(tokenOfVariable('--spacing-0\\.5')).toEqual({ scale: 'spacing', name: '0.5' });
    expect(tokenOfVariable('--color-brand-500')).toEqual({ scale: 'colors', name: 'brand-500' });
  });
});
