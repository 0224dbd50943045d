/**
 * CSS mode on an element styled by a CSS module (a copy of the css-modules fixture): the colour set in the style
 * controls shows in the frame at once on the element (whose class is the module's hashed one), lands in the
 * module's rule, and stays once hot reload has brought the module's new CSS.
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

test('a colour set on an element of a CSS module shows at once and is written into its module', async ({ page }) => {
  // Why longer: the project's first page load on a fresh machine compiles its modules and dependencies.
  test.setTimeout(120_000);
  const read = (file: string) => readFileSync(join(project.root, file), 'utf8');
  const card = read('src/Card.tsx');
  // Each repetition its own colour, so what it sees is its own change.
  const colour = ['#1f4d1b', '#7a1f1f', '#1f3a7a'][test.info().repeatEachIndex % 3]!;
  const rgb = `rgb(${[1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)).join(', ')})`;

  await page.goto(`${studio!.url}/_studio/canvas/css-module-${test.info().repeatEachIndex}-${test.info().retry}`);
  const frame = page.frameLocator('iframe[data-studio-frame-id]').first();
  const heading = frame.getByRole('heading', { name: 'Field 12' });
  await heading.click();
  const frameworks = page.getByRole('radiogroup', { name: 'Styling framework' });
  await expect(frameworks.getByRole('radio', { name: 'CSS' })).toHaveAttribute('aria-checked', 'true', { timeout: 30_000 });
  // The element's class is the module's, hashed by Vite: not the `.card-title` of the source.
  await expect(heading).toHaveAttribute('class', /card-title|cardTitle/);
  await expect(heading).not.toHaveAttribute('class', /^card-title$/);

  const text = page.getByRole('region', { name: 'Element inspector' }).getByRole('combobox', { name: 'Text colour', exact: true });
  await text.click();
  await text.press('ControlOrMeta+a');
  await text.pressSequentially(colour);
  await text.press('Enter');

  await expect(heading).toHaveCSS('color', rgb);
  await expect.poll(() => read('src/Card.module.css'), { timeout: 15_000 }).toContain(`.card-title {\n  margin: 0 0 0.5rem;\n  font-size: 1.5rem;\n  color: ${colour};\n}`);
  expect(read('src/Card.tsx')).toBe(card);
  // Once hot reload has brought the module's new rule, the heading keeps the colour from its own class.
  await expect(heading).toHaveCSS('color', rgb);
});
