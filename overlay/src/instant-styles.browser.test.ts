/**
 * The instant updates of styles in Chromium, each applied and then undone: the page shows the change at once, and
 * the undo leaves the page as it was (classes, the studio's rules, the theme variable).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GENERATED_CLASS_PREFIX } from '@contracts/dom.js';
import { STYLE_ELEMENT_ID } from './instant-markers.js';
import { apply, HEADING, makePage, shown, undo } from './instant-test-support.js';

let page: HTMLElement;
let before: string;
const headings = () => shown(HEADING);
const studioRules = () => (document.getElementById(STYLE_ELEMENT_ID) as HTMLStyleElement | null)?.sheet?.cssRules.length ?? 0;

beforeEach(() => {
  ({ page, html: before } = makePage());
});
afterEach(() => {
  page.remove();
  document.getElementById(STYLE_ELEMENT_ID)?.remove();
});

describe('instant updates of styles, applied and undone', () => {
  it('STYLING: a generated class with the values on every copy, then gone with its rule', async () => {
    const { result, item } = await apply({ type: 'STYLING', changeFields: { codebaseId: HEADING, stylingChanges: { paddingTop: '7px' } } } as never);
    expect(result.success).toBe(true);
    expect(headings().map((element) => getComputedStyle(element).paddingTop)).toEqual(['7px', '7px']);
    expect(undo(item)).toBe(true);
    expect(headings().map((element) => getComputedStyle(element).paddingTop)).toEqual(['0px', '0px']);
    expect(page.outerHTML).toBe(before);
    expect(studioRules()).toBe(0);
  });

  it('ADD_CLASS: the class shown through its CSS on every copy, then removed', async () => {
    const { result, item } = await apply({ type: 'ADD_CLASS', changeFields: { codebaseIdToAddClass: HEADING, className: 'pt-9', cssEquivalent: 'padding-top: 9px;' } } as never);
    expect(result.success).toBe(true);
    expect(result.instantUpdateData?.addedClass).toMatch(new RegExp(`^${GENERATED_CLASS_PREFIX}`));
    expect(headings().map((element) => getComputedStyle(element).paddingTop)).toEqual(['9px', '9px']);
    undo(item);
    expect(page.outerHTML).toBe(before);
    expect(studioRules()).toBe(0);
  });

  it('ADD_CLASS with the server out of reach: a class the page already has is shown by the page’s own rule', async () => {
    const pageSheet = document.createElement('style');
    pageSheet.textContent = '@layer utilities { .pt-11 { padding-top: 11px; } @media (min-width: 1px) { .md\\:pt-12 { padding-top: 12px; } } }';
    document.head.appendChild(pageSheet);
    const realFetch = window.fetch;
    window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    try {
      const { result, item } = await apply({ type: 'ADD_CLASS', changeFields: { codebaseIdToAddClass: HEADING, className: 'pt-11' } } as never);
      expect(result.success).toBe(true);
      expect(headings().map((element) => getComputedStyle(element).paddingTop)).toEqual(['11px', '11px']);
      undo(item);
      expect(page.outerHTML).toBe(before);
      // A class the page has no rule for still cannot be shown without the server.
      const unknown = await apply({ type: 'ADD_CLASS', changeFields: { codebaseIdToAddClass: HEADING, className: 'pt-13' } } as never);
      expect(unknown.result.success).toBe(false);
    } finally {
      window.fetch = realFetch;
      pageSheet.remove();
    }
  });

  it('REMOVE_CLASS: the class off every copy, then back', async () => {
    const { result, item } = await apply({ type: 'REMOVE_CLASS', changeFields: { codebaseIdToRemoveClass: HEADING, className: 'big' } } as never);
    expect(result.success).toBe(true);
    expect(headings().map((element) => element.className)).toEqual(['title', 'title']);
    undo(item);
    expect(headings().map((element) => element.classList.contains('big'))).toEqual([true, true]);
  });

  it('UPDATE_CLASSES: the swap shown with the CSS it brings, then swapped back', async () => {
    const { result, item } = await apply({
      type: 'UPDATE_CLASSES',
      changeFields: { codebaseIdToUpdateClass: HEADING, oldClasses: ['title', 'big'], newClasses: ['title', 'p-5'], involvedClasses: [{ tailwind: 'p-5', css: '.p-5 { padding-left: 5px; }' }] },
    } as never);
    expect(result.success).toBe(true);
    expect(headings().map((element) => [element.className, getComputedStyle(element).paddingLeft])).toEqual([
      ['title p-5', '5px'],
      ['title p-5', '5px'],
    ]);
    undo(item);
    expect(headings().map((element) => element.className)).toEqual(['title big', 'title big']);
  });

  it('EDIT_THEME_TOKEN: the variable set on the root at once, then set back', async () => {
    const variable = '--color-test-instant';
    const { result, item } = await apply({ type: 'EDIT_THEME_TOKEN', changeFields: { variable, value: 'rgb(1, 2, 3)', stylesheet: 'src/index.css' } } as never);
    expect(result.success).toBe(true);
    expect(getComputedStyle(document.documentElement).getPropertyValue(variable).trim()).toBe('rgb(1, 2, 3)');
    undo(item);
    expect(getComputedStyle(document.documentElement).getPropertyValue(variable).trim()).toBe('');
  });
});
