/**
 * How the studio speaks of the project it serves: "the console" only for the plantation console; another project
 * by its own name (its package.json `name`), or "the project" when it has none. The server puts the name in the
 * studio page (`PROJECT_NAME_META`, absent for the console); the editor's words are made from it here.
 */

/** The `<meta>` of the studio page that names the project (absent: the console; empty: a project without a name). */
export const PROJECT_NAME_META = 'plantation-studio-project';

export interface ProjectWords {
  /** At the start of a sentence: "The console", "The project", "orchard-app". */
  subject: string;
  /** Inside a sentence: "the console", "the project", "orchard-app". */
  object: string;
  /** A short label (a frame's title): "Console", "Project", "orchard-app". */
  label: string;
}

/** The words for a project named `name`; `undefined` is the console, `''` a project without a name. */
export function projectWords(name: string | undefined): ProjectWords {
  if (name === undefined) return { subject: 'The console', object: 'the console', label: 'Console' };
  if (name === '') return { subject: 'The project', object: 'the project', label: 'Project' };
  return { subject: name, object: name, label: name };
}
