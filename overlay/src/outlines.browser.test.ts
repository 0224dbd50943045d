/**
 * The outlines as Chromium lays them out: boxes over the elements' rendered boxes (page scroll included), in the
 * overlay's shadow host where the page's CSS cannot reach them, with their labels and the 'Edit Dynamic Text'
 * button.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drawOutlines, type OutlineScene } from './outlines.js';
import { DISTANCE_GUIDE_COLOR, EDIT_DYNAMIC_TEXT_LABEL, OUTLINE_COLORS } from './outline-style.js';
import { createShadowHost, OVERLAY_HOST_ID, type ShadowHost } from './shadow-host.js';

let shadow: ShadowHost;
let target: HTMLElement;
let pageStyle: HTMLStyleElement;

const scene = (overrides: Partial<OutlineScene> = {}): OutlineScene => ({
  outlines: [{ key: 'target', element: target, layer: 'primary', name: 'Card', withSize: true }],
  dynamicText: null,
  zoomPerc: 1,
  aiMode: false,
  driveMode: false,
  ...overrides,
});

const boxOf = (element: Element) => {
  const { left, top, width, height } = element.getBoundingClientRect();
  return { left, top, width, height };
};

beforeEach(() => {
  // A page whose own CSS would restyle the overlay's parts if it could reach them, and tall enough to scroll.
  pageStyle = document.createElement('style');
  pageStyle.textContent =
    '.outline, .label, .edit-dynamic-text { border: 9px solid red !important; background: red !important; } body { margin: 0; height: 3000px; }';
  document.head.appendChild(pageStyle);
  target = document.createElement('section');
  target.style.cssText = 'position: absolute; left: 40px; top: 600px; width: 200px; height: 120.4px;';
  document.body.appendChild(target);
  shadow = createShadowHost();
});

afterEach(() => {
  window.scrollTo(0, 0);
  shadow.host.remove();
  target.remove();
  pageStyle.remove();
});

describe('drawOutlines', () => {
  it('puts the box exactly over the element, also after the page has scrolled', () => {
    window.scrollTo(0, 500);
    expect(drawOutlines(shadow, scene(), () => {})).toBe(1);
    const box = shadow.root.querySelector<HTMLElement>('.outline-primary')!;
    expect(box.dataset.key).toBe('target');
    expect(boxOf(box)).toEqual(boxOf(target));
    expect(getComputedStyle(box).borderTopColor).toBe('rgb(69, 151, 247)');
  });

  it('is out of reach of the page\'s CSS, in one host outside the body', () => {
    drawOutlines(shadow, scene(), () => {});
    expect(document.querySelectorAll(`#${OVERLAY_HOST_ID}`)).toHaveLength(1);
    expect(shadow.host.parentElement).toBe(document.documentElement);
    const box = shadow.root.querySelector<HTMLElement>('.outline')!;
    expect(getComputedStyle(box).borderTopWidth).toBe('2px');
    expect(getComputedStyle(box).backgroundColor).toBe('rgba(0, 0, 0, 0)');
    expect(shadow.contains(box)).toBe(true);
    expect(shadow.contains(target)).toBe(false);
  });

  it('labels the element with its name above and its rounded size below', () => {
    drawOutlines(shadow, scene(), () => {});
    const name = shadow.root.querySelector<HTMLElement>('.name-label')!;
    const size = shadow.root.querySelector<HTMLElement>('.size-label')!;
    expect(name.textContent).toBe('Card');
    expect(size.textContent).toBe('200 x 120');
    expect(name.getBoundingClientRect().bottom).toBeLessThanOrEqual(target.getBoundingClientRect().top);
    expect(size.getBoundingClientRect().top).toBeGreaterThanOrEqual(target.getBoundingClientRect().bottom);
  });

  it('keeps the outline as wide on screen at any zoom, and takes the AI colours', () => {
    drawOutlines(shadow, scene({ zoomPerc: 0.5, aiMode: true }), () => {});
    const box = shadow.root.querySelector<HTMLElement>('.outline')!;
    expect(getComputedStyle(box).borderTopWidth).toBe('4px');
    expect(getComputedStyle(box).borderTopColor).toBe(hexToRgb(OUTLINE_COLORS.ai.primary));
  });

  it('draws nothing in drive mode, and skips elements that left the page', () => {
    expect(drawOutlines(shadow, scene({ driveMode: true }), () => {})).toBe(0);
    expect(shadow.layer.childElementCount).toBe(0);
    target.remove();
    expect(drawOutlines(shadow, scene(), () => {})).toBe(0);
    expect(shadow.layer.childElementCount).toBe(0);
  });

  it("replaces the previous drawing rather than adding to it", () => {
    drawOutlines(shadow, scene(), () => {});
    drawOutlines(shadow, scene({ outlines: [{ key: 'target', element: target, layer: 'child' }] }), () => {});
    expect(shadow.layer.querySelectorAll('.outline')).toHaveLength(1);
    expect(getComputedStyle(shadow.layer.querySelector('.outline')!).borderTopStyle).toBe('dashed');
  });

  it("places the 'Edit Dynamic Text' button right of the element and reports its key when clicked", () => {
    const clicked: string[] = [];
    let pageSawClick = false;
    document.addEventListener('click', () => (pageSawClick = true), { once: true });
    drawOutlines(shadow, scene({ dynamicText: { key: 'target', element: target } }), (key) => clicked.push(key));
    const button = shadow.root.querySelector<HTMLButtonElement>('button.edit-dynamic-text')!;
    expect(button.textContent).toBe(EDIT_DYNAMIC_TEXT_LABEL);
    expect(button.getBoundingClientRect().left).toBeGreaterThan(target.getBoundingClientRect().right);
    button.click();
    expect(clicked).toEqual(['target']);
    expect(pageSawClick).toBe(false);
  });

  it('draws each distance guide over its gap with its length, the same size at any zoom', () => {
    window.scrollTo(0, 500);
    drawOutlines(shadow, scene({ zoomPerc: 0.5, guides: [{ axis: 'x', from: 240, to: 264, at: 660, label: '24' }, { axis: 'y', from: 720.5, to: 736.5, at: 140, label: '16' }] }), () => {});
    const [across, down] = [...shadow.root.querySelectorAll<HTMLElement>('.distance-guide')];
    expect(boxOf(across!)).toEqual({ left: 240, top: 659, width: 24, height: 2 });
    expect(boxOf(down!)).toEqual({ left: 139, top: 720.5, width: 2, height: 16 });
    expect([...shadow.root.querySelectorAll('.distance-label')].map((label) => label.textContent)).toEqual(['24', '16']);
    expect(getComputedStyle(across!).backgroundColor).toBe(hexToRgb(DISTANCE_GUIDE_COLOR));
  });
});

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
