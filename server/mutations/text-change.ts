/**
 * Which literal a text edit changes: the element's readings (text-home.ts) are matched against the text the page
 * shows, the edited stretch of that text is found (what the old and new text do not share at their ends), and it
 * must fall inside one literal of every reading that can make the text shown. Only that literal's words change;
 * computed parts (`${count}`) stay as written. Nothing is guessed: two places that could hold the words, or a
 * stretch that touches a computed part, are answered with the places or the reason.
 */
import type { TextHome, TextReading } from './text-home.js';

export type TextChangePlan =
  | { kind: 'write'; home: TextHome; value: string }
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

type Outcome = { kind: 'write'; home: TextHome; value: string } | { kind: 'refused'; why: string };

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
 * rendered this element through, outermost last; readings through other call sites are left aside.
 */
export function planTextChange(readings: TextReading[], oldText: string, newText: string, instance?: readonly string[]): TextChangePlan {
  const before = shownText(oldText);
  const after = shownText(newText);
  const matching = readings.map((reading) => ({ reading, spans: spansOf(reading, before) })).filter((m) => m.spans !== null);
  if (matching.length === 0) return { kind: 'stale', why: `the source cannot show "${before}" here (it shows ${describeReadings(readings)}); nothing was written` };
  const chosen = instance ? matching.filter((m) => m.reading.via.every((id) => instance.includes(id))) : matching;
  const candidates = chosen.length > 0 ? chosen : matching;
  const stretch = editedStretch(before, after);
  const outcomes = candidates.map((m) => outcomeOf(m.reading, m.spans!, stretch, before));
  const writes = outcomes.filter((o): o is Extract<Outcome, { kind: 'write' }> => o.kind === 'write');
  const refusal = outcomes.find((o): o is Extract<Outcome, { kind: 'refused' }> => o.kind === 'refused');
  // A computed value could be showing these very words as well as a literal: which one it is cannot be told.
  if (refusal && writes.length > 0) return { kind: 'refused', why: `the words may be the literal at ${placeName(writes[0]!.home)} or ${refusal.why.replace(/^the words changed come /, '')}; the source cannot tell which` };
  if (refusal) return refusal;
  const places = [...new Map(writes.map((w) => [`${w.home.file}:${w.home.start}`, w])).values()];
  if (places.length > 1) return { kind: 'ambiguous', places: places.map((w) => placeName(w.home)) };
  return places[0]!;
}

function describeReadings(readings: TextReading[]): string {
  const texts = readings.slice(0, 4).map((r) => `"${r.parts.map((p) => (p.kind === 'literal' ? p.home.value : '…')).join('')}"`);
  return texts.length === 0 ? 'no text' : texts.join(' or ');
}
