/**
 * CSS mode on a MUI app and on a styled-components app (copies of the mui-app and styled-app fixtures): the
 * inspector names the idiom it will write (the heading's `sx`, the heading's styled template), the colour set in the
 * style controls shows in the frame at once, and it is written in that idiom (the theme's palette key in `sx`, a
 * declaration in the template), with no new stylesheet; a plain element (`<p>`) becomes a styled component of its
 * file, as these projects' developers write one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fixtureProject, type FixtureProject } from '../test-support/fixture-project.js';
import { startStudio, type StudioProcess } from './studio-process.js';

const CASES = [
  { fixture: 'mui-app', idiom: 'MUI sx', colour: '#c77d32', written: "sx={{ color: 'secondary.main', mb: 2 }}" },
  { fixture: 'styled-app', idiom: 'styled template', colour: '#1f4d1b', written: '  font-size: 2rem;\n  color: #1f4d1b;\n' },
] as const;

/** A plain element of each app, which takes the project's way with one: a styled component declared for it. */
const PLAIN_CASES = [
  { fixture: 'mui-app', text: 'Updated every hour.', idiom: 'styled() object', written: "const Text = styled('p')({\n  color: '#1f4d1b',\n});" },
  { fixture: 'styled-app', text: 'Six drones are flying.', idiom: 'styled template', written: 'const Text = styled.p`\n  color: #1f4d1b;\n`;' },
] as const;

/** Sets the text colour of the selected element in the inspector's style controls. */
async function setTextColour(page: Page, colour: string): Promise<void> {
  const text = page.getByRole('region', { name: 'Element inspector' }).getByRole('combobox', { name: 'Text colour', exact: true });
  await text.click();
  await text.press('ControlOrMeta+a');
  await text.pressSequentially(colour);
  await text.press('Enter');
}

for (const { fixture, idiom, colour, written } of CASES) {
  test.describe(fixture, () => {
    let project: FixtureProject;
    let studio: StudioProcess | undefined;

    test.beforeAll(async () => {
      project = await fixtureProject(fixture);
      studio = await startStudio(['dev', '--root', project.root]);
    });
    test.afterAll(async () => {
      await studio?.stop();
      await project?.remove();
    });

    test(`the style controls write ${idiom} and show it at once`, async ({ page }) => {
      // Why longer: the project's first page load on a fresh machine compiles its dependencies.
      test.setTimeout(180_000);
      const read = (file: string) => readFileSync(join(project.root, file), 'utf8');
      const rgb = `rgb(${[1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)).join(', ')})`;

      await page.goto(`${studio!.url}/_studio/canvas/idioms-${fixture}-${test.info().retry}`);
      const frame = page.frameLocator('iframe[data-studio-frame-id]').first();
      const heading = frame.getByRole('heading', { name: 'Plantation' });
      await heading.click({ timeout: 90_000 });
      const frameworks = page.getByRole('radiogroup', { name: 'Styling framework' });
      await expect(frameworks.getByRole('radio', { name: 'CSS' })).toHaveAttribute('aria-checked', 'true', { timeout: 30_000 });
      const picker = page.getByRole('combobox', { name: 'Styling idiom' });
      await expect(picker.locator('option:checked')).toHaveText(idiom, { timeout: 30_000 });

      await setTextColour(page, colour);
      await expect(heading).toHaveCSS('color', rgb);
      await expect.poll(() => read('src/App.tsx'), { timeout: 15_000 }).toContain(written);
      expect(existsSync(join(project.root, 'src', 'App.css'))).toBe(false);
      // Once hot reload has brought the written style, the heading keeps the colour from the source.
      await expect(heading).toHaveCSS('color', rgb);
    });

    const plain = PLAIN_CASES.find((c) => c.fixture === fixture)!;
    test(`a plain element gets the project's way (${plain.idiom}), not a stylesheet`, async ({ page }) => {
      test.setTimeout(180_000);
      const read = (file: string) => readFileSync(join(project.root, file), 'utf8');
      const colour = '#1f4d1b';
      await page.goto(`${studio!.url}/_studio/canvas/plain-${fixture}-${test.info().retry}`);
      const frame = page.frameLocator('iframe[data-studio-frame-id]').first();
      const paragraph = frame.getByText(plain.text, { exact: true });
      await paragraph.click({ timeout: 90_000 });
      const picker = page.getByRole('combobox', { name: 'Styling idiom' });
      await expect(picker.locator('option:checked')).toHaveText(plain.idiom, { timeout: 30_000 });

      await setTextColour(page, colour);
      await expect(paragraph).toHaveCSS('color', 'rgb(31, 77, 27)');
      await expect.poll(() => read('src/App.tsx'), { timeout: 15_000 }).toContain(plain.written);
      expect(read('src/App.tsx')).toContain(`<Text>${plain.text}</Text>`);
      expect(existsSync(join(project.root, 'src', 'App.css'))).toBe(false);
      await expect(paragraph).toHaveCSS('color', 'rgb(31, 77, 27)');
    });
  });
}

/**
 * A styled component imported from another file (the styled-app fixture's `Subheading`, declared as `Heading` in
 * `src/ui/Heading.tsx`, used twice in App.tsx): the inspector names the declaration it writes and its other use, the
 * colour shows at once and is written in that template, App.tsx untouched, no stylesheet; "this element only" writes
 * a wrapper in App.tsx instead. One Undo each gives back the bytes.
 */
test.describe('styled-app: a styled component from another file', () => {
  let project: FixtureProject;
  let studio: StudioProcess | undefined;

  test.beforeAll(async () => {
    project = await fixtureProject('styled-app');
    studio = await startStudio(['dev', '--root', project.root]);
  });
  test.afterAll(async () => {
    await studio?.stop();
    await project?.remove();
  });

  test('writes its template where it is declared, or a wrapper for this element only, each undone in one step', async ({ page }) => {
    test.setTimeout(180_000);
    const read = (file: string) => readFileSync(join(project.root, file), 'utf8');
    const app = read('src/App.tsx');
    const heading = read('src/ui/Heading.tsx');
    await page.goto(`${studio!.url}/_studio/canvas/imported-styled-${test.info().retry}`);
    const frame = page.frameLocator('iframe[data-studio-frame-id]').first();
    const drones = frame.getByRole('heading', { name: 'Drones' });
    await drones.click({ timeout: 90_000 });
    const picker = page.getByRole('combobox', { name: 'Styling idiom' });
    await expect(picker.locator('option:checked')).toHaveText('styled template', { timeout: 30_000 });
    const writes = page.getByRole('status', { name: 'What the style controls write' });
    await expect(writes).toHaveText(/^Writes Heading's template at src\/ui\/Heading\.tsx:3; also used by 1 other place: src\/App\.tsx:\d+\.$/);

    await setTextColour(page, '#1f4d1b');
    await expect(drones).toHaveCSS('color', 'rgb(31, 77, 27)');
    await expect.poll(() => read('src/ui/Heading.tsx'), { timeout: 15_000 }).toContain("  margin: ${(props) => props.$space ?? '0 0 8px'};\n  color: #1f4d1b;\n`;");
    expect(read('src/App.tsx')).toBe(app);
    expect(existsSync(join(project.root, 'src', 'App.css'))).toBe(false);
    // The other use shows the shared template's colour too, once hot reload has brought it.
    await expect(frame.getByRole('heading', { name: 'Fields' })).toHaveCSS('color', 'rgb(31, 77, 27)');

    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    await undo.focus();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => read('src/ui/Heading.tsx'), { timeout: 15_000 }).toBe(heading);

    // The heading stays selected: the same element, now for this element only.
    await picker.selectOption({ label: 'this element only (styled wrapper)' });
    await expect(writes).toHaveText("Writes a styled wrapper of Heading in src/App.tsx for this element only; Heading and its other uses stay as they are.");
    await setTextColour(page, '#7a3b10');
    await expect(drones).toHaveCSS('color', 'rgb(122, 59, 16)');
    await expect.poll(() => read('src/App.tsx'), { timeout: 15_000 }).toContain('const AppSubheading = styled(Subheading)`\n  color: #7a3b10;\n`;');
    expect(read('src/App.tsx')).toContain('<AppSubheading as="h3">Drones</AppSubheading>');
    // The wrapper is the element's own now: the inspector says the next change goes into it.
    await expect(picker.locator('option:checked')).toHaveText('styled template');
    await expect(writes).toHaveText(/^Writes AppSubheading's template at src\/App\.tsx:\d+; used nowhere else\.$/);
    expect(read('src/ui/Heading.tsx')).toBe(heading);
    await expect(frame.getByRole('heading', { name: 'Fields' })).not.toHaveCSS('color', 'rgb(122, 59, 16)');

    await undo.click();
    await expect.poll(() => read('src/App.tsx'), { timeout: 15_000 }).toBe(app);
    expect(read('src/ui/Heading.tsx')).toBe(heading);
  });
});
