/**
 * Merging classes into an element's class list as a developer would: a new class takes the place of the classes it
 * conflicts with (tailwind-merge decides which, configured with the project's own token names, so `text-body` of a
 * project whose font sizes include `body` is a size and not a colour), each variant (`md:`, `hover:`) apart; and the
 * sides of padding, margin, inset and gap are written in their shortest form (`pt-3 pb-3` → `py-3`, `px-4 py-4` →
 * `p-4`, `pt-3` on `py-2` → `pt-3 pb-2`). Classes the edit does not concern keep their place.
 */
import { extendTailwindMerge } from 'tailwind-merge';
import type { ProjectTheme } from '../../contracts/project-theme.js';

/** `classes` (space-separated) with every class that a later one overrides left out. */
export type ClassMerger = (classes: string) => string;

const mergers = new WeakMap<ProjectTheme, ClassMerger>();

/** tailwind-merge knowing the project's token names (cached per theme: building its lookup tables takes a while). */
export function classMergerFor(theme: ProjectTheme): ClassMerger {
  let merger = mergers.get(theme);
  if (!merger) {
    const names = (scale: keyof ProjectTheme['scales']) => theme.scales[scale].map((token) => token.name).filter((name) => name !== '' && name !== 'DEFAULT');
    merger = extendTailwindMerge({
      extend: {
        theme: {
          color: names('colors'),
          spacing: names('spacing'),
          text: names('fontSize'),
          'font-weight': names('fontWeight'),
          font: names('fontFamily'),
          leading: names('lineHeight'),
          tracking: names('letterSpacing'),
          radius: names('radius'),
          shadow: names('shadow'),
          breakpoint: names('breakpoints'),
        },
      },
    });
    mergers.set(theme, merger);
  }
  return merger;
}

/**
 * A utility whose sides can be set one by one and together: the prefix of each side, axis and the whole, and the
 * sides each covers. The order of `prefixes` is the order the shortest form tries them in.
 */
interface SideFamily {
  /** A class of the whole family, to ask tailwind-merge whether a class belongs to it. */
  probe: string;
  prefixes: Array<[prefix: string, sides: string[]]>;
}

const BOX_SIDES = ['t', 'r', 'b', 'l'];
const boxFamily = (all: string, x: string, y: string, t: string, r: string, b: string, l: string): SideFamily => ({
  probe: `${all}-[1px]`,
  prefixes: [[all, BOX_SIDES], [x, ['r', 'l']], [y, ['t', 'b']], [t, ['t']], [r, ['r']], [b, ['b']], [l, ['l']]],
});

const SIDE_FAMILIES: SideFamily[] = [
  boxFamily('p', 'px', 'py', 'pt', 'pr', 'pb', 'pl'),
  boxFamily('m', 'mx', 'my', 'mt', 'mr', 'mb', 'ml'),
  boxFamily('inset', 'inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'),
  { probe: 'gap-[1px]', prefixes: [['gap', ['x', 'y']], ['gap-x', ['x']], ['gap-y', ['y']]] },
];

/** The variants (`md:hover:`, with a `!`) and the utility of a class; colons inside brackets are not variants. */
export function splitVariants(className: string): { variants: string; base: string } {
  let depth = 0;
  let cut = 0;
  for (let i = 0; i < className.length; i += 1) {
    const c = className[i];
    if (c === '[' || c === '(') depth += 1;
    else if (c === ']' || c === ')') depth -= 1;
    else if (c === ':' && depth === 0) cut = i + 1;
  }
  return { variants: className.slice(0, cut), base: className.slice(cut) };
}

interface SideClass {
  family: SideFamily;
  variants: string;
  sides: string[];
  /** What the sides get: the value with its sign (`-3`, `[12px]`, `auto`). */
  value: string;
}

/** A class of a side family (checked with tailwind-merge, so `top-[50%]` is inset and `pt-safe` is not guessed). */
function sideClassOf(className: string, merge: ClassMerger): SideClass | null {
  const { variants, base } = splitVariants(className);
  if (base.startsWith('!') || base.endsWith('!')) return null;
  const negative = base.startsWith('-');
  const unsigned = negative ? base.slice(1) : base;
  for (const family of SIDE_FAMILIES) {
    const byLength = [...family.prefixes].sort((a, b) => b[0].length - a[0].length);
    for (const [prefix, sides] of byLength) {
      if (!unsigned.startsWith(`${prefix}-`)) continue;
      const probe = `${variants}${family.probe}`;
      if (merge(`${className} ${probe}`) !== probe) return null;
      return { family, variants, sides, value: `${negative ? '-' : ''}${unsigned.slice(prefix.length + 1)}` };
    }
  }
  return null;
}

/** Whether a class belongs to a family under the variants (whatever its form: `ps-2` is padding too). */
function inFamily(className: string, family: SideFamily, variants: string, merge: ClassMerger): boolean {
  const probe = `${variants}${family.probe}`;
  return className !== probe && merge(`${className} ${probe}`) === probe;
}

/** The shortest classes that give each side its value: the whole, then axes, then single sides. */
function collapse(family: SideFamily, variants: string, values: Map<string, string>): string[] {
  const left = new Map(values);
  const classes: string[] = [];
  for (const [prefix, sides] of family.prefixes) {
    const value = left.get(sides[0]!);
    if (value === undefined || !sides.every((side) => left.get(side) === value)) continue;
    for (const side of sides) left.delete(side);
    const negative = value.startsWith('-');
    classes.push(`${variants}${negative ? '-' : ''}${prefix}-${negative ? value.slice(1) : value}`);
  }
  return classes;
}

export interface ClassMergeEdit {
  add: readonly string[];
  /** Classes removed by name (each occurrence). */
  remove?: readonly string[];
  /** Probes of properties cleared: existing classes these override go, and nothing is added for them. */
  clear: readonly string[];
  /** Whether added classes replace the classes they conflict with (a plain class edit keeps both). */
  replaceConflicts: boolean;
}

export interface ClassMergePlan {
  /** Per existing class, what stands in its place: null keeps it, `[]` removes it. */
  replacements: Array<string[] | null>;
  /** Classes that take no existing class's place, to add at the end. */
  append: string[];
}

/** Side-family edits: each family and variant the edit touches, rewritten from all its classes at once. */
function planSides(existing: readonly string[], edit: ClassMergeEdit, merge: ClassMerger, plan: ClassMergePlan, handled: Set<string>): void {
  const touched = new Map<string, { family: SideFamily; variants: string; changes: Array<{ side: SideClass; clear: boolean; className: string }> }>();
  const note = (className: string, clear: boolean) => {
    const side = sideClassOf(className, merge);
    if (!side) return;
    const key = `${SIDE_FAMILIES.indexOf(side.family)}|${side.variants}`;
    const group = touched.get(key) ?? { family: side.family, variants: side.variants, changes: [] };
    group.changes.push({ side, clear, className });
    touched.set(key, group);
  };
  if (edit.replaceConflicts) for (const className of edit.add) note(className, false);
  for (const className of edit.clear) note(className, true);
  for (const { family, variants, changes } of touched.values()) {
    const members = existing.map((className, index) => ({ className, index })).filter(({ className, index }) => plan.replacements[index] === null && inFamily(className, family, variants, merge));
    const parsed = members.map((member) => ({ ...member, side: sideClassOf(member.className, merge) }));
    // A member the side model cannot read (a logical `ps-2`): leave the family to plain conflict replacement.
    if (parsed.some((member) => member.side === null)) continue;
    const values = new Map<string, string>();
    for (const { side } of parsed) for (const s of side!.sides) values.set(s, side!.value);
    for (const { side, clear } of changes) for (const s of side.sides) clear ? values.delete(s) : values.set(s, side.value);
    const classes = collapse(family, variants, values);
    for (const { className } of changes) handled.add(className);
    const [first, ...rest] = parsed;
    if (!first) {
      plan.append.push(...classes);
      continue;
    }
    plan.replacements[first.index] = classes;
    for (const member of rest) plan.replacements[member.index] = [];
  }
}

/** What an edit does to a class list: which classes the new ones replace, and which are appended. */
export function planClassMerge(existing: readonly string[], edit: ClassMergeEdit, merge: ClassMerger): ClassMergePlan {
  const removed = new Set(edit.remove ?? []);
  const plan: ClassMergePlan = { replacements: existing.map((className) => (removed.has(className) ? [] : null)), append: [] };
  const handled = new Set<string>();
  planSides(existing, edit, merge, plan, handled);
  for (const probe of edit.clear) {
    if (handled.has(probe)) continue;
    existing.forEach((className, index) => {
      if (plan.replacements[index] === null && merge(`${className} ${probe}`) === probe) plan.replacements[index] = [];
    });
  }
  for (const className of edit.add) {
    if (handled.has(className)) continue;
    const at = existing.indexOf(className);
    if (at !== -1 && plan.replacements[at] === null) continue;
    if (plan.append.includes(className)) continue;
    const conflicts = edit.replaceConflicts
      ? existing.map((other, index) => index).filter((index) => plan.replacements[index] === null && merge(`${existing[index]} ${className}`) === className)
      : [];
    const [first, ...rest] = conflicts;
    if (first === undefined) {
      plan.append.push(className);
      continue;
    }
    plan.replacements[first] = [className];
    for (const index of rest) plan.replacements[index] = [];
  }
  // Classes swapped for others by name (`text-sm` → `text-base`) take the place of the first one they replace.
  const firstRemoved = existing.findIndex((className) => removed.has(className));
  if (firstRemoved !== -1 && plan.append.length > 0) {
    plan.replacements[firstRemoved] = plan.append;
    plan.append = [];
  }
  return plan;
}
