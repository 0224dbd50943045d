/**
 * The theme a golden case is worked out with: its `theme.json` names a project (`{"project": "console"}` for the
 * console's own Tailwind 4 theme, or the name of a fixture project in `test-support/__fixtures__/projects/`, such as
 * `tailwind3-postcss`), whose theme is read by the studio's own loader, once per run. A case without it has none.
 * `"styling"` overrides what was read of how the project styles (`{"host": …}`: a habit its code does not show).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ProjectTheme } from '../../contracts/project-theme.js';
import type { ProjectStyling } from '../../contracts/styling-idioms.js';
import { fixtureProject } from '../../test-support/fixture-project.js';
import { loadProjectTheme } from '../tailwind/project-theme.js';

const CONSOLE = path.join(import.meta.dirname, '..', '..', 'client', 'console');
const themes = new Map<string, Promise<ProjectTheme>>();

async function readTheme(project: string): Promise<ProjectTheme> {
  if (project === 'console') return loadProjectTheme(CONSOLE);
  const copy = await fixtureProject(project);
  try {
    return await loadProjectTheme(copy.root);
  } finally {
    await copy.remove();
  }
}

/** The theme the case's `theme.json` names, or undefined. */
export function goldenThemeFor(caseDir: string): Promise<ProjectTheme> | undefined {
  const file = path.join(caseDir, 'theme.json');
  if (!fs.existsSync(file)) return undefined;
  const { project, styling } = JSON.parse(fs.readFileSync(file, 'utf8')) as { project: string; styling?: Partial<ProjectStyling> };
  let theme = themes.get(project);
  if (!theme) {
    theme = readTheme(project);
    themes.set(project, theme);
  }
  return styling ? theme.then((read) => ({ ...read, styling: { systems: [], dominant: null, ...read.styling, ...styling } })) : theme;
}
