/**
 * What a person does in the framed console with the studio's overlay: click, Ctrl/Cmd- and Shift-click, hover
 * with Alt, drag past and below the threshold, inline text editing, and the events forwarded to the parent.
 */
import { expect, test } from './fixtures.js';
import { keyOfSelector, openHarness, outlinesIn, type Harness } from './overlay-harness.js';

async function centre(harness: Harness, selector: string) {
  const box = (await harness.frame.locator(selector).first().boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('click selects, Ctrl-click selects the exact element, Shift-click adds and removes siblings only', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  const heading = await keyOfSelector(harness, 'h1');
  const brand = await keyOfSelector(harness, 'main p');
  const submit = await keyOfSelector(harness, 'button[type=submit]');

  await harness.frame.locator('h1').click();
  await harness.waitFor('SELECTED_ELEMENT_KEY', heading);
  await harness.frame.locator('main p').first().click({ modifiers: ['Shift'] });
  expect((await harness.waitFor('MULTI_SELECTED_ELEMENT_KEYS', brand)).payload.elementKeys).toEqual([heading, brand]);
  // An input is not a sibling of the heading: nothing changes.
  await harness.clearMessages();
  await harness.frame.locator('input').first().click({ modifiers: ['Shift'] });
  await page.waitForTimeout(200);
  expect(await harness.messages('MULTI_SELECTED_ELEMENT_KEYS')).toEqual([]);
  expect((await outlinesIn(harness.frame)).filter((o) => o.layer === 'primary').map((o) => o.key)).toEqual([heading, brand]);
  // Shift-click on a selected sibling takes it out again.
  await harness.frame.locator('h1').click({ modifiers: ['Shift'] });
  await harness.waitFor('SELECTED_ELEMENT_KEY', brand);
  expect((await outlinesIn(harness.frame)).filter((o) => o.layer === 'primary').map((o) => o.key)).toEqual([brand]);

  await harness.frame.locator('button[type=submit]').click();
  await harness.waitFor('SELECTED_ELEMENT_KEY', submit);
  await harness.frame.locator('h1').click({ modifiers: ['Control'] });
  await harness.waitFor('SELECTED_ELEMENT_KEY', heading);

  // Where a component's own markup starts, a click selects the component as it is used; Ctrl-click the element.
  const formComponent = await page.evaluate(() => {
    type Node = { key: string; name: string; isComponent: boolean; children: Node[] };
    const stack = [(window as unknown as { harness: { latestTree: Node } }).harness.latestTree];
    while (stack.length) {
      const node = stack.pop()!;
      if (node.isComponent && node.name === 'CredentialsForm') return node.key;
      stack.push(...node.children);
    }
    return null;
  });
  expect(formComponent).not.toBeNull();
  const main = await keyOfSelector(harness, 'main');
  await harness.frame.locator('main').click({ position: { x: 3, y: 3 } });
  await harness.waitFor('SELECTED_ELEMENT_KEY', formComponent!);
  await harness.frame.locator('main').click({ position: { x: 3, y: 3 }, modifiers: ['Control'] });
  await harness.waitFor('SELECTED_ELEMENT_KEY', main);

  // The page's own behaviour does not run while editing: the link does not navigate, the form does not submit.
  await harness.frame.getByRole('link', { name: 'Đăng ký ngay' }).click();
  await page.waitForTimeout(300);
  expect(harness.frame.url()).toMatch(/\/login/);
});

test('hover is reported and outlined, and suppressed while Alt is held', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  const brand = await keyOfSelector(harness, 'main p');
  await harness.frame.locator('h1').click();
  const point = await centre(harness, 'main p');
  await page.mouse.move(point.x, point.y);
  await harness.waitFor('HOVERED_ELEMENT_KEY', brand);
  expect((await outlinesIn(harness.frame)).some((o) => o.layer === 'secondary' && o.key === brand)).toBe(true);

  await harness.clearMessages();
  await page.keyboard.down('Alt');
  await harness.waitFor('KEY_DOWN', '"key":"Alt"');
  await harness.waitFor('HOVERED_ELEMENT_KEY', '"elementKey":null');
  expect((await outlinesIn(harness.frame)).some((o) => o.layer === 'secondary')).toBe(false);
  await page.keyboard.up('Alt');
  await harness.waitFor('KEY_UP', '"key":"Alt"');
  await harness.waitFor('HOVERED_ELEMENT_KEY', brand);
});

test('drag starts only past 20 px ÷ zoom, with the left button, ends on up and cancels on a buttonless move', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  const heading = await keyOfSelector(harness, 'h1');
  await harness.frame.locator('h1').click();
  await harness.waitFor('SELECTED_ELEMENT_KEY', heading);
  const start = await centre(harness, 'h1');
  await harness.frame.evaluate(() => {
    (window as unknown as { pointerLockRequests: number }).pointerLockRequests = 0;
    const request = Element.prototype.requestPointerLock;
    Element.prototype.requestPointerLock = function (this: Element, ...args: Parameters<typeof request>) {
      (window as unknown as { pointerLockRequests: number }).pointerLockRequests++;
      return request.apply(this, args);
    };
  });
  await harness.clearMessages();

  // Below the threshold: no drag, and the click that follows selects as usual.
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 15, start.y, { steps: 3 });
  await page.waitForTimeout(100);
  expect(await harness.messages('DRAG_START')).toEqual([]);
  // Past it: the drag starts, the move outline is dashed and hover is suppressed.
  await page.mouse.move(start.x + 25, start.y, { steps: 2 });
  const started = await harness.waitFor('DRAG_START');
  // The pointer lock was requested on start, and is not kept.
  expect(await harness.frame.evaluate(() => (window as unknown as { pointerLockRequests: number }).pointerLockRequests)).toBe(1);
  await expect.poll(() => harness.frame.evaluate(() => document.pointerLockElement === null)).toBe(true);
  expect(started.payload).toMatchObject({ elementKey: heading, dragging: true });
  expect(started.payload.selectedParentDisplay).toEqual(expect.any(String));
  const move = (await outlinesIn(harness.frame)).find((o) => o.layer === 'move')!;
  expect(move.border).toMatch(/^dashed /);
  expect(move.zIndex).toBe('2000000003');
  await page.mouse.up();
  expect((await harness.waitFor('DRAG_END')).payload).toMatchObject({ elementKey: heading, dragging: false });
  expect(await harness.messages('START_EDITING_TEXT')).toEqual([]);

  // At 50 % zoom the threshold is 40 px.
  await harness.call('setZoomPerc', { zoomPerc: 0.5 });
  await harness.clearMessages();
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 35, start.y, { steps: 3 });
  await page.waitForTimeout(100);
  expect(await harness.messages('DRAG_START')).toEqual([]);
  await page.mouse.move(start.x + 45, start.y, { steps: 2 });
  await harness.waitFor('DRAG_START');
  // A move with no button pressed (the button was released outside the frame) cancels.
  await harness.frame.evaluate(({ x, y }) => {
    document.body.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, composed: true, clientX: x + 50, clientY: y, buttons: 0 }));
  }, start);
  await harness.waitFor('DRAG_CANCEL', heading);
  await page.mouse.up();
  await harness.call('setZoomPerc', { zoomPerc: 1 });

  // An element that is not selected can be dragged too: it becomes the selection.
  const brand = await keyOfSelector(harness, 'main p');
  const brandPoint = await centre(harness, 'main p');
  await harness.clearMessages();
  await page.mouse.move(brandPoint.x, brandPoint.y);
  await page.mouse.down();
  await page.mouse.move(brandPoint.x, brandPoint.y + 30, { steps: 3 });
  await harness.waitFor('DRAG_START', brand);
  await harness.waitFor('SELECTED_ELEMENT_KEY', brand);
  await page.mouse.up();
  await harness.waitFor('DRAG_END', brand);

  // The right button never drags; neither does AI context mode.
  await harness.clearMessages();
  await page.mouse.move(start.x, start.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(start.x + 60, start.y, { steps: 3 });
  await page.mouse.up({ button: 'right' });
  await harness.waitFor('CONTEXT_REQUESTED');
  await harness.call('setAiContext', { aiContext: true });
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 60, start.y, { steps: 3 });
  await page.mouse.up();
  await page.waitForTimeout(100);
  expect(await harness.messages('DRAG_START')).toEqual([]);
  await harness.call('setAiContext', { aiContext: false });

  // Started and cancelled by the parent.
  expect(await harness.call('triggerDragStart', { elementKey: heading })).toEqual({ dragging: true });
  await harness.waitFor('DRAG_START');
  expect(await harness.call('triggerDragCancel')).toEqual({ cancelled: true });
  await harness.waitFor('DRAG_CANCEL');
});

test('text editing: static text is edited in place and the new and old text are sent; dynamic text gets the button', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  const heading = await keyOfSelector(harness, 'h1');
  const brand = await keyOfSelector(harness, 'main p');
  const headingId = heading.split('|')[0]!;
  await harness.call('setNewLookups', { lookups: { [headingId]: { isStaticText: true, name: 'Page title' } } });

  await harness.frame.locator('h1').click();
  await harness.waitFor('SELECTED_ELEMENT_KEY', heading);
  await harness.frame.locator('h1').click();
  expect((await harness.waitFor('START_EDITING_TEXT')).payload).toEqual({ elementKey: heading, oldText: 'Đăng nhập' });
  await expect(harness.frame.locator('h1')).toHaveAttribute('contenteditable', 'plaintext-only');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Xin chào');
  await harness.frame.locator('main p').first().click();
  expect((await harness.waitFor('EDITED_TEXT')).payload).toEqual({
    elementKey: heading,
    codebaseId: headingId,
    newText: 'Xin chào',
    oldText: 'Đăng nhập',
  });
  await expect(harness.frame.locator('h1')).not.toHaveAttribute('contenteditable');
  await harness.waitFor('SELECTED_ELEMENT_KEY', '"elementKey":null');

  // The brand line's text is not marked static: a second click offers 'Edit Dynamic Text' instead.
  await harness.frame.locator('main p').first().click();
  await harness.waitFor('SELECTED_ELEMENT_KEY', brand);
  await harness.frame.locator('main p').first().click();
  const button = harness.frame.locator('#plantation-studio-overlay .edit-dynamic-text');
  await expect(button).toHaveText('Edit Dynamic Text');
  expect((await button.boundingBox())!.height).toBe(22);
  await expect(harness.frame.locator('main p').first()).not.toHaveAttribute('contenteditable');
  await button.click();
  expect((await harness.waitFor('EDIT_DYNAMIC_TEXT')).payload).toEqual({ elementKey: brand, codebaseId: brand.split('|')[0] });
  // The name from the lookups labels the outline.
  await harness.call('setSelectedElement', { elementKey: heading });
  const labels = await harness.frame.evaluate(() =>
    Array.from(document.getElementById('plantation-studio-overlay')!.shadowRoot!.querySelectorAll('.name-label')).map((l) => l.textContent),
  );
  expect(labels).toContain('Page title');
});

test('keys, wheel and mouse moves are forwarded, mouse moves throttled to 50 ms', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  await harness.frame.locator('h1').click();
  await harness.clearMessages();
  await page.keyboard.press('z');
  expect((await harness.waitFor('KEY_DOWN', '"key":"z"')).payload).toMatchObject({ key: 'z', metaKey: false, shiftKey: false, ctrlKey: false });
  await harness.waitFor('KEY_UP', '"key":"z"');

  await page.mouse.move(100, 100);
  await page.mouse.wheel(0, 120);
  expect((await harness.waitFor('WHEEL')).payload).toMatchObject({ deltaY: 120, deltaX: 0 });

  await harness.clearMessages();
  const moves = await harness.frame.evaluate(async () => {
    let sent = 0;
    for (let i = 0; i < 40; i++) {
      document.body.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientX: 10 + i, clientY: 20, buttons: 0 }));
      sent++;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return sent;
  });
  await page.waitForTimeout(120);
  const received = await harness.messages('MOUSE_MOVE');
  expect(moves).toBe(40);
  expect(received.length).toBeGreaterThanOrEqual(2);
  expect(received.length).toBeLessThan(15);
  // Trailing call: the last position arrives.
  expect(received.at(-1)!.payload).toMatchObject({ clientX: 49, clientY: 20 });
});

test("a click on a page that changed a moment ago is sent after that page's tree, so the editor finds the element where it now is", async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  await harness.clearMessages();
  // What a hot reload does under a selection: the heading now sits one level deeper. The click comes well within
  // the delay after which the overlay would rebuild its tree by itself.
  await harness.frame.evaluate(() => {
    const heading = document.querySelector('h1')!;
    const wrapper = document.createElement('div');
    heading.replaceWith(wrapper);
    wrapper.append(heading);
  });
  await harness.frame.locator('h1').click();
  const selected = await harness.waitFor('SELECTED_ELEMENT_KEY');
  const key = selected.payload.elementKey as string;
  const messages = await harness.messages();
  const treeIndex = messages.findIndex((message) => message.type === 'NAV_TREE_ASSEMBLED');
  expect(treeIndex, 'a new tree came before the selection').toBeGreaterThanOrEqual(0);
  expect(treeIndex).toBeLessThan(messages.indexOf(messages.find((message) => message.type === 'SELECTED_ELEMENT_KEY')!));
  expect(JSON.stringify(messages[treeIndex]!.payload)).toContain(key);
});
