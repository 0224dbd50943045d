/**
 * Issue 28's three agent tasks done end to end through MCP alone, with the studio open and the person's work left as
 * it is: the real `dev` on an `init` copy of the console, the studio open in Chromium, and `plantation-studio mcp`
 * driven by the MCP SDK's client over stdio. No element is picked by the person for the agent. The agent makes every
 * card of the country page rounder (found by component and tag, its corner class replaced as the inspector does);
 * changes the sidebar title (found by its words, written in the literal part of the template constant that holds
 * them); and gives the drone page's Add Drone button the theme's primary colour and moves it left of the view toggle
 * (a frame opened at the route, the button found by its words, the toggle among its relatives). Each time the bytes
 * on disk, the frame, and undo by the agent and by the person are checked; the person's toolbar Undo stays off for
 * the agent's steps.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, test } from '@playwright/test';
import type { AgentFindAnswer, AgentOpenedFrame, AgentRelatives } from '../contracts/agent-api.js';
import type { ThemeToken } from '../contracts/project-theme.js';
import { startAgentSession, type AgentSession } from './agent-session.js';
import { signIn } from './session.js';
import { openCanvas } from './studio-page.js';
const CARD_FILE = 'src/features/countries/country-card.tsx';
const CARD_CLASSES = 'flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md';
const DRONE_FILE = 'src/features/drones/drone-page.tsx';
const TITLE_FILE = 'src/components/shell/nav-entries.ts';
const TITLE_TEMPLATE = 'export const SIDEBAR_TITLE = `${PRODUCT_SHORT_NAME} Admin`;';

test.describe.configure({ mode: 'serial' });

const textOf = (result: CallToolResult) => result.content.flatMap((content) => (content.type === 'text' ? [content.text] : [])).join('\n');

async function call<T>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError ?? false, `${name}: ${textOf(result)}`).toBe(false);
  return result.structuredContent as T;
}

test.describe("issue 28's agent tasks through MCP alone", () => {
  let agent: AgentSession;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    agent = await startAgentSession('plantation-studio-agent-tasks-', 'agent-tasks-spec');
  });
  test.afterAll(() => agent?.stop());

  test('makes every card of the country page rounder, leaving the person’s selection and Undo alone', async ({ page }) => {
    test.setTimeout(180_000);
    const { root, server, client } = agent;
    await signIn(page, server.url);
    const studio = await openCanvas(page, server.url, 'agent-tasks-cards', (parts) =>
      expect(parts.frame.getByRole('heading', { level: 1, name: 'World Countries' })).toBeVisible({ timeout: 60_000 }),
    );
    const file = join(root, CARD_FILE);
    const original = await readFile(file, 'utf8');
    const cards = studio.frame.locator('article[aria-labelledby^="country-"]');
    await expect(cards.first()).toHaveCSS('border-top-left-radius', '16px');
    // The person is looking at the heading: selected in the studio.
    await studio.frame.getByRole('heading', { level: 1, name: 'World Countries' }).click();
    await expect(studio.layers.getByRole('treeitem', { name: 'h1', selected: true })).toBeVisible({ timeout: 20_000 });

    const found = await call<AgentFindAnswer>(client, 'find_elements', { component: 'CountryCard', tag: 'article' });
    const card = found.elements.find((element) => element.file === CARD_FILE);
    expect(card, JSON.stringify(found)).toBeTruthy();
    await call(client, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: card!.codebaseId }, className: 'rounded-3xl' } });

    expect(await readFile(file, 'utf8')).toBe(original.replace(CARD_CLASSES, CARD_CLASSES.replace('rounded-2xl', 'rounded-3xl')));
    const count = await cards.count();
    expect(count).toBeGreaterThan(1);
    for (let index = 0; index < count; index++) await expect(cards.nth(index)).toHaveCSS('border-top-left-radius', '24px');
    // The person's selection is theirs still, and their Undo does not take the agent's step back: the person has no
    // step to undo, so the toolbar's Undo is off and the key does nothing.
    await expect(studio.layers.getByRole('treeitem', { name: 'h1', selected: true })).toBeVisible();
    const written = await readFile(file, 'utf8');
    await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
    await page.getByRole('button', { name: 'Undo', exact: true }).focus();
    await page.keyboard.press('ControlOrMeta+z');
    await page.waitForTimeout(1500);
    expect(await readFile(file, 'utf8')).toBe(written);
    await expect(cards.first()).toHaveCSS('border-top-left-radius', '24px');

    await call(client, 'undo');
    expect(await readFile(file, 'utf8')).toBe(original);
    await expect(cards.first()).toHaveCSS('border-top-left-radius', '16px');
  });

  test('changes the sidebar title, written once in a template constant, in the literal part that shows its words', async ({ page }) => {
    test.setTimeout(180_000);
    const { root, server, client } = agent;
    await signIn(page, server.url);
    const studio = await openCanvas(page, server.url, 'agent-tasks-title', (parts) =>
      expect(parts.frame.getByRole('heading', { level: 1, name: 'World Countries' })).toBeVisible({ timeout: 60_000 }),
    );
    const file = join(root, TITLE_FILE);
    const original = await readFile(file, 'utf8');
    expect(original).toContain(TITLE_TEMPLATE);
    const title = studio.frame.getByText('Plantation Admin', { exact: true });
    await expect(title).toBeVisible();

    // The agent knows the words the person sees, nothing more: no element is picked for it.
    const found = await call<AgentFindAnswer>(client, 'find_elements', { text: 'Plantation Admin' });
    // The sign-in form says the same words: the sidebar's is the one written in the sidebar.
    const element = found.elements.find((candidate) => candidate.writtenIn === 'Sidebar');
    expect(element, JSON.stringify(found)).toBeTruthy();
    await call(client, 'apply_change', { kind: 'editText', body: { element: { codebaseId: element!.codebaseId }, oldText: 'Plantation Admin', newText: 'Plantation Console' } });

    const written = original.replace(TITLE_TEMPLATE, TITLE_TEMPLATE.replace(' Admin`', ' Console`'));
    expect(await readFile(file, 'utf8')).toBe(written);
    await expect(studio.frame.getByText('Plantation Console', { exact: true })).toBeVisible({ timeout: 20_000 });

    await call(client, 'undo');
    expect(await readFile(file, 'utf8')).toBe(original);
    await expect(title).toBeVisible({ timeout: 20_000 });

    await call(client, 'redo');
    expect(await readFile(file, 'utf8')).toBe(written);
    await expect(studio.frame.getByText('Plantation Console', { exact: true })).toBeVisible({ timeout: 20_000 });
    // The person takes the agent's step back from the Changes panel.
    await page.getByRole('button', { name: 'Undo this change: Edit text' }).last().click();
    await expect.poll(() => readFile(file, 'utf8'), { timeout: 20_000 }).toBe(original);
    await expect(title).toBeVisible({ timeout: 20_000 });
  });

  test("gives the drone page's Add Drone button the theme's primary colour and moves it left of the view toggle", async ({ page }) => {
    test.setTimeout(180_000);
    const { root, server, client } = agent;
    // The button starts in a colour that is not the theme's (sky): the agent's class must replace it, as the
    // inspector would, not be appended beside it.
    const file = join(root, DRONE_FILE);
    const asShipped = await readFile(file, 'utf8');
    const header = 'className="rounded-lg bg-emerald-600 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-700">\n          Add Drone';
    const original = asShipped.replace(header, header.replaceAll('emerald', 'sky'));
    expect(original).not.toBe(asShipped);
    await writeFile(file, original);
    await signIn(page, server.url);
    await openCanvas(page, server.url, 'agent-tasks-drones', (parts) =>
      expect(parts.frame.getByRole('heading', { level: 1, name: 'World Countries' })).toBeVisible({ timeout: 60_000 }),
    );

    // The person looks at the countries: the agent opens the drone page for itself.
    const opened = await call<AgentOpenedFrame>(client, 'open_frame', { route: '/drone' });
    const frame = page.frameLocator(`iframe[data-studio-frame-id="${opened.frameId}"]`);
    const button = frame.getByRole('button', { name: 'Add Drone', exact: true });
    const toggle = frame.getByRole('group', { name: 'Chế độ xem' });
    await expect(button).toBeVisible({ timeout: 60_000 });
    await expect(button).not.toHaveCSS('background-color', 'rgb(0, 131, 93)');

    // The theme's primary colour is the one the project declares itself (the console's green), used as its utility.
    const colours = await call<{ scales: { colors: { tokens: ThemeToken[] } } }>(client, 'theme', { scale: 'colors', limit: 1000 });
    const primary = colours.scales.colors.tokens.filter((token) => token.declaredIn !== undefined);
    expect(primary.map((token) => token.name)).toEqual(['emerald-600']);
    const found = await call<AgentFindAnswer>(client, 'find_elements', { text: 'Add Drone', tag: 'button' });
    const addDrone = found.elements.find((element) => element.file === DRONE_FILE);
    expect(addDrone, JSON.stringify(found)).toBeTruthy();
    await call(client, 'apply_change', { kind: 'addClass', body: { reactElement: { codebaseId: addDrone!.codebaseId }, className: `bg-${primary[0]!.name}` } });
    // The sky background is replaced by the green, the hover shade left as the project wrote it.
    const green = original.replace('rounded-lg bg-sky-600 px-4', 'rounded-lg bg-emerald-600 px-4');
    expect(await readFile(file, 'utf8')).toBe(green);
    await expect(button).toHaveCSS('background-color', 'rgb(0, 131, 93)');

    // Left of the view toggle: its sibling in the header's group of actions.
    const relatives = await call<AgentRelatives>(client, 'element_relatives', { codebaseId: addDrone!.codebaseId });
    const group = relatives.siblings.find((sibling) => sibling.tagName === 'div');
    expect(group, JSON.stringify(relatives)).toBeTruthy();
    await call(client, 'apply_change', { kind: 'moveJsxElement', body: { elementToMove: { codebaseId: addDrone!.codebaseId }, beforeElement: { codebaseId: group!.codebaseId } } });
    // On disk the button's lines moved before the group's, nothing else.
    const addButton = green.slice(green.lastIndexOf('        <button', green.indexOf('          Add Drone\n')), green.indexOf('        </button>\n', green.indexOf('          Add Drone\n')) + '        </button>\n'.length);
    const groupAt = '        <div role="group" aria-label="Chế độ xem"';
    const moved = green.replace(addButton, '').replace(groupAt, addButton + groupAt);
    expect(addButton).toContain('bg-emerald-600');
    expect(await readFile(file, 'utf8')).toBe(moved);
    // Null while a hot update draws the header again.
    const leftOf = async () => {
      const [box, toggleBox] = [await button.boundingBox(), await toggle.boundingBox()];
      return box && toggleBox ? box.x + box.width <= toggleBox.x : null;
    };
    await expect.poll(leftOf, { timeout: 20_000 }).toBe(true);

    await call(client, 'undo');
    expect(await readFile(file, 'utf8')).toBe(green);
    await expect.poll(leftOf, { timeout: 20_000 }).toBe(false);
    await call(client, 'undo');
    expect(await readFile(file, 'utf8')).toBe(original);
    await expect(button).not.toHaveCSS('background-color', 'rgb(0, 131, 93)');

    await call(client, 'redo');
    await call(client, 'redo');
    expect(await readFile(file, 'utf8')).toBe(moved);
    await expect.poll(leftOf, { timeout: 20_000 }).toBe(true);
    // The person's toolbar Undo has none of theirs to take; the Changes panel takes the agent's step back.
    await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
    await page.getByRole('button', { name: /^Undo this change: Move/ }).last().click();
    await expect.poll(() => readFile(file, 'utf8'), { timeout: 20_000 }).toBe(green);
    await expect.poll(leftOf, { timeout: 20_000 }).toBe(false);
    await page.getByRole('button', { name: /^Undo this change: Add class/ }).last().click();
    await expect.poll(() => readFile(file, 'utf8'), { timeout: 20_000 }).toBe(original);
    await expect(button).not.toHaveCSS('background-color', 'rgb(0, 131, 93)');
  });
});
