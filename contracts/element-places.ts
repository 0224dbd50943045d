/**
 * Where an element is, as its key's unique path says (`0-2-1`: the body's third child's second child), and which of
 * several elements with one codebase id a key a step behind the page stands for. The editor (its trees) and the
 * overlay (the live page) follow a selection through a structural edit by the same rule: the element with the key's
 * codebase id nearest the key's place. In a list rendered by a `.map`, that is the copy the user acted on, not the
 * first.
 */

/** How many leading steps two unique paths share (`0-2-1` and `0-2-3` share two). */
export function sharedPathSteps(a: string, b: string): number {
  const left = a.split('-');
  const right = b.split('-');
  let shared = 0;
  while (shared < left.length && left[shared] === right[shared]) shared++;
  return shared;
}

/** The index of the path nearest `path` among `paths` (the most leading steps shared; the first of a tie), or -1. */
export function nearestPlace(paths: readonly string[], path: string): number {
  let best = -1;
  let bestShared = -1;
  paths.forEach((candidate, index) => {
    const shared = sharedPathSteps(candidate, path);
    if (shared > bestShared) [best, bestShared] = [index, shared];
  });
  return best;
}
