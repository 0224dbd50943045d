/**
 * When the page counts as rendered for an agent's screenshot, on a real page in Chromium: a busy region in view holds
 * the picture back, one scrolled out of view does not.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CODEBASE_ID_ATTRIBUTE } from '@contracts/dom.js';
import { pageRendered } from './page-rendered.js';

const id = (n: number) => `tempo-00000000-0000-5000-8000-${String(n).padStart(12, '0')}`;
let page: HTMLElement;

function show(busyTop: number): void {
  page = document.createElement('main');
  page.innerHTML = `<h1 ${CODEBASE_ID_ATTRIBUTE}="${id(1)}">Plans</h1><section aria-busy="true" style="position:absolute;top:${busyTop}px;height:40px;width:100px">…</section>`;
  document.body.append(page);
}

afterEach(() => page.remove());

describe('pageRendered', () => {
  it('waits while a busy region is in view, and says so at its limit', async () => {
    show(10);
    expect(await pageRendered(600)).toBe(false);
  });

  it('pictures the page when the only busy region is out of view', async () => {
    show(window.innerHeight + 500);
    expect(await pageRendered(2000)).toBe(true);
  });
});
