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
import { DerivedFromTailwind, ProjectTailwindSource, type TailwindRead } from './project-tailwind-source.js';
import type { DetectedTailwind } from './project-tailwind.js';
import type { LoadedTailwind3 } from './tailwind3.js';

/** Tailwind 3's class list entries are names, or `[name, {modifiers}]` since 3.3. */
type Tailwind3ClassListEntry = string | [string, unknown];

function tailwind3Classes(tailwind: DetectedTailwind, config: LoadedTailwind3): string[] {
  try {
    // The route Tailwind 3's own editor tooling takes to the class list: a context made from the resolved config.
    const { createContext } = config.require(path.join(tailwind.packageDir, 'lib', 'lib', 'setupContextUtils.js')) as {
      createContext: (config: object) => { getClassList: () => Tailwind3ClassListEntry[] };
    };
    return createContext(config.resolved)
      .getClassList()
      .map((entry) => (typeof entry === 'string' ? entry : entry[0]));
  } catch (error) {
    throw appError('TAILWIND_ENTRY_FAILED', tailwind.config ?? tailwind.entry, (error as Error).message);
  }
}

async function classesOfRead({ tailwind, designSystem, config }: TailwindRead): Promise<string[]> {
  let names: string[] = [];
  if (designSystem) names = designSystem.value.getClassList().map(([name]) => name);
  else if (tailwind && config) names = tailwind3Classes(tailwind, config);
  return [...new Set(names)].sort().slice(0, TAILWIND_CLASS_LIMIT);
}

/** Lasting state: the list as last built, made again when the entry, a stylesheet it imports or the config changes. */
export class TailwindClassList {
  private readonly derived: DerivedFromTailwind<string[]>;

  constructor(root: string, source = new ProjectTailwindSource(root)) {
    this.derived = new DerivedFromTailwind(source, classesOfRead);
  }

  /** Concurrent first calls build the list once. */
  classes(): Promise<string[]> {
    return this.derived.value();
  }
}
