/**
 * One server's readers of the project's Tailwind: the instant CSS, the class vocabulary and the theme. They are
 * shared by the studio's routes (the theme route warms the instant CSS: a designer who opens the style controls is
 * about to set a value, and the first compile of the project's CSS would otherwise be paid by that first value).
 */
import { ProjectTailwindSource } from './project-tailwind-source.js';
import { ProjectThemeCache } from './project-theme.js';
import { TailwindCss } from './tailwind-css.js';
import { TailwindClassList } from './tailwind-classes.js';

export interface ProjectTailwindServices {
  css: TailwindCss;
  classes: TailwindClassList;
  theme: ProjectThemeCache;
}

// Why keyed by an object of the server's own (its shared source editor) rather than by root: two servers on one
// root (tests, a restart in one process) keep apart, and a closed server's readers go with it.
const byServer = new WeakMap<object, ProjectTailwindServices>();

/** The Tailwind readers of the server that `serverKey` belongs to, made on first use. */
export function projectTailwindServices(serverKey: object, root: string): ProjectTailwindServices {
  let services = byServer.get(serverKey);
  if (!services) {
    // The class list and the theme come from one read of the project's Tailwind.
    const source = new ProjectTailwindSource(root);
    services = { css: new TailwindCss(root), classes: new TailwindClassList(root, source), theme: new ProjectThemeCache(root, source) };
    byServer.set(serverKey, services);
  }
  return services;
}
