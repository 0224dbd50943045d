/**
 * Prettier runs on a changed file only when the edited project has a Prettier configuration of its own (DESIGN
 * §6): a configuration found above the root (the studio's own checkout, the home folder) does not count.
 */
import path from 'node:path';

export async function formatWithProjectPrettier(root: string, absolute: string, text: string): Promise<string | null> {
  const prettier = await import('prettier');
  const configFile = await prettier.resolveConfigFile(absolute);
  if (!configFile) return null;
  const relative = path.relative(root, configFile);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const options = await prettier.resolveConfig(absolute, { config: configFile, editorconfig: false });
  return prettier.format(text, { ...options, filepath: absolute });
}
