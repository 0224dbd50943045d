/**
 * The CSS the edited project's own Tailwind generates for given classes, so an instant update in the frame looks
 * exactly like what the next build will produce: Tailwind's compiler runs on the console's CSS entry
 * (`src/styles.css` of the served root, with its theme, custom utilities and variants). There is no class-to-CSS
 * table of our own.
 */
import { stat, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { AppError, appError } from '../../contracts/errors.js';
import { withVariants } from '../../contracts/tailwind-variants.js';
import { PACKAGE_ROOT } from '../package-info.js';
import { cssEscapeIdentifier, splitTopLevelCss } from './split-css.js';

/** The console's CSS entry, relative to the served root. */
export const TAILWIND_ENTRY = 'src/styles.css';

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
  return splitTopLevelCss(css)
    .filter((s) => {
      if (s.kind !== 'block') return false;
      if (!s.head.startsWith('@')) return false;
      return !/^@layer\s+(?:base|components)$/.test(s.head);
    })
    .map((s) => s.text)
    .join('\n');
}

/** Whether a class selector for `candidate` occurs in `css` (followed by something that ends an identifier). */
export function selectsClass(css: string, candidate: string): boolean {
  const selector = `.${cssEscapeIdentifier(candidate)}`;
  for (let at = css.indexOf(selector); at !== -1; at = css.indexOf(selector, at + 1)) {
    const next = css[at + selector.length];
    if (next === undefined || !/[A-Za-z0-9_\-\\\u0080-\uffff]/.test(next)) return true;
  }
  return false;
}

type TailwindCompiler = Awaited<ReturnType<typeof import('@tailwindcss/node').compile>>;

interface Compiled {
  compiler: TailwindCompiler;
  /** The entry and every stylesheet it imports, with what they were when compiled. */
  stamps: Map<string, string>;
}

const studioRequire = createRequire(join(PACKAGE_ROOT, 'package.json'));

async function stampOf(path: string): Promise<string> {
  const info = await stat(path).catch(() => undefined);
  return info ? `${info.mtimeMs}:${info.size}` : 'missing';
}

/**
 * Holds one compiled, never-used Tailwind compiler for the entry. Why never used: a Tailwind compiler remembers
 * every class it was asked for and answers for all of them, so each request takes the spare one and a new spare
 * is compiled in the background. A change to the entry or to anything it imports drops the spare.
 */
export class TailwindCss {
  private spare: Promise<Compiled> | undefined;
  private readonly entry: string;

  constructor(root: string) {
    this.entry = join(root, ...TAILWIND_ENTRY.split('/'));
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
    const { compiler } = await this.takeFresh();
    let built: string;
    try {
      built = compiler.build(candidates);
    } catch (error) {
      throw new AppError('BAD_REQUEST', 400, `Tailwind cannot compile these classes: ${(error as Error).message}`);
    }
    const css = generatedPart(built);
    return {
      css,
      classes: classes.map((c, i) => ({ ...c, candidate: candidates[i]!, generated: selectsClass(css, candidates[i]!) })),
    };
  }

  private async takeFresh(): Promise<Compiled> {
    let next = this.spare;
    this.spare = undefined;
    if (next && (await this.isStale(next))) next = undefined;
    next ??= this.compile();
    const compiled = await next;
    this.spare = this.compile();
    // A failing spare is reported by the request that takes it, not as an unhandled rejection now.
    this.spare.catch(() => undefined);
    return compiled;
  }

  private async isStale(pending: Promise<Compiled>): Promise<boolean> {
    const compiled = await pending.catch(() => undefined);
    if (!compiled) return true;
    for (const [path, stamp] of compiled.stamps) {
      if ((await stampOf(path)) !== stamp) return true;
    }
    return false;
  }

  private async compile(): Promise<Compiled> {
    const stamps = new Map<string, string>();
    stamps.set(this.entry, await stampOf(this.entry));
    let css: string;
    try {
      css = await readFile(this.entry, 'utf8');
    } catch {
      throw appError('NOT_FOUND', `The project's Tailwind entry ${TAILWIND_ENTRY}`);
    }
    const dependencies: string[] = [];
    const { compile } = await import('@tailwindcss/node');
    try {
      const compiler = await compile(css, {
        base: dirname(this.entry),
        from: this.entry,
        onDependency: (path) => dependencies.push(path),
        // The same Tailwind the served page is built with (the console's Vite config points `tailwindcss` there
        // too): a console made by `init` has no node_modules of its own.
        customCssResolver: async (id) => (id === 'tailwindcss' ? studioRequire.resolve('tailwindcss/index.css') : undefined),
      });
      for (const path of dependencies) stamps.set(path, await stampOf(path));
      return { compiler, stamps };
    } catch (error) {
      throw appError('TAILWIND_ENTRY_FAILED', TAILWIND_ENTRY, (error as Error).message);
    }
  }
}
