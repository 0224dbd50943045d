/**
 * A Tailwind 3 project served by the real CLI (from `dist/`, so run `npm run build` first): a colour added to its
 * config reaches the CSS its Vite serves with no restart, whatever kind of module the config is (ES module `.js` and
 * `.mjs`, CommonJS, TypeScript). The config is written as the studio's token writer or the developer's editor does.
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureProject, type FixtureProject } from '../../test-support/fixture-project.js';
import { startStudioCli, type ReadyProcess } from '../../test-support/spawn-ready.js';

const START_TIMEOUT_MS = 60_000;

/** The fixture's ES module config as each kind of module: its file name and its text. */
const CONFIGS = [
  { name: 'tailwind.config.js', text: (esm: string) => esm },
  { name: 'tailwind.config.mjs', text: (esm: string) => esm },
  { name: 'tailwind.config.cjs', text: (esm: string) => esm.replace('export default', 'module.exports =') },
  { name: 'tailwind.config.ts', text: (esm: string) => esm.replace('export default {', 'const config: Record<string, unknown> = {').concat('export default config;\n') },
] as const;

describe.each(CONFIGS)('a Tailwind 3 project whose config is $name', ({ name, text }) => {
  let project: FixtureProject | undefined;
  let studio: ReadyProcess | undefined;
  afterEach(async () => {
    await studio?.stop();
    await project?.remove();
  });

  it(
    'serves the CSS of a colour added to the config while the studio runs',
    async () => {
      project = await fixtureProject('tailwind3-postcss');
      const esm = await readFile(join(project.root, 'tailwind.config.js'), 'utf8');
      await rm(join(project.root, 'tailwind.config.js'));
      const config = join(project.root, name);
      await writeFile(config, text(esm));
      await writeFile(join(project.root, 'src', 'Swatch.tsx'), 'export const Swatch = () => <p className="bg-brand-500">Swatch</p>;\n');
      studio = await startStudioCli(['--root', project.root, '--port', '0'], { timeoutMs: START_TIMEOUT_MS });
      const css = async () => (await fetch(`${studio!.match}/src/index.css`)).text();
      expect(await css()).toContain('.bg-brand');
      expect(await css()).not.toContain('.bg-brand-500');

      // Written beside and renamed over, as the studio writes a file: one change event with the whole text.
      await writeFile(`${config}.new`, text(esm).replace("dark: '#134e4a',\n", "dark: '#134e4a',\n          500: '#14b8a6',\n"));
      await rename(`${config}.new`, config);
      await expect.poll(css, { timeout: 20_000 }).toMatch(/\.bg-brand-500\s*\{[^}]*rgb\(20 184 166/);
    },
    START_TIMEOUT_MS + 40_000,
  );
});
