/**
 * The CSS of a class as the designer types it, asked of the server's Tailwind (the project's own) while they type:
 * when Enter comes, the change carries it as its `cssEquivalent`, and the frame shows the class in the next frame
 * instead of waiting for a request of its own. Answers are kept for the classes asked about last.
 */
import { studioCall } from '../api/studio-client';

const KEPT = 200;
const known = new Map<string, Promise<string | null>>();
/** The answers that have come, by class: read without waiting, since a promise's value is only seen a microtask later. */
const answered = new Map<string, string | null>();

/**
 * Whether a typed name can be a whole class: one the project's Tailwind lists, or an arbitrary value that is
 * closed (`text-[#c80000]`). Partial names typed on the way are not worth a compile on the server.
 */
export function isWholeClassName(className: string, vocabulary: ReadonlySet<string>): boolean {
  return vocabulary.has(className) || /^[^\s[\]]+-\[[^\s\]]+\]$/.test(className);
}

/** Starts (or reuses) the request for the CSS of a class without variants; a failure is an answer of null. */
export function prefetchClassCss(className: string): Promise<string | null> {
  const name = className.trim();
  if (!name || /\s/.test(name)) return Promise.resolve(null);
  let pending = known.get(name);
  if (!pending) {
    pending = studioCall<{ css?: unknown }>('/tailwind/css', { method: 'POST', body: { classes: [{ className: name, modifiers: [] }] } }).then(
      (answer) => (typeof answer?.css === 'string' && answer.css.trim() ? answer.css : null),
      () => null,
    );
    known.set(name, pending);
    void pending.then((css) => {
      if (known.get(name) === pending) answered.set(name, css);
    });
    if (known.size > KEPT) {
      const oldest = known.keys().next().value!;
      known.delete(oldest);
      answered.delete(oldest);
    }
  }
  return pending;
}

/**
 * The CSS of a class if its request has already answered, else null at once: Enter never waits for it (the frame
 * then asks for the CSS itself). Synchronous, so the change leaves in the Enter's own task, before the editor
 * renders anything.
 */
export function settledClassCss(className: string): string | null {
  return answered.get(className.trim()) ?? null;
}
