/**
 * A canvas starts in the styling the project uses: CSS on a project without Tailwind (a copy of the CSS modules
 * fixture). A designer's own choice of framework is kept over a reload and the theme's refreshes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fixtureProject, type FixtureProject } from '../test-support/fixture-project.js';
import { startStudio, type StudioProcess } from './studio-process.js';

let project: FixtureProject;
let studio: StudioProcess | undefined;

test.beforeAll(async () => {
  project = await fixtureProject('css-modules');
  studio = await startStudio(['dev', '--root', project.root]);
});
test.afterAll(async () => {
  await studio?.stop();
  await project?.remove();
});

test('a new canvas of a project without Tailwind styles in CSS, and keeps a framework a designer chose', async ({ page }) => {
  // Why longer: the project's first page load on a fresh machine compiles its modules and dependencies.
  test.setTimeout(120_000);
  // A canvas never saved before, in each repetition.
  const canvasId = `fresh-${test.info().repeatEachIndex}-${test.info().retry}`;
  const savedCanvas = () => {
    try {
      return JSON.parse(readFileSync(join(project.root, '.plantation-studio', 'canvases', `${canvasId}.json`), 'utf8')) as { stylingFramework: string };
    } catch {
      return null;
    }
  };
  const frameworks = page.getByRole('radiogroup', { name: 'Styling framework' });
  // Asked for as soon as a frame starts (the handles' scale needs it): awaited from before the page loads.
  const themeAnswer = () => page.waitForResponse((response) => new URL(response.url()).pathname === '/_studio/api/theme' && response.ok());
  const selectHeading = async (themeAnswered: Promise<unknown>) => {
    const frame = page.frameLocator('iframe[data-studio-frame-id]').first();
    await frame.getByRole('heading', { name: 'Field 12' }).click();
    await expect(frameworks).toBeVisible({ timeout: 30_000 });
    await themeAnswered;
  };

  let themeAnswered = themeAnswer();
  await page.goto(`${studio!.url}/_studio/canvas/${canvasId}`);
  await selectHeading(themeAnswered);
  await expect(frameworks.getByRole('radio', { name: 'CSS' })).toHaveAttribute('aria-checked', 'true');
  // Nothing Tailwind is offered where there is none: not the framework, not its breakpoint names, not the palette's
  // Tailwind classes; and the studio speaks of the project by its name, never as "the console".
  await expect(frameworks.getByRole('radio')).toHaveText(['Inline', 'CSS']);
  await expect(page.getByLabel('Breakpoint').locator('option')).toHaveText(['All widths', 'from 40rem', 'from 48rem', 'from 64rem', 'from 80rem', 'from 96rem']);
  await expect(page.locator('iframe[title^="css-modules: "]')).toHaveCount(1);
  await expect(page.locator('iframe[title^="Console: "]')).toHaveCount(0);

  await frameworks.getByRole('radio', { name: 'Inline' }).click();
  await expect.poll(() => savedCanvas()?.stylingFramework, { timeout: 10_000 }).toBe('Inline');
  themeAnswered = themeAnswer();
  await page.reload();
  await selectHeading(themeAnswered);
  // The theme has answered again (it names CSS): the canvas keeps the designer's choice.
  await expect(frameworks.getByRole('radio', { name: 'Inline' })).toHaveAttribute('aria-checked', 'true');
  expect(savedCanvas()?.stylingFramework).toBe('Inline');
});
