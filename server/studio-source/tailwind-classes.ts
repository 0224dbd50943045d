/**
 * The project's Tailwind class vocabulary (`GET /_studio/api/tailwind/classes`), for the editor's suggestions as a
 * designer types a class: every utility Tailwind's design system lists for the project's own CSS entry (its theme,
 * custom utilities and plugins included). Built once per server and again only when the entry changes.
 */
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { TAILWIND_CLASS_LIMIT } from '../../contracts/studio-api.js';
import { appError } from '../../contracts/errors.js';
import { PACKAGE_ROOT } from '../package-info.js';
import { TAILWIND_ENTRY } from '../tailwind/tailwind-css.js';

const studioRequire = createRequire(path.join(PACKAGE_ROOT, 'package.json'));

/**
 * Where an `@import` of the entry leads. `tailwindcss` is the studio's own Tailwind, as in the console's Vite config
 * and the CSS helper: a console made by `init` has no node_modules of its own.
 */
function stylesheetPath(id: string, base: string): string {
  if (id === 'tailwindcss') return studioRequire.resolve('tailwindcss/index.css');
  if (id.startsWith('.') || path.isAbsolute(id)) return path.resolve(base, id);
  try {
    return createRequire(path.join(base, 'package.json')).resolve(id);
  } catch {
    return studioRequire.resolve(id);
  }
}

async function stampOf(file: string): Promise<string> {
  const info = await stat(file).catch(() => undefined);
  return info ? `${info.mtimeMs}:${info.size}` : 'missing';
}

interface Built {
  classes: string[];
  /** The entry and every stylesheet it imports, as they were when the list was built. */
  stamps: Map<string, string>;
}

async function loadClassList(entry: string): Promise<Built> {
  const stamps = new Map([[entry, await stampOf(entry)]]);
  let css: string;
  try {
    css = await readFile(entry, 'utf8');
  } catch {
    throw appError('NOT_FOUND', `The project's Tailwind entry ${TAILWIND_ENTRY}`);
  }
  const [{ __unstable__loadDesignSystem }, { loadModule }] = await Promise.all([import('tailwindcss'), import('@tailwindcss/node')]);
  let names: string[];
  try {
    const designSystem = await __unstable__loadDesignSystem(css, {
      base: path.dirname(entry),
      from: entry,
      loadStylesheet: async (id, base) => {
        const file = stylesheetPath(id, base);
        stamps.set(file, await stampOf(file));
        return { path: file, base: path.dirname(file), content: await readFile(file, 'utf8') };
      },
      loadModule: (id, base) => loadModule(id, base, () => undefined),
    });
    names = designSystem.getClassList().map(([name]) => name);
  } catch (error) {
    throw appError('TAILWIND_ENTRY_FAILED', TAILWIND_ENTRY, (error as Error).message);
  }
  return { classes: [...new Set(names)].sort().slice(0, TAILWIND_CLASS_LIMIT), stamps };
}

async function isStale(built: Built): Promise<boolean> {
  for (const [file, stamp] of built.stamps) if ((await stampOf(file)) !== stamp) return true;
  return false;
}

/** Lasting state: the list as last built (or being built), with what it was built from. */
export class TailwindClassList {
  private readonly entry: string;
  private built: Promise<Built> | undefined;

  constructor(root: string) {
    this.entry = path.join(root, ...TAILWIND_ENTRY.split('/'));
  }

  /** Each call waits for the one before it, so concurrent first calls build the list once. */
  classes(): Promise<string[]> {
    const before = this.built;
    const next = (async () => {
      // A failed build was reported to the request that asked; this one tries again.
      const previous = await before?.catch(() => undefined);
      if (previous && !(await isStale(previous))) return previous;
      return loadClassList(this.entry);
    })();
    this.built = next;
    return next.then((built) => built.classes);
  }
}
