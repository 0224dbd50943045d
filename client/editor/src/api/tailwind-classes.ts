/**
 * What the project's own Tailwind says, asked of the studio server and kept for the page: the class vocabulary for
 * suggestions (`GET /_studio/api/tailwind/classes`, asked once: it is the project's configuration, which does not
 * change while a designer types), and the CSS of classes as the designer types them (`POST /_studio/api/tailwind/css`):
 * when Enter comes, the change carries it as its `cssEquivalent`, and the frame shows the class in the next frame
 * instead of waiting for a request of its own.
 */
import { STUDIO_API_PATHS } from '@contracts/studio-routes.js';
import type { StudioServer } from './studio-client';

/** How many classes' CSS answers are kept (the ones asked about last). */
const KEPT_CSS_ANSWERS = 200;

/**
 * Whether a typed name can be a whole class: one the project's Tailwind lists, or an arbitrary value that is
 * closed (`text-[#c80000]`). Partial names typed on the way are not worth a compile on the server.
 */
export function isWholeClassName(className: string, vocabulary: ReadonlySet<string>): boolean {
  return vocabulary.has(className) || /^[^\s[\]]+-\[[^\s\]]+\]$/.test(className);
}

export class TailwindClasses {
  private vocabularyAnswer: Promise<string[]> | null = null;
  private readonly cssRequests = new Map<string, Promise<string | null>>();
  /** The CSS answers that have come, by class: read without waiting, since a promise's value is only seen a microtask later. */
  private readonly cssAnswers = new Map<string, string | null>();

  constructor(private readonly server: Pick<StudioServer, 'call'>) {}

  /** The project's class names; asked again after a failure (the server may have been restarting). */
  vocabulary(): Promise<string[]> {
    this.vocabularyAnswer ??= this.server.call<{ classes: string[] }>(STUDIO_API_PATHS.tailwindClasses).then(
      (answer) => (Array.isArray(answer.classes) ? answer.classes : []),
      (error: unknown) => {
        this.vocabularyAnswer = null;
        throw error;
      },
    );
    return this.vocabularyAnswer;
  }

  /** Starts (or reuses) the request for the CSS of a class without variants; a failure is an answer of null. */
  prefetchCss(className: string): Promise<string | null> {
    const name = className.trim();
    if (!name || /\s/.test(name)) return Promise.resolve(null);
    let pending = this.cssRequests.get(name);
    if (!pending) {
      pending = this.server.call<{ css?: unknown }>(STUDIO_API_PATHS.tailwindCss, { method: 'POST', body: { classes: [{ className: name, modifiers: [] }] } }).then(
        (answer) => (typeof answer?.css === 'string' && answer.css.trim() ? answer.css : null),
        () => null,
      );
      const request = pending;
      this.cssRequests.set(name, request);
      void request.then((css) => {
        if (this.cssRequests.get(name) === request) this.cssAnswers.set(name, css);
      });
      if (this.cssRequests.size > KEPT_CSS_ANSWERS) {
        const oldest = this.cssRequests.keys().next().value!;
        this.cssRequests.delete(oldest);
        this.cssAnswers.delete(oldest);
      }
    }
    return pending;
  }

  /**
   * The CSS of a class if its request has already answered, else null at once: Enter never waits for it (the
   * frame then asks for the CSS itself). Synchronous, so the change leaves in the Enter's own task, before the
   * editor renders anything.
   */
  settledCss(className: string): string | null {
    return this.cssAnswers.get(className.trim()) ?? null;
  }
}
