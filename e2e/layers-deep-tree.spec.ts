/**
 * A deep element tree (twenty levels of layout wrappers) stays readable in the Layers panel: the innermost element,
 * selected in the frame, has its row in view with its whole name inside the panel and a cue naming its depth.
 */
import { expect, test } from '@playwright/test';
import { fixtureProject, type FixtureProject } from '../test-support/fixture-project.js';
import { startStudio, type StudioProcess } from './studio-process.js';

let project: FixtureProject;
let studio: StudioProcess | undefined;

test.beforeAll(async () => {
  project = await fixtureProject('wrapped-text');
  studio = await startStudio(['dev', '--root', project.root]);
});
test.afterAll(async () => {
  await studio?.stop();
  await project?.remove();
});

test("a deep element's row is in view, its name whole inside the panel, with its depth", async ({ page }) => {
  // Why longer: the project's first page load on a fresh machine compiles its modules and dependencies.
  test.setTimeout(120_000);
  await page.goto(`${studio!.url}/_studio/canvas/deep-${test.info().repeatEachIndex}-${test.info().retry}`);
  const frame = page.frameLocator('iframe[data-studio-frame-id]').first();
  await frame.getByText('Deepest note', { exact: true }).click({ timeout: 60_000 });
  const panel = page.getByRole('complementary', { name: 'Layers and elements' });
  const row = panel.getByRole('treeitem', { name: 'span', selected: true });
  await expect(row).toBeInViewport({ timeout: 30_000 });
  const level = Number(await row.getAttribute('aria-level'));
  expect(level).toBeGreaterThanOrEqual(15);
  await expect(row).toContainText(String(level));
  await expect(row).toHaveAttribute('title', /^span/);
  const name = row.locator('[data-layer-name]');
  await expect(name).toHaveText('span');
  const [panelBox, nameBox] = [await panel.boundingBox(), await name.boundingBox()];
  expect(nameBox!.x).toBeGreaterThanOrEqual(panelBox!.x);
  expect(nameBox!.x + nameBox!.width).toBeLessThanOrEqual(panelBox!.x + panelBox!.width);
  // Not cut: the name's text fits its box.
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
});
