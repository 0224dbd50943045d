/**
 * Where this package lives and what version it is, whether it runs from source (vitest, tsx) or from `dist/`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(from: string): string {
  let dir = from;
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (pkg.name === 'plantation-studio') return dir;
    } catch {
      // no package.json here: keep climbing
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('plantation-studio: cannot find its own package.json');
    dir = parent;
  }
}

export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

export const PACKAGE_VERSION = (
  JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

/** The console that ships with the studio: served when no `--root` is given, copied by `init`. */
export const BUNDLED_CONSOLE_ROOT = join(PACKAGE_ROOT, 'client', 'console');

export const CONTRACTS_ROOT = join(PACKAGE_ROOT, 'contracts');
