/**
 * The project's Tailwind as read from disk, for the readers that need its description rather than its compiler:
 * the theme and the class vocabulary. One read serves both (a Tailwind 4 design system or a Tailwind 3 config
 * costs a few hundred milliseconds), and is done again only when what it was read from changes.
 */
import { detectProjectTailwind, type DetectedTailwind } from './project-tailwind.js';
import { isStale, type Stamps } from './stylesheet-stamps.js';
import { loadDesignSystem, type DesignSystem, type Loaded } from './tailwind4.js';
import type { LoadedTailwind3 } from './tailwind3.js';

export interface TailwindRead {
  tailwind: DetectedTailwind | null;
  /** Tailwind 4: the design system of the entry, with the stylesheets it read. */
  designSystem: Loaded<DesignSystem> | null;
  /** Tailwind 3: the project's config, loaded and resolved by its own Tailwind. */
  config: LoadedTailwind3 | null;
  /** Everything the read rests on: the page's way to the entry, the entry and its imports, the config. */
  stamps: Stamps;
}

export async function readProjectTailwind(root: string): Promise<TailwindRead> {
  const detection = await detectProjectTailwind(root);
  const { tailwind } = detection;
  if (!tailwind) return { tailwind, designSystem: null, config: null, stamps: detection.stamps };
  if (tailwind.version === 3) {
    const { loadTailwind3 } = await import('./tailwind3.js');
    const config = await loadTailwind3(tailwind);
    return { tailwind, designSystem: null, config, stamps: new Map([...detection.stamps, ...config.stamps]) };
  }
  const designSystem = await loadDesignSystem({ entry: tailwind.entryPath, entryName: tailwind.entry, packageDir: tailwind.packageDir });
  return { tailwind, designSystem, config: null, stamps: new Map([...detection.stamps, ...designSystem.stamps]) };
}

/** Lasting state: the last read (or the one under way), kept while nothing it rests on has changed. */
export class ProjectTailwindSource {
  private read: Promise<TailwindRead> | undefined;

  constructor(private readonly root: string) {}

  /** Each call waits for the one before it, so concurrent first calls read once; the same read while it is current. */
  current(): Promise<TailwindRead> {
    const before = this.read;
    const next = (async () => {
      // A failed read was reported to the caller that asked; this one tries again.
      const previous = await before?.catch(() => undefined);
      if (previous && !(await isStale(previous.stamps))) return previous;
      return readProjectTailwind(this.root);
    })();
    this.read = next;
    return next;
  }
}

/**
 * Lasting state: a value derived from the project's Tailwind (the theme, the class list), made again only when the
 * source gives a new read.
 */
export class DerivedFromTailwind<T> {
  private derived: { from: TailwindRead; value: Promise<T> } | undefined;

  constructor(
    private readonly source: ProjectTailwindSource,
    private readonly derive: (read: TailwindRead) => Promise<T>,
  ) {}

  async value(): Promise<T> {
    const read = await this.source.current();
    if (this.derived?.from !== read) this.derived = { from: read, value: this.derive(read) };
    return this.derived.value;
  }
}
