/**
 * The studio page as the end-to-end tests of editing drive it: a copy of the console to edit, the page's parts found
 * by their roles, a canvas opened and waited for, and the waits the editing tests share.
 */
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

const BIN = fileURLToPath(new URL('../bin/plantation-studio.js', import.meta.url));

/** A fresh copy of the console made by `init` in a folder of its own: `root` is the copy, `dir` the folder to remove. */
export async function initConsoleCopy(prefix: string): Promise<{ dir: string; root: string }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const root = join(dir, 'console');
  await promisify(execFile)(process.execPath, [BIN, 'init', root]);
  return { dir, root };
}

export interface StudioPage {
  page: Page;
  /** The canvas's first frame (or the one given). */
  frame: FrameLocator;
  /** The first frame's layers tree. */
  layers: Locator;
  inspector: Locator;
  changes: Locator;
}

/** The parts of a studio page, found by their roles. */
export function studioParts(page: Page, frame = page.frameLocator('iframe[title^="Console: "]').first()): StudioPage {
  return {
    page,
    frame,
    layers: page.getByRole('tree').first(),
    inspector: page.getByRole('region', { name: 'Element inspector' }),
    changes: page.getByRole('list', { name: 'Change list' }),
  };
}

/**
 * Opens a canvas and waits until `ready` holds for it and the layers have the console; any error the studio page
 * throws on the way fails the test.
 */
export async function openCanvas(
  page: Page,
  url: string,
  canvasId: string,
  ready: (studio: StudioPage) => Promise<void>,
  frame?: FrameLocator,
): Promise<StudioPage> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${url}/_studio/canvas/${canvasId}`);
  const studio = studioParts(page, frame ?? page.frameLocator('iframe[title^="Console: "]').first());
  await ready(studio);
  await expect(studio.layers.getByRole('treeitem', { name: 'RouterProvider' })).toBeVisible({ timeout: 30_000 });
  expect(errors).toEqual([]);
  return studio;
}

/** Waits for a change listed under this name (`Name: Succeeded` for a string, the pattern as given) to show. */
export async function succeeded(studio: Pick<StudioPage, 'changes'>, humanName: string | RegExp, timeout = 20_000): Promise<void> {
  const name = typeof humanName === 'string' ? new RegExp(`^${humanName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: Succeeded$`) : humanName;
  try {
    await expect(studio.changes.getByRole('listitem', { name }).first()).toBeVisible({ timeout });
  } catch (error) {
    // Say what the list did show: a change that failed names its reason there, which a timeout alone hides.
    const shown = await studio.changes.getByRole('listitem').allInnerTexts().catch(() => []);
    throw new Error(`${(error as Error).message}\nThe change list showed:\n${shown.map((item) => `  ${item.replace(/\s+/g, ' ')}`).join('\n') || '  (nothing)'}`);
  }
}

/**
 * Where a palette item is, once the palette has listed the project's components: a drag measured before that could
 * start on whatever the list put under the pointer by the time the button went down.
 */
export async function paletteItemBox(page: Page, name: string): Promise<{ x: number; y: number; width: number; height: number }> {
  const palette = page.getByRole('region', { name: 'Palette' });
  await expect(palette.getByText(/^Reading the components of /)).toHaveCount(0, { timeout: 60_000 });
  const item = palette.getByRole('button', { name, exact: true });
  await expect(item).toBeVisible();
  return (await item.boundingBox())!;
}
