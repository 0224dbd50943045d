/**
 * The CSS an agent's change needs to be shown at once (`AgentInstantCss` in `contracts/agent-api.ts`): the rules the
 * project's own Tailwind generates for the classes the change adds, asked of the server's warm Tailwind while the
 * change is checked, so the page's frames paint it without a CSS request of their own (the designer's inspector
 * asks while the class is typed; an agent types nothing first). It only feeds the instant update: never written.
 */
import type { AgentInstantCss } from '../../contracts/agent-api.js';
import type { MutationKind } from '../../contracts/change-kinds.js';
import type { TailwindCssAnswer } from '../tailwind/tailwind-css.js';

/** Why bounded: a cold compile of the project's CSS takes hundreds of milliseconds; the page then asks for itself. */
export const AGENT_INSTANT_CSS_WAIT_MS = 250;

/** What computes CSS for classes: the server's `TailwindCss`. */
export interface InstantCssSource {
  cssFor(request: unknown): Promise<TailwindCssAnswer>;
}

const stringsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []);

/**
 * The classes whose CSS the instant update of a change of `kind` would ask for: an added class (its rule without
 * variants: the frame puts the variants on it), or the classes an update of the list adds. None for other kinds.
 * Read from a body not checked yet (it is checked at the same time): anything unexpected is no class.
 */
export function classesAddedBy(kind: MutationKind, body: unknown): string[] {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  let classes: string[] = [];
  if (kind === 'addClass') classes = stringsOf([fields.className]);
  else if (kind === 'updateClasses') {
    const old = new Set(stringsOf(fields.oldClasses));
    classes = stringsOf(fields.newClasses).filter((name) => !old.has(name));
  }
  // What Tailwind's request takes: whole class names, at most 200 of them.
  return [...new Set(classes)].filter((name) => /^[^\s\u0000-\u001f\u007f]{1,256}$/.test(name)).slice(0, 200);
}

/**
 * The instant CSS of `classes`, or undefined: no class, no Tailwind in the project, a class Tailwind cannot
 * compile, nothing generated, or no answer within `waitMs`. Never rejects: without it the page asks as before.
 */
export async function instantCssFor(source: () => Promise<InstantCssSource>, classes: string[], waitMs = AGENT_INSTANT_CSS_WAIT_MS): Promise<AgentInstantCss | undefined> {
  if (classes.length === 0) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), waitMs);
  });
  const asked = (async (): Promise<AgentInstantCss | undefined> => {
    const answer = await (await source()).cssFor({ classes });
    const generated = answer.classes.filter((entry) => entry.generated).map((entry) => entry.className);
    return generated.length > 0 && answer.css.trim() ? { css: answer.css, classes: generated } : undefined;
  })().catch(() => undefined);
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}
