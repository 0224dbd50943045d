/**
 * The project's Tailwind class vocabulary (`GET /_studio/api/tailwind/classes`), for the editor's suggestions as a
 * designer types a class: every utility the project's own Tailwind lists — Tailwind 4's design system of the CSS
 * entry the page loads (its theme, custom utilities and plugins included), or a Tailwind 3 project's context made
 * from its config. A project without Tailwind has none. Built once per server and again only when the entry, a
 * stylesheet it imports or the config changes.
 */
import path from 'node:path';
import { TAILWIND_CLASS_LIMIT } from '../../contracts/studio-api.js';
import { appError } from '../../contracts/errors.js';
import { detectProjectTailwind, type DetectedTailwind } from '../tailwind/project-tailwind.js';
import { isStale, type Stamps } from '../tailwind/stylesheet-stamps.js';
import { loadDesignSystem } from '../tailwind/tailwind4.js';

interface Built {
  classes: string[];
  /** What the list was built from (the page's way to the entry, the entry and its imports, the config). */
  stamps: Stamps;
}

/** Tailwind 3's class list entries are names, or `[name, {modifiers}]` since 3.3. */
type Tailwind3ClassListEntry = string | [string, unknown];

async function tailwind3Classes(tailwind: DetectedTailwind): Promise<{ names: string[]; stamps: Stamps }> {
  const { loadTailwind3 } = await import('../tailwind/tailwind3.js');
  const loaded = await loadTailwind3(tailwind);
  try {
    // The route Tailwind 3's own editor tooling takes to the class list: a context made from the resolved config.
    const { createContext } = loaded.require(path.join(tailwind.packageDir, 'lib', 'lib', 'setupContextUtils.js')) as {
      createContext: (config: object) => { getClassList: () => Tailwind3ClassListEntry[] };
    };
    const names = createContext(loaded.resolved)
      .getClassList()
      .map((entry) => (typeof entry === 'string' ? entry : entry[0]));
    return { names, stamps: loaded.stamps };
  } catch (error) {
    throw appError('TAILWIND_ENTRY_FAILED', tailwind.config ?? tailwind.entry, (error as Error).message);
  }
}

async function loadClassList(root: string): Promise<Built> {
  const detection = await detectProjectTailwind(root);
  const { tailwind } = detection;
  if (!tailwind) return { classes: [], stamps: detection.stamps };
  let built: { names: string[]; stamps: Stamps };
  if (tailwind.version === 3) {
    built = await tailwind3Classes(tailwind);
  } else {
    const loaded = await loadDesignSystem({ entry: tailwind.entryPath, entryName: tailwind.entry, packageDir: tailwind.packageDir });
    built = { names: loaded.value.getClassList().map(([name]) => name), stamps: loaded.stamps };
  }
  return {
    classes: [...new Set(built.names)].sort().slice(0, TAILWIND_CLASS_LIMIT),
    stamps: new Map([...detection.stamps, ...built.stamps]),
  };
}

/** Lasting state: the list as last built (or being built), with what it was built from. */
export class TailwindClassList {
  private built: Promise<Built> | undefined;

  constructor(private readonly root: string) {}

  /** Each call waits for the one before it, so concurrent first calls build the list once. */
  classes(): Promise<string[]> {
    const before = this.built;
    const next = (async () => {
      // A failed build was reported to the request that asked; this one tries again.
      const previous = await before?.catch(() => undefined);
      if (previous && !(await isStale(previous.stamps))) return previous;
      return loadClassList(this.root);
    })();
    this.built = next;
    return next.then((built) => built.classes);
  }
}
