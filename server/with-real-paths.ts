/** `withRealPaths(folders)`: a folder and where it really is, when a link leads there (Vite compares real paths too). */
import { realpathSync } from 'node:fs';

export function withRealPaths(folders: readonly string[]): string[] {
  const all = new Set<string>();
  for (const folder of folders) {
    all.add(folder);
    try {
      all.add(realpathSync(folder));
    } catch {
      // Not there: Vite serves nothing from it either.
    }
  }
  return [...all];
}
