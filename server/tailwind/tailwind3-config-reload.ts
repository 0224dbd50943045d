/**
 * The served project's Tailwind 3 (3.3 and newer) reads its ES module config as it is now, after every change, as it
 * does under its own `vite` on Node before 20.19.
 *
 * Why it would not: Tailwind 3's loader `require`s the config first and falls back to jiti only when that throws. On
 * Node 20.19 and newer `require()` of an ES module succeeds, and Node keeps that module for the life of the process
 * (Tailwind drops its `require.cache` entry, but the ES module cache cannot be cleared). In the studio's long-lived
 * process a token written into `tailwind.config.js` would stay without CSS until a restart. So that one `require`
 * fails as it did on older Node, and Tailwind takes its own jiti path, whose modules it forgets on every change.
 * CommonJS and TypeScript configs are loaded fresh already (a cleared `require.cache`, or jiti) and are left alone.
 */
import { existsSync, readFileSync } from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import { isCommonJs } from './tailwind3.js';

type Load = (request: string, parent: { filename?: string | null } | null | undefined, isMain: boolean) => unknown;

/** Tailwind 3's config loader, `tailwindcss/lib/lib/load-config.js` (3.3 added it with its jiti fallback). */
const LOADER = path.join('lib', 'lib', 'load-config.js');

const loaders = new Map<string, boolean>();

function isTailwindLoader(file: string | null | undefined): boolean {
  if (!file?.endsWith(path.sep + LOADER)) return false;
  let known = loaders.get(file);
  if (known === undefined) {
    const manifest = path.join(file.slice(0, -LOADER.length), 'package.json');
    known = existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'tailwindcss';
    loaders.set(file, known);
  }
  return known;
}

/** Whether `request` is a config Node would load as an ES module (`.mjs`, or `.js` in a `"type": "module"` package). */
function isEsmConfig(request: string): boolean {
  return path.isAbsolute(request) && (request.endsWith('.mjs') || (request.endsWith('.js') && !isCommonJs(request)));
}

let installed = false;

/** Makes every Tailwind 3 of this process load ES module configs through its jiti fallback; once per process. */
export function loadTailwind3ConfigsFresh(): void {
  // Only a Node whose require() loads ES modules keeps them; on another, Tailwind's require throws by itself.
  if (installed || !process.features.require_module) return;
  installed = true;
  // Module._load is where every require() of CommonJS passes; Node has no public hook for require() on Node 20.
  const internals = Module as unknown as { _load: Load };
  const load = internals._load;
  internals._load = function studioTailwindConfigLoad(this: unknown, request, parent, isMain) {
    if (isEsmConfig(request) && isTailwindLoader(parent?.filename)) {
      throw Object.assign(new Error(`${request} is an ES module: Tailwind loads it with jiti so that each change is read`), { code: 'ERR_REQUIRE_ESM' });
    }
    return load.call(this, request, parent, isMain);
  };
}
