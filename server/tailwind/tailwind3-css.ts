/**
 * The CSS a Tailwind 3 project's own Tailwind generates for given classes: `@tailwind utilities` run by its own
 * Tailwind with its config and the classes as the only content (the page already has the base and components
 * layers). Tailwind 3 writes plain rules, not cascade layers, so the answer stays unlayered like the page's.
 *
 * Why a context kept between requests: Tailwind 3's PostCSS plugin makes a new context (every core plugin
 * registered again, a few hundred milliseconds) whenever its content changes, which here is every request. The
 * project's Tailwind keeps one context per config, fed each request's classes as changed content, the way its own
 * watcher feeds it; a context answers with every class it has seen, so the answer keeps the rules of the asked ones.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AtRule, Plugin, Root, Rule } from 'postcss';
import type { DetectedTailwind } from './project-tailwind.js';
import { selectsClass } from './class-selectors.js';
import type { LoadedTailwind3 } from './tailwind3.js';
import { keyedSerialQueue } from '../../contracts/serial-queue.js';

interface Postcss {
  (plugins: Plugin[]): { process(css: string, options: { from: string }): PromiseLike<{ css: string; root: Root }> };
  root(): Root;
}

interface Tailwind3Context {
  changedContent: { content: string; extension: string }[];
}
type ProcessFeatures = (setup: () => () => Tailwind3Context) => (root: Root, result: unknown) => Promise<void>;

/** The project's `postcss` (Tailwind 3's peer), or the studio's when the project resolves none. */
function postcssFor(tailwind: DetectedTailwind): Postcss {
  try {
    return createRequire(path.join(tailwind.packageDir, 'package.json'))('postcss') as Postcss;
  } catch {
    return createRequire(import.meta.url)('postcss') as Postcss;
  }
}

/** Lasting state: one project's Tailwind 3 context for one version of its config. */
export class Tailwind3Css {
  private readonly postcss: Postcss;
  private readonly context: Tailwind3Context;
  private readonly processFeatures: ProcessFeatures;
  /** Requests run one at a time: each feeds the shared context its classes and reads its answer. */
  private readonly queue = keyedSerialQueue<'context'>();

  constructor(
    private readonly tailwind: DetectedTailwind,
    loaded: LoadedTailwind3,
  ) {
    this.postcss = postcssFor(tailwind);
    const lib = (file: string) => loaded.require(path.join(tailwind.packageDir, 'lib', ...file.split('/')));
    const { createContext } = lib('lib/setupContextUtils.js') as { createContext: (config: object, content: unknown[], root: Root) => Tailwind3Context };
    this.processFeatures = (lib('processTailwindFeatures.js') as { default: ProcessFeatures }).default;
    this.context = createContext(loaded.resolved, [], this.postcss.root());
  }

  cssFor(candidates: string[]): Promise<string> {
    return this.queue('context', () => this.generate(candidates));
  }

  private async generate(candidates: string[]): Promise<string> {
    // Each candidate whole, variants and arbitrary values included, as Tailwind 3's extractor reads markup.
    this.context.changedContent.push({ content: candidates.join(' '), extension: 'html' });
    const features = this.processFeatures(() => () => this.context);
    const plugin: Plugin = { postcssPlugin: 'studio-tailwind3-utilities', Once: (root, { result }) => features(root, result) };
    const { root } = await this.postcss([plugin]).process('@tailwind utilities;', { from: this.tailwind.entryPath });
    keepRulesOf(root, candidates);
    return root.toString();
  }
}

/** Removes the rules that select none of `candidates`, the keyframes no kept rule uses, and at-rules left empty. */
function keepRulesOf(root: Root, candidates: string[]): void {
  root.walkRules((rule: Rule) => {
    const parent = rule.parent as AtRule | Root | undefined;
    if (parent?.type === 'atrule' && /keyframes$/i.test((parent as AtRule).name)) return;
    if (!candidates.some((candidate) => selectsClass(rule.selector, candidate))) rule.remove();
  });
  // Keyframes only for the animations the kept rules name.
  const named = new Set<string>();
  root.walkDecls(/^animation(-name)?$/, (decl) => {
    for (const word of decl.value.split(/[\s,]+/)) named.add(word);
  });
  root.walkAtRules(/keyframes$/i, (atRule) => {
    if (!named.has(atRule.params.trim())) atRule.remove();
  });
  // Again until nothing changes, so a media query around a block that emptied goes too.
  for (let removed = true; removed; ) {
    removed = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        removed = true;
      }
    });
  }
}
