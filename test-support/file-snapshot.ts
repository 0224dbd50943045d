/**
 * What the tests compare to show that a request wrote nothing: every file and link under a folder with a hash of its
 * bytes (and its mode), so two equal snapshots mean no byte, file, link or permission changed.
 */
import { createHash } from 'node:crypto';
import { lstat, readdir, readFile, readlink } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** What Vite itself writes in a project it serves (its dependency cache, the router's generated tree): not ours. */
export const VITE_OWNED = [/(?:^|\/)node_modules\/\.vite(?:\/|$)/, /(?:^|\/)src\/routeTree\.gen\.ts$/];

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Every file and link under `base` (root-relative, `/`-separated) with its mode and a hash of its content. */
export async function fileSnapshot(base: string, skip: readonly RegExp[] = VITE_OWNED): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  const walk = async (dir: string) => {
    for (const name of await readdir(dir)) {
      const path = join(dir, name);
      const rel = relative(base, path).split('\\').join('/');
      if (skip.some((pattern) => pattern.test(rel))) continue;
      const info = await lstat(path);
      if (info.isSymbolicLink()) result[rel] = `link:${await readlink(path)}`;
      else if (info.isDirectory()) await walk(path);
      else result[rel] = `${(info.mode & 0o777).toString(8)} ${sha256(await readFile(path))}`;
    }
  };
  await walk(base);
  return result;
}
