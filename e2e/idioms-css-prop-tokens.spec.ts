/**
 * Two more idioms through the style controls, in real Chromium with a designer's pointer and keys: emotion's `css`
 * prop (a copy of the `emotion-app` fixture, whose JSX is compiled with emotion's) and Chakra's built-in colour
 * tokens (a copy of `chakra-app`). Each change shows in the frame, is written in the project's idiom (the element's
 * css object or template, a `'&:hover'` entry, a new `css={{…}}` on a plain element; a Chakra style prop naming the
 * token), no stylesheet appears, and undoing every change gives back the file's bytes. The idiom the inspector
 * names can be switched by the designer, and the change is then written in the one chosen.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import type { ProjectTheme } from '../contracts/project-theme.js';
import { read, serve, typeInto, undo, type Served } from './idioms-studio.js';

/** The project's stylesheets: none of its own, and none the studio may add. */
const stylesheets = (served: Served) => readdirSync(join(served.project.root, 'src'), { recursive: true }).map(String).filter((name) => /\.(s?css|less)$/.test(name));

function styleField(page: Page, name: string): Locator {
  return page.getByRole('region', { name: 'Element inspector' }).getByRole('combobox', { name, exact: true });
}

/** What a CSS colour computes to in the frame, to compare with what an element shows. */
async function colourOf(frame: FrameLocator, expression: string): Promise<string> {
  return frame.locator('body').evaluate((body, value) => {
    const probe = document.createElement('div');
    probe.style.color = value;
    body.appendChild(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, expression);
}

async function openCanvas(page: Page, served: Served, name: string): Promise<FrameLocator> {
  await page.goto(`${served.studio.url}/_studio/canvas/${name}-${test.info().repeatEachIndex}-${test.info().retry}`);
  return page.frameLocator('iframe[data-studio-frame-id]').first();
}

test.describe("emotion's css prop", () => {
  let served: Served | undefined;
  test.beforeAll(async () => {
    served = await serve('emotion-app');
  });
  test.afterAll(async () => {
    await served?.studio.stop();
    await served?.project.remove();
  });

  test('changes go into the css object, its hover, a css template and a new css prop, shown at once; undo gives the bytes back', async ({ page }) => {
    // Why longer: the project's first page load compiles its modules, and four changes each wait for a hot reload.
    test.setTimeout(240_000);
    const app = read(served!, 'src/App.tsx');
    const file = () => read(served!, 'src/App.tsx');
    const frame = await openCanvas(page, served!, 'emotion');
    const heading = frame.getByRole('heading', { name: 'Plantation' });
    await heading.click({ timeout: 90_000 });
    const picker = page.getByRole('combobox', { name: 'Styling idiom' });
    await expect(picker.locator('option:checked')).toHaveText('emotion css prop', { timeout: 30_000 });

    // The element's css object takes the colour, beside what it had.
    await typeInto(page, 'Text colour', '#1f4d1b');
    await expect(heading).toHaveCSS('color', 'rgb(31, 77, 27)');
    await expect.poll(file, { timeout: 15_000 }).toContain("<h1 css={{ fontSize: '2rem', color: '#1f4d1b' }}>Plantation</h1>");
    await expect(heading).toHaveCSS('color', 'rgb(31, 77, 27)');

    // A hover colour, as emotion's developers write a state: an '&:hover' entry of the same object.
    const hover = page.getByRole('group', { name: 'State modifiers' }).getByRole('button', { name: 'hover', exact: true });
    await hover.click();
    await expect(hover).toHaveAttribute('aria-pressed', 'true');
    await typeInto(page, 'Text colour', '#c77d32');
    await expect.poll(file, { timeout: 15_000 }).toContain("'&:hover': { color: '#c77d32' }");
    // The state forced on in the studio, the frame shows the hover colour with no pointer on the heading.
    await page.mouse.move(5, 5);
    await expect(heading).toHaveCSS('color', 'rgb(199, 125, 50)');
    await hover.click();
    await expect(hover).toHaveAttribute('aria-pressed', 'false');
    await expect(heading).toHaveCSS('color', 'rgb(31, 77, 27)');

    // An element styled with a css`…` template: the declaration goes into the template.
    const drones = frame.getByText('Six drones are flying.', { exact: true });
    await drones.click();
    await expect(picker.locator('option:checked')).toHaveText('emotion css prop', { timeout: 30_000 });
    await typeInto(page, 'Font size', '18px');
    await expect(drones).toHaveCSS('font-size', '18px');
    await expect.poll(file, { timeout: 15_000 }).toMatch(/css=\{css`\s+color: #555;\s+font-size: 18px;\s+`\}/);
    await expect(drones).toHaveCSS('font-size', '18px');

    // A plain element of such a project gets a css prop of its own, which needs no import.
    const hourly = frame.getByText('Updated every hour.', { exact: true });
    await hourly.click();
    await expect(picker.locator('option:checked')).toHaveText('emotion css prop', { timeout: 30_000 });
    await typeInto(page, 'Text colour', '#1f4d1b');
    await expect(hourly).toHaveCSS('color', 'rgb(31, 77, 27)');
    await expect.poll(file, { timeout: 15_000 }).toContain("<p css={{ color: '#1f4d1b' }}>Updated every hour.</p>");
    await expect(hourly).toHaveCSS('color', 'rgb(31, 77, 27)');
    expect(file().match(/^import /gm)).toHaveLength(1);
    expect(stylesheets(served!)).toEqual([]);

    for (let change = 0; change < 4; change++) await undo(page);
    await expect.poll(file, { timeout: 30_000 }).toBe(app);
    await expect(heading).toHaveCSS('color', 'rgb(46, 94, 78)');
  });
});

test.describe("Chakra's built-in colour tokens", () => {
  let served: Served | undefined;
  test.beforeAll(async () => {
    served = await serve('chakra-app');
  });
  test.afterAll(async () => {
    await served?.studio.stop();
    await served?.project.remove();
  });

  test("a colour chosen among Chakra's tokens is written as its style prop token and shown; undo gives the bytes back", async ({ page }) => {
    test.setTimeout(240_000);
    const app = read(served!, 'src/App.tsx');
    const file = () => read(served!, 'src/App.tsx');
    const answer = await page.request.get(`${served!.studio.url}/_studio/api/theme`);
    expect(answer.status()).toBe(200);
    const colours = ((await answer.json()) as ProjectTheme).scales.colors;
    const token = (name: string) => colours.find((colour) => colour.name === name)?.value;
    expect(token('blue.500'), "Chakra's blue.500 among the project's colours").toBeDefined();

    const frame = await openCanvas(page, served!, 'chakra-colours');
    const heading = frame.getByRole('heading', { name: 'Vườn cao su' });
    await heading.click({ timeout: 90_000 });
    await expect(page.getByRole('combobox', { name: 'Styling idiom' })).toHaveValue('style-props', { timeout: 30_000 });
    const blue = await colourOf(frame, token('blue.500')!);

    // Typed by its name and picked from the suggestions with the keys.
    const text = styleField(page, 'Text colour');
    await text.click();
    await text.press('ControlOrMeta+a');
    await text.pressSequentially('blue.50');
    const suggestions = page.getByRole('listbox', { name: 'Text colour tokens' });
    const option = suggestions.getByRole('option', { name: /^blue\.500 · / });
    await expect(option).toBeVisible();
    while ((await option.getAttribute('aria-selected')) !== 'true') await text.press('ArrowDown');
    await text.press('Enter');
    await expect(suggestions).toBeHidden();
    await expect(heading).toHaveCSS('color', blue);
    await expect.poll(file, { timeout: 15_000 }).toContain('<Heading size="lg" color="blue.500">');
    await expect(heading).toHaveCSS('color', blue);

    // A colour given by its value, equal to a built-in token, on an element without one: the token's name again.
    const lot = frame.getByText('Lô A', { exact: true });
    await lot.click();
    await expect(page.getByRole('combobox', { name: 'Styling idiom' })).toHaveValue('style-props', { timeout: 30_000 });
    const red = token('red.600')!;
    await typeInto(page, 'Text colour', red);
    await expect(lot).toHaveCSS('color', await colourOf(frame, red));
    await expect.poll(file, { timeout: 15_000 }).toContain('<Text fontWeight="semibold" color="red.600">Lô A</Text>');
    expect(stylesheets(served!)).toEqual([]);

    await undo(page);
    await undo(page);
    await expect.poll(file, { timeout: 30_000 }).toBe(app);
  });

  test('the designer switches the idiom the inspector names, and the change is written in the one chosen', async ({ page }) => {
    test.setTimeout(240_000);
    const app = read(served!, 'src/App.tsx');
    const file = () => read(served!, 'src/App.tsx');
    const frame = await openCanvas(page, served!, 'chakra-switch');
    const lot = frame.getByText('Lô A', { exact: true });
    await lot.click({ timeout: 90_000 });
    const picker = page.getByRole('combobox', { name: 'Styling idiom' });
    await expect(picker).toHaveValue('style-props', { timeout: 30_000 });
    await picker.selectOption({ label: 'Inline style' });
    await expect(picker.locator('option:checked')).toHaveText('Inline style');

    await typeInto(page, 'Text colour', '#1f4d1b');
    await expect(lot).toHaveCSS('color', 'rgb(31, 77, 27)');
    await expect.poll(file, { timeout: 15_000 }).toContain('<Text fontWeight="semibold" style={{ color: \'#1f4d1b\' }}>Lô A</Text>');
    expect(stylesheets(served!)).toEqual([]);
    await undo(page);
    await expect.poll(file, { timeout: 30_000 }).toBe(app);
  });
});
