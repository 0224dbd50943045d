/** The project's files as the text follower reads them for the element lookup: from the engine's index. */
import fs from 'node:fs';
import { projectAliases, type PathAlias } from '../engine/import-conventions.js';
import type { MutationContext } from '../engine/mutation-transform.js';
import { resolveInRoot } from '../engine/safe-paths.js';
import { isJsxFile, type SourceIndex } from '../engine/source-index.js';
import { once } from '../mutations/text-sources.js';
import { ts as compiler } from 'ts-morph';
import type { TextScope } from '../../contracts/changes.js';
import type { TextHomeInfo, TextScopePlaces } from '../../contracts/studio-api.js';
import type { JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import { placeName, readingsShowing, shownText } from '../mutations/text-change.js';
import { TextFollower, type TextHome, type TextReading, type TextSources } from '../mutations/text-home.js';
import { constantAt, constantUses } from './constant-uses.js';
import { sourceLoader } from '../mutations/text-parts.js';
import { containsJsx } from './contains-jsx.js';
import { projectSources } from './project-sources.js';

/** `onScript`: told of each file that is not JSX as it is read (JSX files are the index's own parses). */
export function indexTextSources(index: SourceIndex, onScript?: (relative: string, sourceFile: compiler.SourceFile | null) => void): TextSources {
  const scripts = projectSources(index);
  return {
    parsed: once((relative) => {
      if (!isJsxFile(relative)) {
        const sourceFile = scripts(relative);
        onScript?.(relative, sourceFile);
        return sourceFile ? { sourceFile, entries: [] } : null;
      }
      return index.freshAt(relative)?.parsed ?? null;
    }),
    jsxFiles: () => index.jsxFiles(),
    aliases: rootAliases(index.root),
  };
}

/** The path aliases of the project at `root` (its tsconfig's `paths`, its Vite config's `resolve.alias`). */
function rootAliases(root: string): PathAlias[] {
  const file = (name: string) => {
    const absolute = resolveInRoot(root, name).absolute;
    const existed = fs.existsSync(absolute);
    return { existed, text: existed ? fs.readFileSync(absolute, 'utf8') : '' };
  };
  return projectAliases({ file } as unknown as Pick<MutationContext, 'file'>);
}

function rendersNothing(expression: compiler.Expression): boolean {
  const kind = expression.kind;
  if (kind === compiler.SyntaxKind.NullKeyword || kind === compiler.SyntaxKind.TrueKeyword || kind === compiler.SyntaxKind.FalseKeyword) return true;
  return compiler.isIdentifier(expression) && expression.text === 'undefined';
}

/** Whether an expression child can show text: not markup, or a condition with a branch that is not (`{open ? <b/> : title}`). */
function mayShowText(given: compiler.Expression): boolean {
  let expression = given;
  while (compiler.isParenthesizedExpression(expression)) expression = expression.expression;
  // `null`, `undefined` and booleans render nothing: `{notice ? <p>{notice}</p> : null}` shows no text of its own.
  if (rendersNothing(expression)) return false;
  if (compiler.isConditionalExpression(expression)) return mayShowText(expression.whenTrue) || mayShowText(expression.whenFalse);
  if (compiler.isBinaryExpression(expression)) {
    const operator = expression.operatorToken.kind;
    if (operator === compiler.SyntaxKind.AmpersandAmpersandToken) return mayShowText(expression.right);
    if (operator === compiler.SyntaxKind.BarBarToken || operator === compiler.SyntaxKind.QuestionQuestionToken) return mayShowText(expression.left) || mayShowText(expression.right);
  }
  return !containsJsx(expression);
}

/** Whether the element's children write an expression that is not markup (`{label}`, `{`…${n}`}`). */
function writesExpression(entry: JsxElementEntry): boolean {
  return compiler.isJsxElement(entry.node) && entry.node.children.some((child) => compiler.isJsxExpression(child) && child.expression !== undefined && mayShowText(child.expression));
}

/**
 * What the lookup says of an element's bound text: its literals' places, or why its words have none. `instance`:
 * the call sites the page rendered it through, which narrow the readings as they narrow an edit's.
 */
export function textHomeOf(sources: TextSources, entry: JsxElementEntry, shown: string | undefined, instance?: readonly string[]): TextHomeInfo | undefined {
  if (!writesExpression(entry)) return undefined;
  const follower = new TextFollower(sources, instance);
  const all = follower.elementReadings(entry);
  const matching = shown === undefined ? all : readingsShowing(all, shown);
  // As an edit with this instance would choose (text-change.ts): the readings through its call sites, if any.
  const chosen = instance && instance.length > 0 ? matching.filter((reading) => reading.via.every((id) => instance.includes(id))) : [];
  const readings = chosen.length > 0 ? chosen : matching;
  if (readings.length === 0) return { editable: false, why: `the source cannot show "${shown}" here` };
  const literals = new Map<string, { file: string; line: number; text: string; start: number }>();
  const computed = new Set<string>();
  const computedOnly: TextReading[] = [];
  for (const reading of readings) {
    let literal = false;
    for (const part of reading.parts) {
      if (part.kind === 'computed') computed.add(part.why);
      else if (part.home.value.trim() !== '') {
        literal = true;
        literals.set(`${part.home.file}:${part.home.start}`, { file: part.home.file, line: part.home.line, text: part.home.value, start: part.home.start });
      }
    }
    if (!literal) computedOnly.push(reading);
  }
  const firstWhy = (reading: TextReading | undefined) => reading?.parts.find((p) => p.kind === 'computed')?.why ?? 'it shows no words';
  if (literals.size === 0) return { editable: false, why: firstWhy(computedOnly[0]) };
  // Shown words code may compute as well as a literal may hold: which one it is cannot be told.
  if (shown !== undefined && computedOnly.length > 0) {
    const place = [...literals.values()][0]!;
    return { editable: false, why: `the words may be the literal at ${place.file}:${place.line} or come from code (${firstWhy(computedOnly[0])})` };
  }
  const alsoShownAt = otherUses(sources, [...literals.values()], follower.visited);
  const scopes = shown !== undefined && readings.some(throughCallSite) ? scopesOf(sources, entry, shown, readings) : null;
  return {
    editable: true,
    places: [...literals.values()].map(({ file, line, text }) => ({ file, line, text })),
    computed: [...computed],
    ...(alsoShownAt.length > 0 ? { alsoShownAt } : {}),
    ...(scopes ? { scopes } : {}),
  };
}

/** A reading of words a call site passes or a component's parameters default. */
function throughCallSite(reading: TextReading): boolean {
  return reading.via.length > 0 || reading.parts.some((part) => part.kind === 'literal' && part.home.isDefault);
}

/**
 * What each `textScope` of an edit writes, when more than the instance's place could: every call site's literal
 * showing the words, the component's default. The instance's readings are those the edit would write without one.
 * Null when there is no other choice than the instance's.
 */
function scopesOf(sources: TextSources, entry: JsxElementEntry, shown: string, instanceReadings: TextReading[]): Partial<Record<TextScope, TextScopePlaces>> | null {
  const follower = new TextFollower(sources);
  const every = readingsShowing(follower.elementReadings(entry), shown);
  const placesOf = (readings: TextReading[], keep: (home: TextHome) => boolean = () => true): TextScopePlaces => {
    const writes = new Set<string>();
    const shownAt = new Set<string>();
    for (const reading of readings) {
      const homes = reading.parts.flatMap((part) => (part.kind === 'literal' && part.home.value.trim() !== '' && keep(part.home) ? [part.home] : []));
      if (homes.length === 0) continue;
      for (const home of homes) writes.add(placeName(home));
      const site = reading.via[0] !== undefined ? follower.sitePlaces.get(reading.via[0]) : undefined;
      if (site) shownAt.add(site);
    }
    return { writes: [...writes], shownAt: [...shownAt] };
  };
  const scopes: Partial<Record<TextScope, TextScopePlaces>> = { instance: placesOf(instanceReadings), every: placesOf(every) };
  const defaults = placesOf(every, (home) => home.isDefault === true);
  if (defaults.writes.length > 0) scopes.default = defaults;
  const same = (a: TextScopePlaces | undefined, b: TextScopePlaces | undefined) => a?.writes.join() === b?.writes.join();
  // Without an instance that tells one place, an edit through it would be answered 409: every use is the choice.
  if (scopes.instance!.writes.length > 1) delete scopes.instance;
  // The instance's place is the only one there is: nothing to choose.
  else if (same(scopes.every, scopes.instance) && (!scopes.default || same(scopes.default, scopes.instance))) return null;
  return scopes;
}

/** The uses of the constants holding the literals, across the project, but those the element's own text goes through. */
function otherUses(sources: TextSources, literals: ReadonlyArray<{ file: string; start: number }>, own: ReadonlySet<string>): string[] {
  const uses = new Set<string>();
  // Through the project's aliases too: a constant imported as `@/constants/data` is read there as well.
  const load = sourceLoader(sources);
  for (const literal of literals) {
    const sourceFile = load(literal.file);
    const constant = sourceFile ? constantAt(sourceFile, literal.start) : null;
    if (!constant) continue;
    for (const use of constantUses(constant, sources.jsxFiles?.() ?? [], load)) if (!own.has(use)) uses.add(use);
  }
  return [...uses];
}

/**
 * The words an element's bound text can show that are written as literals of the project (`{label}` at its call
 * sites, an entry of a constant array, a template's literal parts), each reading's literals apart and, for a reading
 * with no computed part, joined as the page shows them: what `find_elements` matches besides the element's own
 * text. None for an element that writes no expression.
 */
export function boundWords(sources: TextSources, entry: JsxElementEntry): string[] {
  if (!writesExpression(entry)) return [];
  const words = new Set<string>();
  for (const reading of new TextFollower(sources).elementReadings(entry)) {
    const literals = reading.parts.flatMap((part) => (part.kind === 'literal' ? [part.home.value] : []));
    for (const literal of literals) if (literal.trim() !== '') words.add(shownText(literal));
    if (literals.length === reading.parts.length) words.add(shownText(literals.join('')));
  }
  words.delete('');
  return [...words];
}
