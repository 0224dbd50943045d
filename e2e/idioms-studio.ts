/**
 * What the style-idiom specs share: a fixture project copied and served by the real CLI, its files read from disk,
 * and the inspector's style fields driven with the keyboard as a designer does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { fixtureProject, type FixtureProject } from '../test-support/fixture-project.js';
import { startStudio, type StudioProcess } from './studio-process.js';

export interface Served {
  project: FixtureProject;
  studio: StudioProcess;
}

/** A copy of the named fixture project, with `dev --root` started on it. */
export async function serve(name: string): Promise<Served> {
  const project = await fixtureProject(name);
  return { project, studio: await startStudio(['dev', '--root', project.root]) };
}

/** A file of the served project, as it is on disk now. */
export const read = (served: Served, file: string) => readFileSync(join(served.project.root, file), 'utf8');

/** Types into a style field of the inspector with the keyboard, and writes it with Enter. */
export async function typeInto(page: Page, name: string, value: string): Promise<void> {
  const field = page.getByRole('region', { name: 'Element inspector' }).getByRole('combobox', { name, exact: true });
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(value);
  await field.press('Enter');
}

/** Undoes the canvas's last change with the studio's key, as a designer does. */
export async function undo(page: Page): Promise<void> {
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ControlOrMeta+z');
}

