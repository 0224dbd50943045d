/**
 * The overlay's answers to the editor: instant updates of every change type and their undo, CSS reports,
 * component inspection, the error overlay, preview capture and the remaining callable functions.
 */
import { expect, test } from './fixtures.js';
import { ASSEMBLED_NAV_TREE, keyOfSelector, openHarness, type Harness } from './overlay-harness.js';

interface ApplyResult {
  changeId: string;
  success: boolean;
  sendNewNavTree: boolean;
  instantUpdateData: Record<string, unknown>;
}

const idOf = (key: string) => key.split('|')[0]!;

async function apply(harness: Harness, type: string, changeFields: Record<string, unknown>, id = `${type}-1`): Promise<ApplyResult> {
  const result = await harness.call<ApplyResult>('applyChangeItemToDocument', { changeItem: { id, type, changeFields } });
  const done = await harness.waitFor('INSTANT_UPDATE_DONE', `"changeId":"${id}"`);
  expect(done.payload).toEqual(result);
  return result;
}

async function undo(harness: Harness, type: string, changeFields: Record<string, unknown>, result: ApplyResult): Promise<ApplyResult> {
  return apply(harness, 'UNDO', { changeToUndo: { id: result.changeId, type, changeFields, instantUpdateData: result.instantUpdateData } }, `undo-${result.changeId}`);
}

test('class changes: ADD_CLASS (given CSS and from the server\'s Tailwind), REMOVE_CLASS, UPDATE_CLASSES, STYLING, with undo and redo', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  const heading = harness.frame.locator('h1');
  const headingId = idOf(await keyOfSelector(harness, 'h1'));
  const colour = () => heading.evaluate((el) => getComputedStyle(el).color);
  const original = await colour();

  const addFields = { codebaseIdToAddClass: headingId, className: 'text-[#ff0000]', cssEquivalent: 'color: rgb(255, 0, 0);', modifiers: [] };
  const added = await apply(harness, 'ADD_CLASS', addFields);
  expect(added).toMatchObject({ success: true, sendNewNavTree: true, instantUpdateData: { codebaseAddedClass: 'text-[#ff0000]', addedClass: 'tempo-instant-text---ff0000-' } });
  expect(await colour()).toBe('rgb(255, 0, 0)');
  await undo(harness, 'ADD_CLASS', addFields, added);
  expect(await colour()).toBe(original);
  await expect(heading).not.toHaveClass(/tempo-instant-/);
  // Redo applies instantly again for ADD_CLASS.
  const redone = await apply(harness, 'REDO', { changeToRedo: { id: 'ADD_CLASS-1', type: 'ADD_CLASS', changeFields: addFields } }, 'redo-1');
  expect(redone.success).toBe(true);
  expect(await colour()).toBe('rgb(255, 0, 0)');
  await undo(harness, 'ADD_CLASS', addFields, redone);

  // A Tailwind class with no CSS given: the CSS comes from the studio server's Tailwind.
  const tailwindFields = { codebaseIdToAddClass: headingId, className: 'underline', addingTailwindClass: true, modifiers: [] };
  const tailwind = await apply(harness, 'ADD_CLASS', tailwindFields, 'tw-1');
  expect(tailwind.success).toBe(true);
  expect(await heading.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('underline');
  await undo(harness, 'ADD_CLASS', tailwindFields, tailwind);
  expect(await heading.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('none');

  // A colour the console does not use yet: its theme variable comes with the server's answer.
  const fuchsiaFields = { codebaseIdToAddClass: headingId, className: 'text-fuchsia-700', addingTailwindClass: true, modifiers: [] };
  const fuchsia = await apply(harness, 'ADD_CLASS', fuchsiaFields, 'tw-2');
  expect(fuchsia.success).toBe(true);
  const fuchsiaColour = await colour();
  expect(fuchsiaColour).not.toBe(original);
  expect(fuchsiaColour).not.toBe('rgba(0, 0, 0, 0)');
  await undo(harness, 'ADD_CLASS', fuchsiaFields, fuchsia);
  expect(await colour()).toBe(original);

  // A modifier that cannot be shown instantly is refused; hover is shown through the forced-state attribute.
  expect((await apply(harness, 'ADD_CLASS', { ...addFields, modifiers: ['dark'] }, 'dark-1')).success).toBe(false);
  const hoverFields = { ...addFields, modifiers: ['hover'] };
  const hover = await apply(harness, 'ADD_CLASS', hoverFields, 'hover-1');
  expect(await colour()).toBe(original);
  const key = await keyOfSelector(harness, 'h1');
  await harness.call('setSelectedElement', { elementKey: key });
  expect(await harness.call('setModifiersForSelectedElement', { modifiers: ['hover', 'md'] })).toEqual({ modifiers: ['hover'] });
  await expect(heading).toHaveAttribute('data-studio-force', 'hover');
  expect(await colour()).toBe('rgb(255, 0, 0)');
  await harness.call('setModifiersForSelectedElement', { modifiers: [] });
  await expect(heading).not.toHaveAttribute('data-studio-force');
  await undo(harness, 'ADD_CLASS', hoverFields, hover);

  const classes = (await heading.getAttribute('class'))!.split(/\s+/);
  const removedClass = classes[0]!;
  const removeFields = { codebaseIdToRemoveClass: headingId, className: removedClass };
  const removed = await apply(harness, 'REMOVE_CLASS', removeFields);
  expect(removed.success).toBe(true);
  await expect(heading).not.toHaveClass(new RegExp(`(^|\\s)${removedClass.replace(/[[\]]/g, '\\$&')}(\\s|$)`));
  await undo(harness, 'REMOVE_CLASS', removeFields, removed);
  expect((await heading.getAttribute('class'))!.split(/\s+/)).toContain(removedClass);

  const updateFields = { codebaseIdToUpdateClass: headingId, oldClasses: [removedClass], newClasses: ['italic'], involvedClasses: [] };
  const updated = await apply(harness, 'UPDATE_CLASSES', updateFields);
  expect(updated.success).toBe(true);
  expect(await heading.evaluate((el) => getComputedStyle(el).fontStyle)).toBe('italic');
  await undo(harness, 'UPDATE_CLASSES', updateFields, updated);
  expect(await heading.evaluate((el) => getComputedStyle(el).fontStyle)).toBe('normal');
  expect((await heading.getAttribute('class'))!.split(/\s+/).sort()).toEqual([...classes].sort());

  const stylingFields = { codebaseId: headingId, stylingChanges: { letterSpacing: '7px' }, stylingFramework: 'Inline', modifiers: [] };
  const styled = await apply(harness, 'STYLING', stylingFields, 'styling-1');
  expect(styled.success).toBe(true);
  await expect(heading).toHaveClass(/arb89-temp-styling/);
  expect(await heading.evaluate((el) => getComputedStyle(el).letterSpacing)).toBe('7px');
  await undo(harness, 'STYLING', stylingFields, styled);
  expect(await heading.evaluate((el) => getComputedStyle(el).letterSpacing)).not.toBe('7px');
  await expect(heading).not.toHaveClass(/arb89-temp-styling/);
});

test('element changes: REMOVE_JSX, ADD_JSX, DUPLICATE, WRAP_DIV, CHANGE_TAG, MOVE_JSX, each undone', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  const frame = harness.frame;
  const brandId = idOf(await keyOfSelector(harness, 'main p'));
  const headingId = idOf(await keyOfSelector(harness, 'h1'));
  const columnId = idOf(await keyOfSelector(harness, 'main > div'));
  const formId = idOf(await keyOfSelector(harness, 'form'));
  const brand = frame.locator(`[data-codebase-id="${brandId}"]`);

  const removeFields = { codebaseIdsToRemove: [brandId, brandId] };
  const removed = await apply(harness, 'REMOVE_JSX', removeFields);
  expect(removed.success).toBe(true);
  await expect(brand).toBeHidden();
  const removedEntries = Object.values(removed.instantUpdateData.parentToElementKeysRemoved as Record<string, { elementKeyRemoved: string; outerHTML: string }[]>).flat();
  expect(removedEntries).toHaveLength(1);
  expect(removedEntries[0]!.outerHTML).toContain('Plantation Admin');
  expect(removedEntries[0]!.elementKeyRemoved.startsWith(`${brandId}|`)).toBe(true);
  await undo(harness, 'REMOVE_JSX', removeFields, removed);
  await expect(brand).toBeVisible();

  const addFields = { codebaseIdToAddTo: columnId, afterCodebaseId: headingId, htmlForInstantUpdate: '<span class="added-by-test">Mới</span>' };
  const added = await apply(harness, 'ADD_JSX', addFields);
  expect(added.success).toBe(true);
  await expect(frame.locator('h1 + span.added-by-test')).toHaveText('Mới');
  await undo(harness, 'ADD_JSX', addFields, added);
  await expect(frame.locator('.added-by-test')).toHaveCount(0);
  // No parent in the preview: refused, logged.
  expect((await apply(harness, 'ADD_JSX', { ...addFields, codebaseIdToAddTo: 'tempo-00000000-0000-5000-8000-000000000000' }, 'add-2')).success).toBe(false);

  const duplicateFields = { codebaseIdsToDuplicate: [headingId] };
  const duplicated = await apply(harness, 'DUPLICATE', duplicateFields);
  expect(duplicated.success).toBe(true);
  await expect(frame.locator('h1')).toHaveCount(2);
  expect((duplicated.instantUpdateData.addedIds as string[])[0]).toMatch(/^tempo-duplicate-placeholder-/);
  await undo(harness, 'DUPLICATE', duplicateFields, duplicated);
  await expect(frame.locator('h1')).toHaveCount(1);

  const wrapFields = { codebaseIdsToWrap: [brandId, headingId] };
  const wrapped = await apply(harness, 'WRAP_DIV', wrapFields);
  expect(wrapped.success).toBe(true);
  await expect(frame.locator('[data-codebase-id="tempo-wrap-in-div-placeholder"] > h1')).toHaveCount(1);
  await expect(frame.locator('[data-codebase-id="tempo-wrap-in-div-placeholder"] > p')).toHaveCount(1);
  await undo(harness, 'WRAP_DIV', wrapFields, wrapped);
  await expect(frame.locator('[data-codebase-id="tempo-wrap-in-div-placeholder"]')).toHaveCount(0);
  await expect(frame.locator('h1')).toBeVisible();

  const tagFields = { codebaseIdToChange: headingId, newTagName: 'h2' };
  const retagged = await apply(harness, 'CHANGE_TAG', tagFields);
  expect(retagged.success).toBe(true);
  await expect(frame.locator(`h2[data-codebase-id="${headingId}"]`)).toHaveText('Đăng nhập');
  await expect(frame.locator('h1')).toBeHidden();
  await undo(harness, 'CHANGE_TAG', tagFields, retagged);
  await expect(frame.locator('h2')).toHaveCount(0);
  await expect(frame.locator('h1')).toBeVisible();

  const moveFields = { codebaseIdToMove: brandId, codebaseIdToMoveTo: formId };
  const moved = await apply(harness, 'MOVE_JSX', moveFields);
  expect(moved.success).toBe(true);
  await expect(frame.locator('form > p')).toHaveText('Plantation Admin');
  await undo(harness, 'MOVE_JSX', moveFields, moved);
  await expect(frame.locator('form > p')).toHaveCount(0);
  await expect(brand).toBeVisible();

  // An added element selected before it exists is selected once the rebuilt tree has it.
  const addedAgain = await apply(harness, 'ADD_JSX', { ...addFields, addCodebaseId: 'tempo-add-jsx-placeholder-x1' }, 'add-3');
  expect(addedAgain.success).toBe(true);
  const addedKeyPath = await harness.frame.evaluate(() => {
    const element = document.querySelector('.added-by-test')!;
    const path: number[] = [];
    for (let node: Element = element; node !== document.body; node = node.parentElement!) path.unshift(Array.from(node.parentElement!.children).indexOf(node));
    return ['0', ...path].join('-');
  });
  const addedKey = `tempo-add-jsx-placeholder-x1|console|${addedKeyPath}`;
  await harness.call('setSelectedElement', { elementKey: addedKey });
  await harness.waitFor('SELECTED_ELEMENT_KEY', addedKey);
  await undo(harness, 'ADD_JSX', addFields, addedAgain);

  // An unknown change type is logged and fails.
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  expect((await apply(harness, 'SOMETHING_ELSE', {}, 'odd-1')).success).toBe(false);
  expect(logs.some((line) => line.includes('Unknown change type: SOMETHING_ELSE'))).toBe(true);

  // A text edit shows in every copy that holds only text, and its undo puts the old text back.
  const textFields = { codebaseIdToEditText: brandId, newText: 'Plantation Studio', oldText: 'Plantation Admin' };
  const retexted = await apply(harness, 'EDIT_TEXT', textFields);
  expect(retexted).toMatchObject({ success: true, instantUpdateData: { replacedText: { codebaseId: brandId, oldText: 'Plantation Admin', newText: 'Plantation Studio' } } });
  await expect(brand).toHaveText('Plantation Studio');
  await undo(harness, 'EDIT_TEXT', textFields, retexted);
  await expect(brand).toHaveText('Plantation Admin');

  // No instant update for these (docs/editor.md#instant-updates); UNKNOWN sends none either.
  for (const type of ['CHANGE_PROP', 'UNKNOWN']) {
    expect((await apply(harness, type, {}, `${type}-x`)).success).toBe(false);
  }
  // REDO of a type that is not redone instantly.
  expect((await apply(harness, 'REDO', { changeToRedo: { id: 'd', type: 'DUPLICATE', changeFields: duplicateFields } }, 'redo-dup')).success).toBe(false);
});

test('EDIT_THEME_TOKEN: the variable shown at once on the root element, dropped once the stylesheet carries it; undo and redo', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  const button = harness.frame.locator('form button[type="submit"]');
  const background = () => button.evaluate((el) => getComputedStyle(el).backgroundColor);
  const override = () => harness.frame.evaluate(() => document.documentElement.style.getPropertyValue('--color-emerald-600'));
  const original = await background();
  const fields = { variable: '--color-emerald-600', value: 'rgb(1, 2, 3)', stylesheet: 'src/styles.css' };
  const edited = await apply(harness, 'EDIT_THEME_TOKEN', fields);
  expect(edited).toMatchObject({ success: true, instantUpdateData: { themeOverride: { variable: '--color-emerald-600', value: 'rgb(1, 2, 3)', previous: '#00835d' } } });
  expect(await background()).toBe('rgb(1, 2, 3)');
  // What the stylesheet's hot update brings: the override goes, and the colour stays.
  await harness.frame.evaluate(() => {
    const style = document.createElement('style');
    style.id = 'hot-updated-theme';
    style.textContent = ':root { --color-emerald-600: rgb(1, 2, 3); }';
    document.head.append(style);
  });
  await expect.poll(override).toBe('');
  expect(await background()).toBe('rgb(1, 2, 3)');
  // Undo shows the old value at once, and keeps it while the stylesheet still has the new one.
  await undo(harness, 'EDIT_THEME_TOKEN', fields, edited);
  expect(await background()).toBe(original);
  expect(await override()).toBe('#00835d');
  await harness.frame.evaluate(() => document.getElementById('hot-updated-theme')!.remove());
  await expect.poll(override).toBe('');
  expect(await background()).toBe(original);
  // Redo is shown at once too.
  const redone = await apply(harness, 'REDO', { changeToRedo: { id: 'EDIT_THEME_TOKEN-1', type: 'EDIT_THEME_TOKEN', changeFields: fields } }, 'redo-theme');
  expect(redone.success).toBe(true);
  expect(await background()).toBe('rgb(1, 2, 3)');
  await undo(harness, 'EDIT_THEME_TOKEN', fields, redone);
  expect(await background()).toBe(original);
  await expect.poll(override).toBe('');
});

test('a flush marks instant elements, and the hot reload that follows clears them; ids are remapped', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  const headingId = idOf(await keyOfSelector(harness, 'h1'));
  await apply(harness, 'DUPLICATE', { codebaseIdsToDuplicate: [headingId] });
  await expect(harness.frame.locator('h1')).toHaveCount(2);
  expect(await harness.call('setIsFlushing', { isFlushing: true })).toEqual({ isFlushing: true, prepared: 1 });
  // The studio's own instant updates are not page changes: the flagged duplicate stays until the page changes.
  expect((await apply(harness, 'ADD_CLASS', { codebaseIdToAddClass: headingId, className: 'x', cssEquivalent: 'outline: 1px solid red;', modifiers: [] }, 'own-1')).success).toBe(true);
  // During a flush only class and styling changes are shown instantly.
  expect((await apply(harness, 'REMOVE_JSX', { codebaseIdsToRemove: [headingId] }, 'held-1')).success).toBe(false);
  await expect(harness.frame.locator('h1').first()).toBeVisible();
  await page.waitForTimeout(600);
  await expect(harness.frame.locator('h1')).toHaveCount(2);
  // A change of the page (what hot reload brings) → 300 ms later the markers are cleared and the tree rebuilt.
  await harness.clearMessages();
  await harness.frame.evaluate(() => document.querySelector('main')!.classList.add('after-reload'));
  await harness.waitFor(ASSEMBLED_NAV_TREE);
  await expect(harness.frame.locator('h1')).toHaveCount(1);
  await harness.call('setIsFlushing', { isFlushing: false });

  const newId = 'tempo-11111111-2222-5333-8444-555555555555';
  // Ids shift along a chain (an insertion before them): each element moves one step, not to the chain's end.
  const chained = { [headingId]: newId, [newId]: 'tempo-11111111-2222-5333-8444-666666666666' };
  expect(await harness.call('updateCodebaseIds', { prevIdToNewIdMap: chained })).toEqual({ updated: 1 });
  await expect(harness.frame.locator(`h1[data-codebase-id="${newId}"]`)).toHaveCount(1);
  // Undo of a change whose ids the server remapped: mapped back in reverse.
  await apply(harness, 'UNDO', { changeToUndo: { id: 'x', type: 'ADD_CLASS', changeFields: {}, instantUpdateData: { prevIdToNewIdMap: { [headingId]: newId } } } }, 'undo-map');
  await expect(harness.frame.locator(`h1[data-codebase-id="${headingId}"]`)).toHaveCount(1);
});

test('CSS reports: processed rules, computed styles, rule matching, class list', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  const key = await keyOfSelector(harness, 'h1');
  await harness.call('setSelectedElement', { elementKey: key });
  const { rules } = await harness.call<{ rules: Record<string, unknown>[] }>('processRulesForSelectedElement');
  expect(rules.length).toBeGreaterThan(0);
  const applied = rules.filter((rule) => rule.applied);
  expect(applied.length).toBeGreaterThan(0);
  for (const field of ['filename', 'selector', 'styles', 'applied', 'inherited', 'removable', 'allowChanges', 'codebaseId', 'modifiers', 'eligibleToApply']) {
    expect(applied[0]).toHaveProperty(field);
  }
  expect(applied[0]!.codebaseId).toBe(idOf(key));
  // A utility class rule of the heading can be removed: without its class the selector stops matching.
  expect(applied.some((rule) => rule.removable === true && String(rule.selector).startsWith('.'))).toBe(true);
  // The page's base rules on html reach the heading by inheritance (its font family, line height).
  expect(rules.some((rule) => rule.inherited === true && rule.applied === false)).toBe(true);
  // A utility the page uses elsewhere would apply to the heading with its class added (`eligibleToApply`),
  // and one that needs a hover would not while nothing is hovered.
  const eligible = rules.filter((rule) => rule.eligibleToApply === true);
  expect(eligible.length).toBeGreaterThan(0);
  expect(eligible.every((rule) => rule.applied === false && !String(rule.selector).includes(':hover'))).toBe(true);

  const evals = await harness.call<{ styles: Record<string, string>; parentDisplay: string; parentFlexDirection: string; darkModeAncestor: boolean }>('getCssEvals', {});
  expect(Object.keys(evals.styles).length).toBeGreaterThanOrEqual(60);
  expect(evals.styles['font-weight']).toBe('700');
  expect(evals.parentDisplay).toEqual(expect.any(String));
  expect(evals.darkModeAncestor).toBe(false);

  expect(await harness.call('ruleMatchesElement', { selector: 'main h1' })).toEqual({ matches: true, valid: true });
  expect(await harness.call('ruleMatchesElement', { selector: 'form h1' })).toEqual({ matches: false, valid: true });
  expect(await harness.call('ruleMatchesElement', { selector: 'h1[' })).toEqual({ matches: false, valid: false });

  const { classList } = await harness.call<{ classList: string[] }>('getElementClassList', {});
  expect(classList).toEqual((await harness.frame.locator('h1').getAttribute('class'))!.split(/\s+/));
  // Each report goes back once: as the answer to its call, not also as a message of its own.
  for (const type of ['PROCESSED_CSS_RULES_FOR_ELEMENT', 'CSS_EVALS', 'ELEMENT_CLASS_LIST']) expect(await harness.messages(type)).toEqual([]);
});

test('inspection: props and state from React, and the catalogue replies', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  const inspect = async (payload: Record<string, unknown>) => {
    const id = `inspect-${Math.random()}`;
    await harness.send({ id, type: 'inspectElement', payload });
    return (await harness.waitFor('INSPECT_ELEMENT_RESULT', id)).payload;
  };
  const form = await inspect({ componentName: 'CredentialsForm', isComponent: true });
  expect(form.error).toBeNull();
  const result = form.result as { props: Record<string, unknown>; state: unknown };
  expect(result.props.title).toBe('Đăng nhập');
  expect(result.props.onSubmit).toMatch(/^\[Function/);
  expect(Array.isArray(result.state)).toBe(true);

  expect((await inspect({})).error).toBe('No component name');
  expect((await inspect({ componentName: 'CredentialsForm' })).error).toBe('Could not find element');
  expect((await inspect({ componentName: 'NoSuchThing', isComponent: true })).error).toBe('No component found');
  expect((await inspect({ componentName: 'CredentialsForm', tempoElementID: 'tempo-00000000-0000-5000-8000-000000000000' })).error).toBe(
    'Could not find element',
  );
  const headingId = idOf(await keyOfSelector(harness, 'h1'));
  expect((await inspect({ componentName: 'NoSuchThing', tempoElementID: headingId })).error).toBe('Could not find component');
  expect(((await inspect({ componentName: 'CredentialsForm', tempoElementID: headingId })).result as { id: string }).id).toBe(headingId);
  // Two TextFields: a warning, and the first is used.
  expect((await inspect({ componentName: 'TextField', isComponent: true })).result).not.toBeNull();
  expect(logs.some((line) => line.includes('Found 2 components named TextField'))).toBe(true);

  await harness.send({ id: 'gsp', type: 'GET_STATE_AND_PROPS', payload: { componentName: 'CredentialsForm' } });
  await harness.waitFor('INSPECT_ELEMENT_RESULT', 'gsp');
  await expect.poll(() => logs.some((line) => line.startsWith('CredentialsForm props'))).toBe(true);
});

test('an error overlay is reported: other errors and hydration failures', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!, { framePath: '/login?framework=VITE' });
  expect(await harness.call('checkIfHydrationError')).toEqual({ status: 'no_error' });
  await harness.frame.evaluate(() => setTimeout(() => {
    throw new Error('Cannot read properties of undefined (test)');
  }));
  const reported = await harness.waitFor('HYDRATION_STATUS', 'other_error');
  expect(reported.payload.errorDescr).toContain('Cannot read properties of undefined (test)');
  await expect(harness.frame.locator('vite-error-overlay')).toHaveCount(1);
  expect(await harness.call('checkIfHydrationError')).toMatchObject({ status: 'other_error' });

  await harness.frame.evaluate(() => document.querySelector('vite-error-overlay')!.remove());
  await harness.frame.evaluate(() => {
    void Promise.reject(new Error('Hydration failed because the server rendered HTML did not match the client.'));
  });
  await harness.waitFor('HYDRATION_STATUS', '"status":"error"');
  expect(await harness.call('checkIfHydrationError')).toMatchObject({ status: 'error', errorDescr: expect.stringContaining('Hydration failed') });
});

function jpegSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes[0]).toBe(0xff);
  expect(bytes[1]).toBe(0xd8);
  let offset = 2;
  while (offset < bytes.length) {
    const marker = bytes[offset + 1]!;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  throw new Error('no frame header in the JPEG');
}

test('preview capture of a card: a JPEG within the size bounds at pixel ratio 2, or the error', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  await harness.call('initProject', { canvasId: 'canvas-7' });
  const formKey = await keyOfSelector(harness, 'form');
  expect(await harness.call('captureComponentPreview', { elementKey: formKey })).toEqual({ started: true });
  const captured = await harness.waitFor('COMPONENT_PREVIEW_CAPTURED');
  const payload = captured.payload as { imageDataUrl: string; componentKey: string; codebaseId: string; storyboardId: string; canvasId: string };
  expect(payload).toMatchObject({ componentKey: formKey, codebaseId: idOf(formKey), storyboardId: 'console', canvasId: 'canvas-7' });
  expect(payload.imageDataUrl).toMatch(/^data:image\/jpeg;base64,/);
  const size = jpegSize(Buffer.from(payload.imageDataUrl.split(',')[1]!, 'base64'));
  const box = (await harness.frame.locator('form').boundingBox())!;
  expect(size.width).toBe(Math.ceil(Math.min(800, Math.max(80, box.width))) * 2);
  expect(size.height).toBe(Math.ceil(Math.min(600, Math.max(60, box.height))) * 2);
  // The outlines are not in the picture, and the page is unchanged by the capture.
  await expect(harness.frame.locator('#plantation-studio-overlay')).toHaveCount(1);

  // An image that answers 404 fails the capture with the not-found error.
  const brandId = idOf(await keyOfSelector(harness, 'main p'));
  await harness.frame.evaluate((id) => {
    const img = document.createElement('img');
    img.src = '/_studio/definitely-missing.png';
    document.querySelector(`[data-codebase-id="${id}"]`)!.appendChild(img);
  }, brandId);
  await harness.call('captureComponentPreview', { codebaseId: brandId, componentKey: 'brand' });
  const failed = await harness.waitFor('COMPONENT_PREVIEW_ERROR');
  expect(failed.payload).toMatchObject({ componentKey: 'brand', codebaseId: brandId, error: expect.stringContaining('not found') });
});

test('navigation, events, synthetic pointer and temporary moves', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);

  await harness.frame.evaluate(() => {
    (window as unknown as { seen: unknown[] }).seen = [];
    window.addEventListener('studio-test', (event) => (window as unknown as { seen: unknown[] }).seen.push((event as CustomEvent).detail));
  });
  expect(await harness.call('dispatchEvent', { eventName: 'studio-test', detail: { a: 1 } })).toEqual({ dispatched: true });
  expect(await harness.frame.evaluate(() => (window as unknown as { seen: unknown[] }).seen)).toEqual([{ a: 1 }]);

  const heading = await keyOfSelector(harness, 'h1');
  const box = (await harness.frame.locator('h1').boundingBox())!;
  expect(await harness.call('syntheticMouseOver', { clientX: box.x + 5, clientY: box.y + 5 })).toEqual({ elementKey: heading });
  await harness.call('setSelectedElement', { elementKey: heading });
  expect(await harness.call('updateOutlines')).toEqual({ outlines: expect.any(Number) });
  await harness.call('triggerDragStart', { elementKey: heading, clientX: box.x, clientY: box.y });
  expect(await harness.call('syntheticMouseMove', { clientX: box.x + 40, clientY: box.y })).toEqual({ dragging: true });

  const brand = await keyOfSelector(harness, 'main p');
  expect(await harness.call('tempMoveElement', { elementKey: heading, beforeElementKey: brand })).toEqual({ moved: true });
  await expect(harness.frame.locator('main > div > :first-child')).toHaveText('Đăng nhập');
  const form = await keyOfSelector(harness, 'form');
  expect(await harness.call('tempAddDiv', { parentElementKey: form, index: 0 })).toEqual({ added: true });
  expect(await harness.call('tempMoveToNewParent', { elementKey: brand, newParentElementKey: form, index: 0 })).toEqual({ moved: true });
  await expect(harness.frame.locator('form > p')).toHaveText('Plantation Admin');
  expect(await harness.call('syntheticMouseUp', { clientX: box.x + 40, clientY: box.y })).toEqual({ dragEnded: true });
  await harness.waitFor('DRAG_END');
  // The drag is over: the temporary changes are taken back.
  await expect(harness.frame.locator('main > div > :first-child')).toHaveText('Plantation Admin');
  await expect(harness.frame.locator('form > div[data-studio-moving]')).toHaveCount(0);
  await expect(harness.frame.locator('form > p')).toHaveCount(0);

  expect(await harness.call('refresh')).toEqual({ refreshing: true });
  await harness.waitFor('OVERLAY_READY');
});

test('goBack only with a referrer; goForward', async ({ page, baseURL }) => {
  // A frame loaded with no referrer: back would leave the page the studio opened, so it is refused.
  const bare = await openHarness(page, baseURL!, { referrerPolicy: 'no-referrer' });
  expect(await bare.frame.evaluate(() => document.referrer)).toBe('');
  expect(await bare.call('goBack')).toEqual({ navigated: false });

  const harness = await openHarness(page, baseURL!, { framePath: '/register' });
  await harness.call('enableDriveMode');
  await harness.frame.getByRole('link', { name: /Đăng nhập/ }).first().click();
  await expect.poll(() => harness.frame.url()).toMatch(/\/login$/);
  await harness.waitFor('LATEST_HREF', '/login');
  await harness.call('disableDriveMode');
  expect(await harness.call('goBack')).toEqual({ navigated: true });
  await harness.waitFor('LATEST_HREF', '/register');
  expect(await harness.call('goForward')).toEqual({ navigated: true });
  await harness.waitFor('LATEST_HREF', '/login');
});
