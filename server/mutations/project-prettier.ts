/**
 * Prettier runs on a changed file only when the edited project has a Prettier configuration of its own (DESIGN
 * §6): a configuration found above the root (the studio's own checkout, the home folder) does not count. The
 * configuration is looked for by name from the file's folder up to the root, which costs a few `stat` calls;
 * Prettier itself is loaded and asked only when one is there.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The file names Prettier 3 reads its configuration from (package.json counts when it has a `prettier` key). */
const CONFIG_NAMES = [
  '.prettierrc',
  '.prettierrc.json',
  '.prettierrc.yaml',
  '.prettierrc.yml',
  '.prettierrc.json5',
  '.prettierrc.js',
  '.prettierrc.mjs',
  '.prettierrc.cjs',
  '.prettierrc.ts',
  '.prettierrc.mts',
  '.prettierrc.cts',
  '.prettierrc.toml',
  'prettier.config.js',
  'prettier.config.mjs',
  'prettier.config.cjs',
  'prettier.config.ts',
  'prettier.config.mts',
  'prettier.config.cts',
];

function packageJsonHasPrettier(file: string): boolean {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && 'prettier' in parsed;
  } catch {
    return false;
  }
}

/** The nearest Prettier configuration between the file's folder and the root (inclusive), or null. */
export function projectPrettierConfig(root: string, absolute: string): string | null {
  for (let directory = path.dirname(absolute); ; directory = path.dirname(directory)) {
    const relative = path.relative(root, directory);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
    for (const name of CONFIG_NAMES) {
      const candidate = path.join(directory, name);
      if (fs.existsSync(candidate)) return candidate;
    }
    const packageJson = path.join(directory, 'package.json');
    if (fs.existsSync(packageJson) && packageJsonHasPrettier(packageJson)) return packageJson;
    if (relative === '') return null;
  }
}

export async function formatWithProjectPrettier(root: string, absolute: string, text: string): Promise<string | null> {
  const configFile = projectPrettierConfig(root, absolute);
  if (!configFile) return null;
  const prettier = await import('prettier');
  const options = await prettier.resolveConfig(absolute, { config: configFile, editorconfig: false });
  return prettier.format(text, { ...options, filepath: absolute });
}
