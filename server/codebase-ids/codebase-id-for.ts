/**
 * The codebase id of a JSX element: `tempo-` + a UUID v5 of the root-relative file path and the
 * element's structural path. Deterministic, so the Vite plugin that marks the served page and the engine that
 * rewrites the source agree on ids without sharing any state. See docs/editor.md#codebase-ids.
 */
import { v5 as uuidv5 } from 'uuid';
import { CODEBASE_ID_PREFIX } from '../../contracts/dom.js';

/** A fixed namespace: changing it would change every id, so it never changes. */
export const CODEBASE_ID_NAMESPACE = '5b0c8a57-3f1e-4d6a-9a8e-2c7b1f0d4e93';

/** Ids already worked out: every edit re-indexes its file, and most of its elements keep their paths. */
const knownIds = new Map<string, string>();
const KNOWN_IDS_LIMIT = 100_000;

/** `relativePath` is made POSIX-style first, so ids do not depend on the platform's separator. */
export function codebaseIdFor(relativePath: string, structuralPath: string): string {
  const file = relativePath.split('\\').join('/').replace(/^\.\//, '');
  const key = `${file}#${structuralPath}`;
  let id = knownIds.get(key);
  if (id === undefined) {
    id = CODEBASE_ID_PREFIX + uuidv5(key, CODEBASE_ID_NAMESPACE);
    if (knownIds.size >= KNOWN_IDS_LIMIT) knownIds.clear();
    knownIds.set(key, id);
  }
  return id;
}
