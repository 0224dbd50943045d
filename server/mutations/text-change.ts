/**
 * Which literal a text edit changes: the element's readings (text-home.ts) are matched against the text the page
 * shows, the edited stretch of that text is found (what the old and new text do not share at their ends), and it
 * must fall inside one literal of every reading that can make the text shown. Only that literal's words change;
 * computed parts (`${count}`) stay as written. Nothing is guessed: two places that could hold the words, or a
 * stretch that touches a computed part, are answered with the places or the reason.
 */
import type { TextScope } from '../../contracts/changes.js';
import type { TextHome, TextReading } from './text-home.js';

export interface TextWrite {
  home: TextHome;
  value: string;
}

export type TextChangePlan =
  | { kind: 'write'; writes: TextWrite[] }
  | { kind: 'refused'; why: string }
  | { kind: 'ambiguous'; places: string[] }
  | { kind: 'stale'; why: string };

/** Whitespace runs as one space, trimmed: text as a page shows it (and as `innerText` reads it back). */
export function shownText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The readings that can make the text shown. */
export function readingsShowing(readings: TextReading[], shown: string): TextReading[] {
  const text = shownText(shown);
  return readings.filter((reading) => spansOf(reading, text) !== null);
}

/** Where each part of a reading sits in the text shown, or null when the reading cannot make that text. */
function spansOf(reading: TextReading, shown: string): Array<[number, number]> | null {
  const pattern = reading.parts
    .map((part) => (part.kind === 'computed' ? '([\\s\\S]*?)' : `(${shownText(part.home.value).split(' ').map(escapeRegExp).join('\\s*')})`))
    .join('\\s*');
  const match = new RegExp(`^\\s*${pattern}\\s*$`, 'du').exec(shown);
  if (!match?.indices) return null;
  return reading.parts.map((_, index) => match.indices![index + 1] ?? [0, 0]);
}

export function placeName(home: Pick<TextHome, 'file' | 'line'>): string {
  return `${home.file}:${home.line}`;
}

/** The stretch of `before` that `after` replaces: [start, end) of before, and what goes there. */
function editedStretch(before: string, after: string): { start: number; end: number; inserted: string } {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let tail = 0;
  while (tail < before.length - start && tail < after.length - start && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail += 1;
  return { start, end: before.length - tail, inserted: after.slice(start, after.length - tail) };
}

type Outcome = ({ kind: 'write' } & TextWrite) | { kind: 'refused'; why: string };

function outcomeOf(reading: TextReading, spans: Array<[number, number]>, stretch: { start: number; end: number; inserted: string }, shown: string): Outcome {
  let touched: string | null = null;
  for (const [index, part] of reading.parts.entries()) {
    const [from, to] = spans[index]!;
    const inside = from <= stretch.start && stretch.end <= to;
    if (part.kind === 'literal' && inside) {
      const matched = shown.slice(from, to);
      const value = part.home.value;
      // The page shows the literal with its whitespace collapsed: the stretch is placed in the literal's own words.
      const offset = value === matched ? 0 : value.indexOf(matched);
      if (offset < 0) return { kind: 'refused', why: `the literal at ${placeName(part.home)} holds whitespace the page shows otherwise` };
      const start = offset + stretch.start - from;
      const end = offset + stretch.end - from;
      return { kind: 'write', home: part.home, value: value.slice(0, start) + stretch.inserted + value.slice(end) };
    }
    const touches = stretch.start === stretch.end ? from <= stretch.start && stretch.start <= to : from < stretch.end && stretch.start < to;
    if (part.kind === 'computed' && touches) touched ??= part.why;
  }
  return { kind: 'refused', why: touched ? `the words changed come ${touched.startsWith('from') ? '' : 'from code: '}${touched}` : 'the words changed span more than one literal of the source' };
}

/**
 * The literal to write for an edit from `oldText` to `newText`. `instance`: the call sites (element ids) the page
 * rendered this element through, outermost last; readings through other call sites are left aside. `scope`: which
 * of several places holding the words is written (`textScopeSchema`).
 */
export function planTextChange(readings: TextReading[], oldText: string, newText: string, instance?: readonly string[], scope?: TextScope): TextChangePlan {
  const before = shownText(oldText);
  const after = shownText(newText);
  const matching = readings.map((reading) => ({ reading, spans: spansOf(reading, before) })).filter((m) => m.spans !== null);
  if (matching.length === 0) return { kind: 'stale', why: `the source cannot show "${before}" here (it shows ${describeReadings(readings)}); nothing was written` };
  const stretch = editedStretch(before, after);
  if (scope === 'every' || scope === 'default') return planWider(matching as Matched[], stretch, before, scope);
  const chosen = instance ? matching.filter((m) => m.reading.via.every((id) => instance.includes(id))) : matching;
  const candidates = chosen.length > 0 ? chosen : matching;
  const outcomes = candidates.map((m) => outcomeOf(m.reading, m.spans!, stretch, before));
  const writes = outcomes.filter((o): o is Extract<Outcome, { kind: 'write' }> => o.kind === 'write');
  const refusal = outcomes.find((o): o is Extract<Outcome, { kind: 'refused' }> => o.kind === 'refused');
  // A computed value could be showing these very words as well as a literal: which one it is cannot be told.
  if (refusal && writes.length > 0) return { kind: 'refused', why: `the words may be the literal at ${placeName(writes[0]!.home)} or ${refusal.why.replace(/^the words changed come /, '')}; the source cannot tell which` };
  if (refusal) return refusal;
  const places = distinctWrites(writes);
  if (places.length > 1) return { kind: 'ambiguous', places: places.map((w) => placeName(w.home)) };
  return { kind: 'write', writes: places };
}

type Matched = { reading: TextReading; spans: Array<[number, number]> };

function distinctWrites(writes: ReadonlyArray<Extract<Outcome, { kind: 'write' }>>): TextWrite[] {
  return [...new Map(writes.map(({ home, value }) => [`${home.file}:${home.start}`, { home, value }])).values()];
}

/**
 * Every use (each literal that can show the words, whichever call site), or the component's default: the instance
 * does not narrow. A reading with a part code computes shows a value of its own where its words are not a literal's,
 * so it is left as it is; one made of literals only that cannot take the edit refuses it all.
 */
function planWider(matching: Matched[], stretch: ReturnType<typeof editedStretch>, before: string, scope: 'every' | 'default'): TextChangePlan {
  const outcomes = matching.map((m) => ({ reading: m.reading, outcome: outcomeOf(m.reading, m.spans, stretch, before) }));
  const refused = outcomes.find(({ reading, outcome }) => outcome.kind === 'refused' && reading.parts.every((part) => part.kind === 'literal'));
  if (refused) return refused.outcome as Extract<Outcome, { kind: 'refused' }>;
  const all = distinctWrites(outcomes.flatMap(({ outcome }) => (outcome.kind === 'write' ? [outcome] : [])));
  const writes = scope === 'default' ? all.filter((write) => write.home.isDefault) : all;
  if (writes.length > 0) return { kind: 'write', writes };
  const refusal = outcomes.map(({ outcome }) => outcome).find((o): o is Extract<Outcome, { kind: 'refused' }> => o.kind === 'refused');
  if (scope === 'every' && refusal) return refusal;
  return { kind: 'refused', why: scope === 'default' ? "the words are not the default of a prop in the component's parameters" : 'no literal of the project holds the words changed' };
}

function describeReadings(readings: TextReading[]): string {
  const texts = readings.slice(0, 4).map((r) => `"${r.parts.map((p) => (p.kind === 'literal' ? p.home.value : '…')).join('')}"`);
  return texts.length === 0 ? 'no text' : texts.join(' or ');
}
