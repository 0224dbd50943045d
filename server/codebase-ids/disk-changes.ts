/**
 * Files of the project changed or removed on disk, as the served Vite's watcher sees them: the person's code editor
 * saving a file the studio did not write. The codebase-id plugin (inside Vite) tells them here, the engine listens:
 * it reads such a file again at once and logs what the rewrite did to its ids (`source-editor.ts`), so an id an agent
 * holds is carried through it or refused, never applied to another element.
 *
 * One channel per process, like `served-parses.ts`: the plugin and the engine meet only here.
 */
type DiskChangeListener = (absolute: string) => void;

const listeners = new Set<DiskChangeListener>();

/** Listens to the files changed on disk; answers the call that stops listening. */
export function onDiskChange(listener: DiskChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A file changed or removed on disk, by its absolute path. */
export function diskChanged(absolute: string): void {
  for (const listener of listeners) listener(absolute);
}
