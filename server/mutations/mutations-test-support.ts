/** Helpers shared by the engine's tests. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * SHA-256 of every file under `root` (symbolic links recorded as their target, not followed), so a test can
 * prove that nothing at all was written.
 */
export function hashTree(root: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  const walk = (directory: string): void => {
    for (const dirent of fs.readdirSync(directory, { withFileTypes: true })) {
      const absolute = path.join(directory, dirent.name);
      const relative = path.relative(root, absolute);
      if (dirent.isSymbolicLink()) hashes[relative] = `link:${fs.readlinkSync(absolute)}`;
      else if (dirent.isDirectory()) walk(absolute);
      else hashes[relative] = createHash('sha256').update(fs.readFileSync(absolute)).digest('hex');
    }
  };
  walk(root);
  return hashes;
}

/** Copies a folder (files and folders only), leaving out dependencies and build output. */
export function copyTree(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const dirent of fs.readdirSync(from, { withFileTypes: true })) {
    if (dirent.name === 'node_modules' || dirent.name === 'dist') continue;
    const source = path.join(from, dirent.name);
    const target = path.join(to, dirent.name);
    if (dirent.isDirectory()) copyTree(source, target);
    else if (dirent.isFile()) fs.copyFileSync(source, target);
  }
}
