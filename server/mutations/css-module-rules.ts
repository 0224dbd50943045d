/**
 * The CSS side of styling through a CSS module: its classes as its rules select them, and a change merged into the
 * rule of one class (its states and breakpoint variant) with postcss, so the rest of the module keeps its bytes and
 * new declarations take the module's own layout. No I/O: the module is an editable file.
 */
import postcss, { type AtRule, type ChildNode, type Container, type Declaration, type Root, type Rule } from 'postcss';
import selectorParser from 'postcss-selector-parser';
import { kebabCase } from '../../contracts/css-properties.js';
import { appError } from '../../contracts/errors.js';
import { cssValueProblem } from '../../contracts/source-grammar.js';
import { BREAKPOINTS, type BreakpointName } from '../../contracts/tailwind-variants.js';
import type { EditableFile } from '../engine/editable-file.js';

/** What the rule is for: `states` become pseudo-classes, `breakpoint` an `@media` block. */
export interface ModuleRuleChange {
  states: string[];
  breakpoint: BreakpointName | undefined;
  /** Property (kebab-case or camelCase) → value (null: remove), with the field each comes from. */
  values: Array<[string, string | null, string]>;
}

/** A module's classes as its rules select them (in any selector, nested rules included). */
export function classesOf(root: Root): Set<string> {
  const classes = new Set<string>();
  root.walkRules((rule) => {
    try {
      selectorParser((selectors) => selectors.walkClasses((c) => void classes.add(c.value))).processSync(rule.selector);
    } catch {
      // A selector postcss-selector-parser cannot read (a preprocessor's) has no class the studio can name.
    }
  });
  return classes;
}

/** `card-title` → `cardTitle`, as Vite's `localsConvention: 'camelCase'` exports it. */
export function camelCased(name: string): string {
  return name.replace(/-+(\w|$)/g, (_, c: string) => c.toUpperCase());
}

/** The class of the module a name of its export object stands for (`cardTitle` is `.card-title` when camelCased). */
export function moduleClassFor(name: string, classes: Set<string>): string | undefined {
  if (classes.has(name)) return name;
  return [...classes].find((c) => camelCased(c) === name);
}

/** `name`, or `name2`, `name3`… when the module has that class already. */
export function uniqueIn(name: string, classes: Set<string>): string {
  if (!classes.has(name)) return name;
  for (let n = 2; ; n += 1) if (!classes.has(`${name}${n}`)) return `${name}${n}`;
}

export function parseModule(sheet: EditableFile): Root {
  try {
    return postcss.parse(sheet.text, { from: sheet.relative });
  } catch (error) {
    const reason = error instanceof Error && 'reason' in error ? String((error as { reason: unknown }).reason) : String(error);
    throw appError('UNWRITABLE_PATTERN', sheet.relative, `the CSS module cannot be read: ${reason}`);
  }
}

function sameSelector(node: ChildNode, selector: string): node is Rule {
  return node.type === 'rule' && node.selector.replace(/\s+/g, ' ').trim() === selector;
}

/** The `@media` block of a breakpoint, as the studio writes it (`width >=`) or as `min-width`. */
function isBreakpointMedia(node: ChildNode, width: string): node is AtRule {
  if (node.type !== 'atrule' || node.name.toLowerCase() !== 'media') return false;
  const params = node.params.replace(/\s+/g, '').toLowerCase();
  return params === `(width>=${width})` || params === `(min-width:${width})`;
}

function declarationsOf(rule: Rule, property: string): Declaration[] {
  return (rule.nodes ?? []).filter((n): n is Declaration => n.type === 'decl' && n.prop.toLowerCase() === property.toLowerCase());
}

/**
 * Writes the change into the rules of `selector` inside `container`: a value goes into the last such rule (the one
 * that wins), replacing its declaration of the property or appended after its declarations; a cleared property
 * leaves every one of them. A rule is created at the end of the container only when a value needs one.
 */
function mergeInto(container: Container, selector: string, values: Array<[string, string | null]>, unit: string): void {
  const rules = (container.nodes ?? []).filter((n) => sameSelector(n, selector));
  let target = rules.at(-1);
  for (const [property, value] of values) {
    if (value === null) {
      for (const rule of rules) for (const declaration of declarationsOf(rule, property)) declaration.remove();
      continue;
    }
    if (!target) {
      target = postcss.rule({ selector });
      // Inside a block, postcss would take a top-level rule's blank line: the block's own children say better.
      if (container.type === 'atrule') target.raws.before = container.last?.raws.before?.replace(/\S/g, '') ?? `\n${unit}`;
      container.append(target);
    }
    const existing = declarationsOf(target, property).at(-1);
    if (existing) {
      existing.value = value;
      continue;
    }
    // Laid out as the rule's last declaration, not as a comment that may end its line.
    const last = (target.nodes ?? []).filter((n) => n.type === 'decl').at(-1);
    const declaration = postcss.decl({ prop: property, value });
    if (last?.raws.before !== undefined) declaration.raws.before = last.raws.before;
    if (last?.raws.between !== undefined) declaration.raws.between = last.raws.between;
    target.append(declaration);
  }
}

/** New nodes get the layout of the module's own (postcss infers it); an empty module takes its file's. */
function layoutNew(root: Root, sheet: EditableFile): void {
  // Only a module with no rule yet: postcss lays new nodes out like the module's existing ones.
  if (sheet.text.includes('{')) return;
  const unit = sheet.indentUnit;
  const lay = (nodes: ChildNode[], depth: number): void => {
    nodes.forEach((node, i) => {
      const indent = unit.repeat(depth);
      node.raws.before = depth > 0 ? `\n${indent}` : i === 0 ? '' : '\n\n';
      if (node.type === 'decl') {
        node.raws.between = ': ';
      } else if (node.type === 'rule' || node.type === 'atrule') {
        node.raws.between = ' ';
        node.raws.after = `\n${indent}`;
        node.raws.semicolon = true;
        lay(node.nodes ?? [], depth + 1);
      }
    });
  };
  lay(root.nodes, 0);
  root.raws.after = '\n';
}

/** Records the module's new text as one edit of the stretch that changed, so every other byte stays as it was. */
function recordText(sheet: EditableFile, text: string): void {
  const before = sheet.text;
  if (text === before) return;
  let start = 0;
  while (start < before.length && start < text.length && before[start] === text[start]) start += 1;
  let end = 0;
  while (end < before.length - start && end < text.length - start && before[before.length - 1 - end] === text[text.length - 1 - end]) end += 1;
  sheet.replace(start, before.length - end, text.slice(start, text.length - end));
}

/** Writes the change into the rule of `className` in the module (its state and breakpoint variant). */
export function writeModuleRule(sheet: EditableFile, className: string, change: ModuleRuleChange): void {
  const values = change.values.map(([property, value, field]): [string, string | null] => {
    const problem = value === null ? null : cssValueProblem(value);
    if (problem) throw appError('INVALID_CHANGE', 'styling', `${field}: ${problem}`);
    return [kebabCase(property), value];
  });
  const root = parseModule(sheet);
  const selector = `.${className}${change.states.map((s) => `:${s}`).join('')}`;
  let container: Container = root;
  if (change.breakpoint) {
    const width = BREAKPOINTS[change.breakpoint];
    const media = root.nodes.filter((n) => isBreakpointMedia(n, width)).at(-1);
    if (media) container = media;
    else if (values.some(([, v]) => v !== null)) {
      container = postcss.atRule({ name: 'media', params: `(width >= ${width})` });
      root.append(container);
    } else return;
  }
  mergeInto(container, selector, values, sheet.indentUnit);
  layoutNew(root, sheet);
  recordText(sheet, root.toString());
}
