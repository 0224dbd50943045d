/**
 * The live layout the editor works a dragged element's drop place out from: asked with the element under the
 * pointer (`syntheticMouseOver` with `dropLayoutFor`), read from the page as it is laid out at that moment, the
 * drag's temporary move included, never from the boxes the nav tree was built with; and a nav tree is never
 * walked while that temporary move is on the page.
 */
import type { LiveDropLayout, NavTreeNode } from '../contracts/frame-protocol.js';
import { expect, test } from './fixtures.js';
import { ASSEMBLED_NAV_TREE, keyOfSelector, openHarness } from './overlay-harness.js';

type Answer = { elementKey: string | null; dropLayout?: LiveDropLayout };

test('a drag’s drop layout is the page’s live layout under the pointer, the temporary move included, the dragged element left out', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  const brand = await keyOfSelector(harness, 'main p');
  const heading = await keyOfSelector(harness, 'h1');
  const form = await keyOfSelector(harness, 'form');
  const pageBoxOf = (selector: string) =>
    harness.frame.evaluate((s) => {
      const rect = document.querySelector(s)!.getBoundingClientRect();
      return { pageX: rect.left + scrollX, pageY: rect.top + scrollY, width: rect.width, height: rect.height };
    }, selector);
  const headingBefore = await pageBoxOf('h1');
  const brandBox = await pageBoxOf('main p');
  // The heading's lower part, in the frame's client pixels (the page is not scrolled).
  const pointer = { clientX: headingBefore.pageX + 10, clientY: headingBefore.pageY + headingBefore.height * 0.85 };

  expect(await harness.call('triggerDragStart', { elementKey: brand })).toEqual({ dragging: true });
  const first = await harness.call<Answer>('syntheticMouseOver', { ...pointer, dropLayoutFor: brand });
  expect(first.elementKey).toBe(heading);
  expect(first.dropLayout).toMatchObject({ pageX: pointer.clientX, pageY: pointer.clientY });
  expect(first.dropLayout!.boxes[heading]).toEqual(headingBefore);
  expect(first.dropLayout!.boxes[form]).toEqual(await pageBoxOf('form'));
  expect(first.dropLayout!.boxes).not.toHaveProperty(brand);

  // The frame shows the brand line after the heading: the heading moves up, and the boxes say so at once.
  expect(await harness.call('tempMoveElement', { elementKey: brand, beforeElementKey: form })).toEqual({ moved: true });
  const second = await harness.call<Answer>('syntheticMouseOver', { ...pointer, dropLayoutFor: brand });
  const headingMoved = await pageBoxOf('h1');
  expect(headingMoved.pageY).toBeLessThan(headingBefore.pageY - brandBox.height / 2);
  expect(second.dropLayout!.boxes[heading]).toEqual(headingMoved);
  expect(second.dropLayout!.boxes).not.toHaveProperty(brand);
  // Under the still pointer there is now the brand line itself, shown where it would land.
  expect(second.elementKey).toBe(brand);

  // Without a dragged element the answer is the hovered element alone, as before.
  expect(await harness.call<Answer>('syntheticMouseOver', pointer)).toEqual({ elementKey: brand });

  // The end of the drag puts the line back.
  expect(await harness.call('triggerDragCancel')).toEqual({ cancelled: true });
  await expect.poll(() => pageBoxOf('h1')).toEqual(headingBefore);
});

test('a page change during a drag is walked into the nav tree only once the drag has put the page back', async ({ page, baseURL }) => {
  const harness = await openHarness(page, baseURL!);
  const brand = await keyOfSelector(harness, 'main p');
  const form = await keyOfSelector(harness, 'form');
  expect(await harness.call('triggerDragStart', { elementKey: brand })).toEqual({ dragging: true });
  expect(await harness.call('tempMoveElement', { elementKey: brand, beforeElementKey: form })).toEqual({ moved: true });
  await harness.clearMessages();

  // A change of the page's own, which rebuilds the tree 300 ms later: not while the line is shown elsewhere.
  await harness.frame.evaluate(() => document.querySelector('form')!.classList.add('drop-layout-probe'));
  await page.waitForTimeout(1_000);
  expect(await harness.messages('NAV_TREE')).toEqual([]);

  expect(await harness.call('triggerDragCancel')).toEqual({ cancelled: true });
  const built = (await harness.waitFor(ASSEMBLED_NAV_TREE, 'drop-layout-probe')).payload as { navTree: NavTreeNode };
  const parentOf = (node: NavTreeNode): NavTreeNode | undefined =>
    node.children.some((child) => child.key === brand) ? node : node.children.map(parentOf).find(Boolean);
  // The tree has the page's own order: the line first, then the heading.
  expect(parentOf(built.navTree)?.children.slice(0, 2).map((child) => child.tagName)).toEqual(['p', 'h1']);
});
