/**
 * The style controls on a Bootstrap app and a Chakra app (copies of the `bootstrap-app` and `chakra-app` fixtures),
 * in real Chromium: the inspector names the idiom it writes, a value shows in the frame at once and is written the
 * project's way (Bootstrap's utility replacing the element's, Chakra's style prop with its token); a Chakra
 * component swapped in through the Tag field is imported from the package; undo gives back the file's bytes.
 */
import { expect, test } from '@playwright/test';
import { read, serve, typeInto, undo, type Served } from './idioms-studio.js';

test.describe('Bootstrap', () => {
  let served: Served | undefined;
  test.beforeAll(async () => {
    served = await serve('bootstrap-app');
  });
  test.afterAll(async () => {
    await served?.studio.stop();
    await served?.project.remove();
  });

  test("a colour is written as Bootstrap's utility, replacing the element's, shown at once", async ({ page }) => {
    // Why longer: the project's first page load compiles its modules and Bootstrap's stylesheet.
    test.setTimeout(120_000);
    const app = read(served!, 'src/App.tsx');
    await page.goto(`${served!.studio.url}/_studio/canvas/bootstrap-${test.info().repeatEachIndex}-${test.info().retry}`);
    const heading = page.frameLocator('iframe[data-studio-frame-id]').first().getByRole('heading', { name: 'Vườn cao su' });
    await heading.click();
    await expect(page.getByRole('combobox', { name: 'Styling idiom' })).toHaveValue('bootstrap', { timeout: 30_000 });

    await typeInto(page, 'Text colour', '#0d6efd');
    await expect(heading).toHaveCSS('color', 'rgb(13, 110, 253)');
    await expect.poll(() => read(served!, 'src/App.tsx'), { timeout: 15_000 }).toContain('<h1 className="mb-2 text-primary">');
    // Once hot reload has brought the new class, Bootstrap's own rule keeps the colour.
    await expect(heading).toHaveCSS('color', 'rgb(13, 110, 253)');
    await undo(page);
    await expect.poll(() => read(served!, 'src/App.tsx'), { timeout: 15_000 }).toBe(app);
  });
});

test.describe('Chakra', () => {
  let served: Served | undefined;
  test.beforeAll(async () => {
    served = await serve('chakra-app');
  });
  test.afterAll(async () => {
    await served?.studio.stop();
    await served?.project.remove();
  });

  test("a font size is written as Chakra's style prop with its token, and a component is swapped in with its import", async ({ page }) => {
    // Why longer: the first load compiles Chakra, and the tag change asks the type checker for the package's exports.
    test.setTimeout(240_000);
    const app = read(served!, 'src/App.tsx');
    await page.goto(`${served!.studio.url}/_studio/canvas/chakra-${test.info().repeatEachIndex}-${test.info().retry}`);
    const frame = page.frameLocator('iframe[data-studio-frame-id]').first();
    const heading = frame.getByRole('heading', { name: 'Vườn cao su' });
    await heading.click();
    await expect(page.getByRole('combobox', { name: 'Styling idiom' })).toHaveValue('style-props', { timeout: 30_000 });

    await typeInto(page, 'Font size', '18px');
    await expect(heading).toHaveCSS('font-size', '18px');
    await expect.poll(() => read(served!, 'src/App.tsx'), { timeout: 15_000 }).toContain('<Heading size="lg" color="teal.600" fontSize="lg">');
    await expect(heading).toHaveCSS('font-size', '18px');
    await undo(page);
    await expect.poll(() => read(served!, 'src/App.tsx'), { timeout: 15_000 }).toBe(app);

    await frame.getByText('Sản lượng hôm nay').click();
    const tag = page.getByRole('region', { name: 'Element inspector' }).getByRole('combobox', { name: 'Tag', exact: true });
    // Chakra's Text renders a <p>, which the frame shows; the change goes to the <Text> of the source.
    await expect(tag).toHaveValue(/^(Text|p)$/, { timeout: 30_000 });
    await tag.fill('Badge');
    await tag.press('Enter');
    await expect.poll(() => read(served!, 'src/App.tsx'), { timeout: 90_000 }).toContain("import { Badge, Box, Heading, Stack, Text } from '@chakra-ui/react';");
    expect(read(served!, 'src/App.tsx')).toContain('<Badge color="gray.600">Sản lượng hôm nay</Badge>');
    await undo(page);
    await expect.poll(() => read(served!, 'src/App.tsx'), { timeout: 15_000 }).toBe(app);
  });
});
