/**
 * Structural edits as a designer makes them, with the real mouse and keyboard: the real CLI (`init`, then
 * `dev --root`) on a copy of the console, signed in, the editor in Chromium. After each wrap, duplicate, delete,
 * re-tag and move the right element is selected: named in the frame's label (never a raw codebase id), highlighted
 * in the layers and outlined in every frame that shows it; in a card rendered by a `.map`, the card acted on. Each
 * test checks the frames and the bytes on disk.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Frame, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { signIn } from './session.js';
import { initConsoleCopy, openCanvas, paletteItemBox, succeeded, type StudioPage } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

const CARD_FILE = ['src', 'features', 'countries', 'country-card.tsx'];

// Each test makes several edits, each written and hot-reloaded: on a busy two-core machine that takes its time.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

type Studio = StudioPage;

/** Opens a canvas, signed in, and waits until its frame shows the country cards and the layers have them. */
async function openStudio(page: Page, url: string, canvasId: string): Promise<Studio> {
  await signIn(page, url);
  return openCanvas(page, url, canvasId, (studio) => expect(studio.frame.getByRole('heading', { level: 3 })).toHaveCount(6, { timeout: 60_000 }));
}

/** The third country card of a frame: the one acted on, so that "the first card" is never right by luck. */
const thirdCard = (frame: FrameLocator) => frame.getByRole('article').nth(2);

/**
 * Waits until the frame outlines exactly `target` as the selection (the one primary outline on its box) and its
 * label names it `name`; no label of the frame shows a raw codebase id.
 */
async function outlinedAs(frame: FrameLocator, target: Locator, name: string): Promise<void> {
  const outline = frame.locator('.outline-primary, .outline-component');
  await expect(async () => {
    await expect(outline).toHaveCount(1, { timeout: 500 });
    const [box, want] = [await outline.boundingBox(), await target.boundingBox()];
    expect(box && want).toBeTruthy();
    for (const side of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(box![side] - want![side])).toBeLessThan(2);
  }).toPass({ timeout: 15_000 });
  const labels = frame.locator('.name-label');
  await expect(labels.filter({ hasText: new RegExp(`^${name}$`) })).toHaveCount(1);
  for (const text of await labels.allTextContents()) expect(text).not.toMatch(/tempo-/);
}

/** The layers show `name` as the one selected row. */
async function selectedInLayers(studio: Studio, name: string): Promise<void> {
  await expect(studio.layers.getByRole('treeitem', { selected: true })).toHaveCount(1);
  await expect(studio.layers.getByRole('treeitem', { selected: true })).toHaveAccessibleName(name);
}

/** The console's page in the canvas's first frame (for what only a script in it can see: every painted frame). */
function consolePage(page: Page, url: string): Frame {
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame() && candidate.url().startsWith(url) && !candidate.url().includes('/_studio'));
  if (!frame) throw new Error('no console frame');
  return frame;
}

/**
 * Counts, at every painted frame of the console page, the visible elements of the third card that `selector`
 * matches with exactly this text, until `stop` is called: the counts, one per frame.
 */
async function countEveryFrame(frame: Frame, selector: string, text: string): Promise<() => Promise<number[]>> {
  await frame.evaluate(
    ([selector, text]) => {
      const state = { counts: [] as number[], on: true };
      (window as unknown as { flickerCounts: typeof state }).flickerCounts = state;
      const tick = () => {
        const card = document.querySelectorAll('article')[2];
        const shown = card ? Array.from(card.querySelectorAll(selector)).filter((element) => element.textContent?.trim() === text && element.getClientRects().length > 0) : [];
        state.counts.push(shown.length);
        if (state.on) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
    [selector, text] as const,
  );
  return () =>
    frame.evaluate(() => {
      const state = (window as unknown as { flickerCounts: { counts: number[]; on: boolean } }).flickerCounts;
      state.on = false;
      return state.counts;
    });
}

/** Frames that showed anything but one element before the change and `after` once it showed, after it first showed. */
function flickeredFrames(counts: readonly number[], before: number, after: number): number[] {
  const first = counts.indexOf(after);
  const wrong = counts.map((count, index) => ({ count, index })).filter(({ count, index }) => (index < first ? count !== before : count !== after));
  return first < 0 ? [...counts] : wrong.map(({ count }) => count);
}

test.describe('structural edits and the selection', () => {
  let dir: string;
  let root: string;
  let cardFile: string;
  let server: StudioProcess;

  test.beforeAll(async () => {
    ({ dir, root } = await initConsoleCopy('plantation-studio-structure-'));
    cardFile = join(root, ...CARD_FILE);
    server = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('wrap, Escape, duplicate, delete and re-tag in the third card of a list: each time the right element of that card is selected, named and highlighted', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'structure');
    const original = await readFile(cardFile, 'utf8');
    const card = thirdCard(studio.frame);
    const heading = card.getByRole('heading', { level: 3 });

    // The card's heading, clicked in the frame.
    await heading.click();
    await outlinedAs(studio.frame, heading, 'h3');
    await selectedInLayers(studio, 'h3');

    // Wrapped with the key pressed in the frame: the new wrapper is selected, in the third card.
    await page.keyboard.press('Control+g');
    await succeeded(studio, /^Wrap element in div: Succeeded$/);
    await expect.poll(() => readFile(cardFile, 'utf8')).toMatch(/<div>\s*<h3 id=\{headingId\}/);
    const wrapper = card.locator('div:has(> h3)');
    await expect(wrapper).toHaveCount(1);
    await outlinedAs(studio.frame, wrapper, 'div');
    await selectedInLayers(studio, 'div');

    // The heading again, then Escape: its parent, the wrapper.
    await heading.click();
    await outlinedAs(studio.frame, heading, 'h3');
    await page.keyboard.press('Escape');
    await outlinedAs(studio.frame, wrapper, 'div');
    await selectedInLayers(studio, 'div');

    // The heading duplicated: the one acted on stays selected (the third card's first heading), one copy each.
    await heading.click();
    await outlinedAs(studio.frame, heading, 'h3');
    await page.keyboard.press('Control+d');
    await succeeded(studio, /^Duplicate.*: Succeeded$/);
    await expect.poll(async () => (await readFile(cardFile, 'utf8')).match(/<h3 id=\{headingId\}/g)?.length).toBe(2);
    await expect(card.getByRole('heading', { level: 3 })).toHaveCount(2);
    await outlinedAs(studio.frame, card.getByRole('heading', { level: 3 }).first(), 'h3');

    // The copy (the last child of the wrapper) deleted: the selection goes to its neighbour, the heading before it.
    const copy = card.getByRole('heading', { level: 3 }).nth(1);
    await copy.click();
    await outlinedAs(studio.frame, copy, 'h3');
    await page.keyboard.press('Delete');
    await succeeded(studio, /^Delete element: Succeeded$/);
    await expect.poll(async () => (await readFile(cardFile, 'utf8')).match(/<h3 id=\{headingId\}/g)?.length).toBe(1);
    await expect(card.getByRole('heading', { level: 3 })).toHaveCount(1);
    await outlinedAs(studio.frame, heading, 'h3');
    await selectedInLayers(studio, 'h3');

    // Re-tagged from the inspector: the same element, under its new name, still in the third card.
    const tag = page.getByRole('region', { name: 'Element inspector' }).getByRole('combobox', { name: 'Tag', exact: true });
    await tag.fill('h4');
    await tag.press('Enter');
    await succeeded(studio, /^Change tag .*h4.*: Succeeded$/);
    await expect.poll(() => readFile(cardFile, 'utf8')).toMatch(/<div>\s*<h4 id=\{headingId\}/);
    const retagged = card.getByRole('heading', { level: 4 });
    await expect(retagged).toHaveCount(1);
    await outlinedAs(studio.frame, retagged, 'h4');
    await selectedInLayers(studio, 'h4');

    // Undone, all four: the file as it started, to the byte.
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    for (let n = 1; n <= 4; n++) {
      await undo.click();
      await expect(studio.changes.getByRole('listitem', { name: /^Undo.*: Succeeded$/ })).toHaveCount(n, { timeout: 20_000 });
    }
    await expect.poll(() => readFile(cardFile, 'utf8')).toBe(original);
  });

  test('a link is dragged on the canvas like any element: an insertion line where it lands, dropped in its card\'s header, written, and selected there', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'link-drag');
    const original = await readFile(cardFile, 'utf8');
    const card = thirdCard(studio.frame);
    const link = card.getByRole('link', { name: /^Xem khu vực/ });
    const flag = card.getByRole('img').first();
    const header = card.locator('> div').first();

    const from = (await link.boundingBox())!;
    const [x, y] = [from.x + from.width / 2, from.y + from.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    // Past the drag threshold first: a link would start the browser's own drag here, and the studio's never would.
    await page.mouse.move(x + 40, y - 40, { steps: 8 });
    const target = (await flag.boundingBox())!;
    const landing = { x: target.x + target.width * 0.2, y: target.y + target.height / 2 };
    await page.mouse.move(landing.x, landing.y, { steps: 12 });
    // The frame shows the link where it will land, first in the header, before the flag (a still hand, a pixel of
    // movement, until it shows).
    let nudge = 1;
    await expect(async () => {
      await page.mouse.move(landing.x + nudge, landing.y);
      nudge = -nudge;
      await expect(header.locator('> a')).toHaveCount(1, { timeout: 1000 });
      await expect(header.locator('> :first-child')).toHaveAttribute('href', /region/, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    // The insertion line where it lands: across the header's row (upright), on the link's leading edge (it lands first).
    const line = studio.frame.locator('.drop-line');
    await expect(line).toHaveCount(1);
    const [lineBox, landedBox] = [(await line.boundingBox())!, (await header.locator('> a').boundingBox())!];
    expect(lineBox.height).toBeGreaterThan(lineBox.width);
    expect(Math.abs(lineBox.x + lineBox.width / 2 - landedBox.x)).toBeLessThan(2);
    await page.mouse.up();
    await expect(line).toHaveCount(0);
    await succeeded(studio, /^Move element: Succeeded$/);

    // Written before the flag, its lines indented one level deeper than the header's, as wrap does.
    const written = await readFile(cardFile, 'utf8');
    expect(written).toMatch(/\n {6}<div className=\{`flex items-center gap-4[^\n]*\n {8}<Link\n {10}to="\/region\/\$countryId"\n[\s\S]*?\n {10}Xem khu vực\n {8}<\/Link>\n {8}<span\n/);
    // The moved link is the selection, in the card acted on.
    await expect(header.locator('> a')).toHaveCount(1);
    await outlinedAs(studio.frame, header.locator('> a'), 'Link');

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(studio.changes.getByRole('listitem', { name: /^Undo.*: Succeeded$/ })).toHaveCount(1, { timeout: 20_000 });
    await expect.poll(() => readFile(cardFile, 'utf8')).toBe(original);
  });

  test('a duplicate and an added button show their stand-in until the hot-reloaded element is there: never two, never none', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'no-flicker');
    const original = await readFile(cardFile, 'utf8');
    const heading = thirdCard(studio.frame).getByRole('heading', { level: 3 });
    const name = (await heading.textContent())!.trim();
    await heading.click();
    await outlinedAs(studio.frame, heading, 'h3');

    // Duplicate: one heading in the card, then two at every painted frame after, until the hot reload has settled.
    const frame = consolePage(page, server.url);
    let stop = await countEveryFrame(frame, 'h3', name);
    await page.keyboard.press('Control+d');
    await succeeded(studio, /^Duplicate.*: Succeeded$/);
    await expect.poll(async () => (await readFile(cardFile, 'utf8')).match(/<h3 id=\{headingId\}/g)?.length).toBe(2);
    // The stand-in has gone (the page holds only the console's own elements) and a moment has passed.
    await expect(studio.frame.locator('[data-studio-added]')).toHaveCount(0, { timeout: 15_000 });
    await expect(thirdCard(studio.frame).getByRole('heading', { level: 3 })).toHaveCount(2);
    await page.waitForTimeout(500);
    let counts = await stop();
    expect(counts).toContain(2);
    expect(flickeredFrames(counts, 1, 2)).toEqual([]);

    // Add a button from the palette into the selection (after the heading): none, then one, at every frame.
    stop = await countEveryFrame(frame, 'button', 'Button');
    await page.getByRole('button', { name: 'Add Button', exact: true }).click();
    await succeeded(studio, /^Add <button>: Succeeded$/);
    await expect.poll(() => readFile(cardFile, 'utf8')).toMatch(/>Button<\/button>/);
    await expect(studio.frame.locator('[data-studio-added]')).toHaveCount(0, { timeout: 15_000 });
    await expect(thirdCard(studio.frame).getByRole('button', { name: 'Button', exact: true })).toHaveCount(1);
    await page.waitForTimeout(500);
    counts = await stop();
    expect(counts).toContain(1);
    expect(flickeredFrames(counts, 0, 1)).toEqual([]);

    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    for (let n = 1; n <= 2; n++) {
      await undo.click();
      await expect(studio.changes.getByRole('listitem', { name: /^Undo.*: Succeeded$/ })).toHaveCount(n, { timeout: 20_000 });
    }
    await expect.poll(() => readFile(cardFile, 'utf8')).toBe(original);
  });

  test('a palette item dragged onto a frame shows an insertion line where it will land, and is written there', async ({ page }) => {
    test.setTimeout(150_000);
    const studio = await openStudio(page, server.url, 'palette-line');
    const original = await readFile(cardFile, 'utf8');
    const card = thirdCard(studio.frame);
    const heading = card.getByRole('heading', { level: 3 });
    const from = await paletteItemBox(page, 'Add Paragraph');
    const target = (await heading.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 30, from.y + from.height / 2, { steps: 4 });
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 });

    // A heading holds no elements: the paragraph goes after it, and the line shows it between the heading and the
    // line below it, level across the card's column.
    const line = studio.frame.locator('.drop-line');
    await expect(line).toHaveCount(1);
    const below = card.locator('h3 + p');
    await expect(async () => {
      const [lineBox, headingBox, belowBox] = [(await line.boundingBox())!, (await heading.boundingBox())!, (await below.boundingBox())!];
      expect(lineBox.width).toBeGreaterThan(lineBox.height);
      expect(lineBox.y).toBeGreaterThanOrEqual(headingBox.y + headingBox.height - 2);
      expect(lineBox.y + lineBox.height).toBeLessThanOrEqual(belowBox.y + 2);
    }).toPass({ timeout: 10_000 });
    await page.mouse.up();
    await expect(line).toHaveCount(0);
    // The first write of this canvas (a new file's first parse) has taken over 20 s on a loaded machine.
    await succeeded(studio, /^Add <p>: Succeeded$/, 60_000);
    await expect.poll(() => readFile(cardFile, 'utf8')).toMatch(/<\/h3>\s*<p[^>]*>Text<\/p>/);

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(studio.changes.getByRole('listitem', { name: /^Undo.*: Succeeded$/ })).toHaveCount(1, { timeout: 20_000 });
    await expect.poll(() => readFile(cardFile, 'utf8')).toBe(original);
  });

  test('a selection in one frame is outlined in every frame that shows the element, and the other way round', async ({ page }) => {
    const studio = await openStudio(page, server.url, 'two-frames');
    await page.getByRole('button', { name: 'Add frame' }).click();
    const form = page.getByRole('form', { name: 'Add frame' });
    await form.getByLabel('Route').fill('/');
    await form.getByLabel('Viewport').selectOption({ label: 'Mobile (375×812)' });
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    const phone = page.frameLocator('iframe[title^="Console: "]').nth(1);
    await expect(phone.getByRole('heading', { level: 3 })).toHaveCount(6, { timeout: 30_000 });

    // Selected in the desktop frame: the phone outlines its own third card's heading.
    await thirdCard(studio.frame).getByRole('heading', { level: 3 }).click();
    await outlinedAs(studio.frame, thirdCard(studio.frame).getByRole('heading', { level: 3 }), 'h3');
    await outlinedAs(phone, thirdCard(phone).getByRole('heading', { level: 3 }), 'h3');

    // Selected in the phone: the desktop follows.
    const secondInPhone = phone.getByRole('article').nth(1).getByRole('heading', { level: 3 });
    await secondInPhone.scrollIntoViewIfNeeded();
    await secondInPhone.click();
    await outlinedAs(phone, secondInPhone, 'h3');
    await outlinedAs(studio.frame, studio.frame.getByRole('article').nth(1).getByRole('heading', { level: 3 }), 'h3');

  });
});
