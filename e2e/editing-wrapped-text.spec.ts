/**
 * A library component whose markup wraps the text its use writes (`<Button>Save</Button>` rendering
 * `<button><span>Save</span></button>`, from a built package with no ids of its own): the text is edited in place on
 * the inner element, with a real pointer and keys, and written into the component element's JSX text on disk.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fixtureProject, type FixtureProject } from '../test-support/fixture-project.js';
import { startStudio, type StudioProcess } from './studio-process.js';

let project: FixtureProject;
let studio: StudioProcess | undefined;

// Each run edits the project's file: a fresh copy for each.
test.beforeEach(async () => {
  project = await fixtureProject('wrapped-text');
  studio = await startStudio(['dev', '--root', project.root]);
});
test.afterEach(async () => {
  await studio?.stop();
  await project?.remove();
});

test("a component's wrapped text is edited in place and written to its element's JSX", async ({ page }) => {
  // Why longer: the project's first page load on a fresh machine compiles its modules and dependencies.
  test.setTimeout(120_000);
  const app = join(project.root, 'src', 'App.tsx');
  const before = await readFile(app, 'utf8');
  await page.goto(`${studio!.url}/_studio/`);
  const frame = page.frameLocator('iframe[data-studio-frame-id]').first();
  const label = frame.getByText('Save', { exact: true });
  await expect(label).toBeVisible({ timeout: 60_000 });
  // The page's elements are known to the studio: the heading, selected, shows where its source is.
  await frame.getByRole('heading', { name: 'Field notes' }).click();
  await expect(page.getByRole('region', { name: 'Element inspector' }).getByText(/App\.tsx:\d+/).first()).toBeVisible({ timeout: 30_000 });
  // A double click on the inner span: its first click selects the <Button> as it is used, its second starts the edit.
  await label.dblclick();
  await expect(label).toHaveAttribute('contenteditable', 'plaintext-only');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Save draft');
  await page.keyboard.press('Enter');

  await expect.poll(() => readFile(app, 'utf8'), { timeout: 20_000 }).toBe(before.replace('<Button>Save</Button>', '<Button>Save draft</Button>'));
  // The library's markup is as it was: the text is still inside its span, and no longer editable.
  const button = frame.getByRole('button', { name: 'Save draft' });
  await expect(button.locator('span.wrap-ui-label')).toHaveText('Save draft');
  await expect(button.locator('[contenteditable]')).toHaveCount(0);
});
