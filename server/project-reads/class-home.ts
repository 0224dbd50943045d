/**
 * The lookup's answer to "where are this element's classes written": its own className and what it leads to (a
 * `cva()` base and the variants this use selects, a component's definition), read by the same code a class change
 * runs (`readClassSource`), so the answer and the change cannot disagree.
 */
import type { ts } from 'ts-morph';
import type { ClassHome, ClassPlace, ElementSourceInfo } from '../../contracts/studio-api.js';
import type { JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import type { CachedFile } from '../engine/source-index.js';
import { projectAliases } from '../engine/import-conventions.js';
import type { EditableFile } from '../engine/editable-file.js';
import { classTokens, readClassSource } from '../mutations/class-list.js';
import type { SourceReader } from '../mutations/project-declarations.js';
import type { LoadSource } from './prop-choices.js';

type IndexedFile = Pick<CachedFile, 'relative' | 'parsed'>;

const readers = new WeakMap<LoadSource, SourceReader>();

/** The project's files for following classes, read as the lookup reads them (one reader per lookup call). */
export function lookupReader(load: LoadSource): SourceReader {
  const known = readers.get(load);
  if (known) return known;
  const text = (relative: string) => load(relative)?.text ?? '';
  const aliases = projectAliases({ file: (relative) => ({ text: text(relative) }) as EditableFile });
  const reader = { aliases, source: (relative: string): ts.SourceFile | null => load(relative) };
  readers.set(load, reader);
  return reader;
}

function placesOf(tokens: ReturnType<typeof classTokens>): ClassPlace[] {
  const places = new Map<string, ClassPlace>();
  for (const token of tokens) {
    const { part } = token;
    const key = `${part.relative}:${part.line}:${part.home}`;
    let place = places.get(key);
    if (!place) places.set(key, (place = { file: part.relative, line: part.line, what: part.home, shared: part.shared, always: [], conditional: [] }));
    const list = part.unconditional ? place.always : place.conditional;
    if (!list.includes(token.value)) list.push(token.value);
  }
  return [...places.values()].sort((a, b) => Number(a.shared) - Number(b.shared));
}

/** The element's classes as the editor lists them, and where they are written. */
export function classFacts(file: IndexedFile, entry: JsxElementEntry, reader: SourceReader): Pick<ElementSourceInfo, 'classes' | 'classHome'> {
  const source = readClassSource(file, entry, reader);
  if (source.kind === 'dynamic') return { classes: null, classHome: { places: [], why: source.why } };
  if (source.kind === 'absent') return { classes: { always: [], conditional: [] }, classHome: { places: [] } };
  const tokens = classTokens(source);
  const classHome: ClassHome = { places: placesOf(tokens) };
  if (source.definition) classHome.definition = { place: source.definition, instanceOverrides: source.merges === true };
  const always = [...new Set(tokens.filter((t) => t.part.unconditional).map((t) => t.value))];
  const conditional = [...new Set(tokens.filter((t) => !t.part.unconditional && !always.includes(t.value)).map((t) => t.value))];
  return { classes: { always, conditional }, classHome };
}
