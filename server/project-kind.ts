/**
 * What kind of project a root is, told without loading Vite: the plantation console (the bundled one, or a copy
 * `init` made), or another Vite + React app, and why the studio cannot serve it when it cannot.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BUNDLED_CONSOLE_ROOT } from './package-info.js';
import { reactRouterFrameworkRefusal } from './react-router-framework.js';

/** The names Vite looks for, in its own order. */
const VITE_CONFIG_FILES = ['vite.config.js', 'vite.config.mjs', 'vite.config.ts', 'vite.config.cjs', 'vite.config.mts', 'vite.config.cts'];

/** The file `init` writes at the top of a console project it made, so `dev` in that folder finds it. */
export const PROJECT_MARKER = 'plantation-studio.json';

/** Whether `root` is the plantation console: the one bundled with the studio, or a copy `init` made (it has the marker). */
export function isConsoleProject(root: string): boolean {
  const same = (a: string, b: string) => {
    try {
      return realpathSync(a) === realpathSync(b);
    } catch {
      return a === b;
    }
  };
  return same(root, BUNDLED_CONSOLE_ROOT) || existsSync(join(root, PROJECT_MARKER));
}

/** Whether the studio runs from an installed package (npm's install folder, npx's cache), not from a checkout. */
export function isInstalledPackage(packageRoot: string): boolean {
  return packageRoot.split(/[\\/]/).includes('node_modules');
}

/** The project's `vite.config.*`, or null when it has none. */
export function findViteConfigFile(root: string): string | null {
  for (const name of VITE_CONFIG_FILES) {
    const file = join(root, name);
    if (existsSync(file)) return file;
  }
  return null;
}

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/**
 * Why the studio cannot serve `root` as a Vite + React project, or null when it can: no Vite config, no
 * package.json, or no `react` among its dependencies. Said at start, before anything else runs.
 */
export function projectRefusal(root: string): string | null {
  const framework = reactRouterFrameworkRefusal(root);
  if (framework) return framework;
  if (!existsSync(join(root, 'index.html'))) return `${root} has no index.html: it is not a Vite app (the studio serves Vite + React projects)`;
  if (!findViteConfigFile(root)) {
    return `${root} has no Vite config (vite.config.ts, .js, .mjs, …): the studio serves a Vite + React project with its own config`;
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
  } catch {
    return `${root} has no readable package.json: the studio needs a Vite + React project`;
  }
  const react = manifest.dependencies?.react ?? manifest.devDependencies?.react ?? manifest.peerDependencies?.react;
  if (!react) return `${root} is not a React project: its package.json has no "react" dependency`;
  try {
    // Found as Vite will find it: from the project, through its node_modules or a workspace's above it.
    createRequire(join(root, 'package.json')).resolve('react/package.json');
  } catch {
    return `${root} has no installed dependencies (react cannot be found from it): run your package manager's install there first (npm install)`;
  }
  return null;
}
