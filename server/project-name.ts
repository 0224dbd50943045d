/**
 * The name the studio gives a project that is not the console, in words and titles: its package.json `name`
 * (without an npm scope), or none (then "the project"). Told from the files, at the studio page's request.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isConsoleProject } from './project-kind.js';

/** `undefined` for the console, `''` for a project without a usable name. */
export function projectNameOf(root: string): string | undefined {
  if (isConsoleProject(root)) return undefined;
  try {
    const { name } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name?: unknown };
    return typeof name === 'string' ? name.replace(/^@[^/]+\//, '').trim().slice(0, 80) : '';
  } catch {
    return '';
  }
}

