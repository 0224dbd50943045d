/**
 * The folders a change makes for a file it creates, and their removal (only while empty, only inside the root) when
 * the file goes again. Also the order a change's files are written in.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isRealFolderInRoot } from './safe-paths.js';

/**
 * The order a change's files are written in. Why: the frame's Vite reloads each file as it lands, so a file the
 * change creates (a stylesheet made for a CSS rule) must be there before the file that now imports it, and a file it
 * removes (that stylesheet, undone) must go only after the import of it is gone. Otherwise the page briefly imports
 * a file that is not there, and shows Vite's error overlay.
 */
export function inWriteOrder<R>(revisions: readonly R[], target: (revision: R) => string | null, origin?: (revision: R) => string | null): R[] {
  const rank = (revision: R) => (target(revision) === null ? 2 : origin?.(revision) === null ? 0 : 1);
  return [...revisions].sort((a, b) => rank(a) - rank(b));
}

/** The folders between the root and a file that do not exist yet, deepest first (writing the file makes them). */
export function missingFolders(root: string, absolute: string): string[] {
  const missing: string[] = [];
  for (let folder = path.dirname(absolute); folder !== root && folder.startsWith(root + path.sep); folder = path.dirname(folder)) {
    if (fs.existsSync(folder)) break;
    missing.push(folder);
  }
  return missing;
}

/**
 * Removes each folder, deepest first, while it is empty (a folder something else has put a file in stays), and only
 * while it is a folder of the root reached through no link.
 */
export function removeEmptyFolders(root: string, folders: readonly string[]): void {
  for (const folder of folders) {
    if (!fs.lstatSync(folder, { throwIfNoEntry: false })) continue;
    if (!isRealFolderInRoot(root, folder)) return;
    try {
      fs.rmdirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return;
    }
  }
}
