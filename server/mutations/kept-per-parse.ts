/**
 * What is worked out from one parse of a file and the modules it reads (its imports resolved, what they export), kept
 * with that parse from one lookup to the next. Each lookup makes a new view of the sources, and working out every
 * JSX file's imports again for each took seconds on a project of two thousand files (issue 29); a file's imports can
 * change only with its own parse or with a file its resolution read, so the answer is kept while those are the same.
 */
import type { ts } from 'ts-morph';
import type { LoadSource } from './module-declarations.js';

interface Kept {
  value: unknown;
  /** Every file read while working it out, with what was read (null: no such file, as a resolution probes). */
  reads: ReadonlyArray<readonly [string, ts.SourceFile | null]>;
  aliases: string;
}

const keptOf = new WeakMap<ts.SourceFile, Map<string, Kept>>();

/**
 * `work(load)` for this parse of `sourceFile`, made again only when a file it read (through `load`) is no longer the
 * same parse, or is there now where it was not, or the project's path aliases changed. `name` tells apart the works
 * kept on one parse.
 */
export function keptPerParse<T>(sourceFile: ts.SourceFile, load: LoadSource, name: string, work: (load: LoadSource) => T): T {
  let works = keptOf.get(sourceFile);
  if (!works) keptOf.set(sourceFile, (works = new Map()));
  const aliases = JSON.stringify(load.aliases ?? []);
  const kept = works.get(name);
  if (kept && kept.aliases === aliases && kept.reads.every(([relative, read]) => load(relative) === read)) return kept.value as T;
  const reads = new Map<string, ts.SourceFile | null>();
  const recording: LoadSource = Object.assign((relative: string) => {
    const read = load(relative);
    reads.set(relative, read);
    return read;
  }, load.aliases ? { aliases: load.aliases } : {});
  const value = work(recording);
  works.set(name, { value, reads: [...reads], aliases });
  return value;
}
