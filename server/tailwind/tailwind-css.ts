/**
 * The CSS the edited project's own Tailwind generates for given classes, so an instant update in the frame looks
 * exactly like what the next build will produce: the project's own Tailwind runs on the CSS entry its page loads
 * (Tailwind 4 with its theme, custom utilities and variants; Tailwind 3 with its config). There is no class-to-CSS
 * table of our own.
 */
import { z } from 'zod';
import { AppError, appError } from '../../contracts/errors.js';
import { withVariants } from '../../contracts/tailwind-variants.js';
import { detectProjectTailwind, type DetectedTailwind } from './project-tailwind.js';
import postcss from 'postcss';
import { selectsClass } from './class-selectors.js';
import { isStale, type Stamps } from './stylesheet-stamps.js';
import { compileTailwind4, type Tailwind4Compiler } from './tailwind4.js';
import type { Tailwind3Css } from './tailwind3-css.js';

const className = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[^\s\u0000-\u001f\u007f]+$/, 'a class name has no spaces or control characters');
const modifier = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9@][A-Za-z0-9_-]*$/, 'a modifier is a variant name such as hover, focus or md');

export const tailwindCssRequestSchema = z.strictObject({
  classes: z
    .array(z.union([className, z.strictObject({ className, modifiers: z.array(modifier).max(16).default([]) })]))
    .min(1)
    .max(200),
});

export interface TailwindClassResult {
  className: string;
  modifiers: string[];
  /** The class as written in the source: breakpoints first, then the other modifiers, then the class. */
  candidate: string;
  /** False when Tailwind generates nothing for it (a typo, an unknown utility or variant). */
  generated: boolean;
}

export interface TailwindCssAnswer {
  /** The utilities with the theme variables, `@property` and `@keyframes` rules they need. */
  css: string;
  classes: TailwindClassResult[];
}

/**
 * Keeps what the classes brought: the page already has the preflight (`@layer base`), the project's components
 * and its plain rules, and the layer order statement.
 */
export function generatedPart(css: string): string {
  return postcss
    .parse(css)
    .nodes.filter((node) => node.type === 'atrule' && node.nodes !== undefined && !(node.name === 'layer' && /^(?:base|components)$/.test(node.params.trim())))
    .map((node) => node.toString())
    .join('\n');
}

/** What builds the CSS of candidates, with everything it was made from. */
type Builder =
  | { version: 4; compiler: Tailwind4Compiler; stamps: Stamps }
  | { version: 3; css: Tailwind3Css; stamps: Stamps };

/** The project's Tailwind as detected now, or a 404 naming what is missing. */
async function detect(root: string): Promise<{ tailwind: DetectedTailwind; stamps: Stamps }> {
  const detection = await detectProjectTailwind(root);
  if (!detection.tailwind) throw appError('NOT_FOUND', "A stylesheet that loads the project's Tailwind");
  return { tailwind: detection.tailwind, stamps: detection.stamps };
}

async function makeBuilder(root: string): Promise<Builder> {
  const { tailwind, stamps } = await detect(root);
  if (tailwind.version === 3) {
    const [{ loadTailwind3 }, { Tailwind3Css }] = await Promise.all([import('./tailwind3.js'), import('./tailwind3-css.js')]);
    const loaded = await loadTailwind3(tailwind);
    let css: Tailwind3Css;
    try {
      css = new Tailwind3Css(tailwind, loaded);
    } catch (error) {
      throw appError('TAILWIND_ENTRY_FAILED', tailwind.config ?? tailwind.entry, (error as Error).message);
    }
    return { version: 3, css, stamps: new Map([...stamps, ...loaded.stamps]) };
  }
  const compiled = await compileTailwind4({ entry: tailwind.entryPath, entryName: tailwind.entry, packageDir: tailwind.packageDir });
  return { version: 4, compiler: compiled.value, stamps: new Map([...stamps, ...compiled.stamps]) };
}

async function fresh(pending: Promise<Builder> | undefined): Promise<Builder | undefined> {
  const built = await pending?.catch(() => undefined);
  return built && !(await isStale(built.stamps)) ? built : undefined;
}

/**
 * Holds what builds the project's CSS. Tailwind 4: one compiled, never-used compiler for the entry. Why never used:
 * a Tailwind 4 compiler remembers every class it was asked for and answers for all of them, so each request takes
 * the spare one and a new spare is compiled in the background. Tailwind 3: one context of the project's config,
 * kept (`tailwind3-css.ts`). A change to the entry, to anything it imports or to the config drops it.
 */
export class TailwindCss {
  private spare: Promise<Builder> | undefined;

  constructor(private readonly root: string) {}

  /** Compiles the spare ahead of the first request (the studio asks when a frame opens). */
  warm(): void {
    this.spare ??= this.make();
  }

  async cssFor(request: unknown): Promise<TailwindCssAnswer> {
    const parsed = tailwindCssRequestSchema.safeParse(request);
    if (!parsed.success) {
      throw new AppError('BAD_REQUEST', 400, `Invalid Tailwind classes: ${z.prettifyError(parsed.error).replace(/\n/g, ' ')}`);
    }
    const classes = parsed.data.classes.map((entry) =>
      typeof entry === 'string' ? { className: entry, modifiers: [] as string[] } : entry,
    );
    const candidates = classes.map((c) => withVariants(c.className, c.modifiers));
    const css = await this.build(candidates);
    return {
      css,
      classes: classes.map((c, i) => ({ ...c, candidate: candidates[i]!, generated: selectsClass(css, candidates[i]!) })),
    };
  }

  private async build(candidates: string[]): Promise<string> {
    const builder = await this.take();
    try {
      if (builder.version === 4) return generatedPart(builder.compiler.build(candidates));
      return await builder.css.cssFor(candidates);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('BAD_REQUEST', 400, `Tailwind cannot compile these classes: ${(error as Error).message}`);
    }
  }

  private make(): Promise<Builder> {
    // After the answer in hand has gone: compiling takes the CPU for a while, and the designer waits for that answer.
    const made = new Promise((resolve) => setImmediate(resolve)).then(() => makeBuilder(this.root));
    // A failing spare is reported by the request that takes it, not as an unhandled rejection now.
    made.catch(() => undefined);
    return made;
  }

  /** Tailwind 4: takes the spare and compiles the next; Tailwind 3: keeps its context while it is current. */
  private async take(): Promise<Builder> {
    const pending = this.spare;
    this.spare = undefined;
    const builder = (await fresh(pending)) ?? (await makeBuilder(this.root));
    this.spare = builder.version === 3 ? Promise.resolve(builder) : this.make();
    return builder;
  }
}
