/**
 * Forced states in Chromium: the page's own rules for a state, nested or not, in their layers and media, copied for
 * the element the states are forced on, and made again when the page's stylesheet changes (a hot reload's new class).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ForcedStates, forcedRulesText } from './forced-states.js';

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const undo of cleanup.splice(0)) undo();
});

function addStyle(css: string): HTMLStyleElement {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.appendChild(style);
  cleanup.push(() => style.remove());
  return style;
}

function addButton(className: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.className = className;
  button.textContent = 'Go';
  document.body.appendChild(button);
  cleanup.push(() => button.remove());
  return button;
}

const colour = (element: Element) => getComputedStyle(element).backgroundColor;

describe('forced states', () => {
  it('copies only the rules that style the element in the forced state, keeping their layer and media', () => {
    addStyle(`@layer utilities {
      .hover\\:bg-red { &:hover { @media (hover: hover) { background-color: rgb(255, 0, 0); } } }
      .focus\\:bg-blue:focus { background-color: rgb(0, 0, 255); }
      .other:hover { color: red; }
      .md\\:hover\\:x { color: blue; }
    }`);
    const button = addButton('hover:bg-red focus:bg-blue');
    const text = forcedRulesText(button, ['hover'], document.styleSheets);
    expect(text).toContain('@layer utilities');
    expect(text).toContain('[data-studio-force~="hover"]');
    expect(text).not.toContain(':hover');
    expect(text).not.toContain('.other');
    expect(text).not.toContain('bg-blue');
    expect(text).not.toContain('(hover: hover)');
    expect(forcedRulesText(button, [], document.styleSheets)).toBe('');
  });

  it('shows the state on the element only, and follows a stylesheet that changes', async () => {
    const style = addStyle('.hover\\:bg-red:hover { background-color: rgb(255, 0, 0); }');
    const button = addButton('hover:bg-red hover:bg-green');
    const other = addButton('hover:bg-red');
    const before = colour(button);
    const forced = new ForcedStates({ elementFor: (key) => (key === 'the-button' ? button : null), quiet: (fn) => fn() });
    cleanup.push(() => forced.set(null, []));
    expect(forced.set('the-button', ['hover', 'md'])).toEqual(['hover']);
    expect(button.getAttribute('data-studio-force')).toBe('hover');
    expect(colour(button)).toBe('rgb(255, 0, 0)');
    expect(colour(other)).toBe(before);

    // A hot reload brings the rule of a class written meanwhile: shown without being asked again.
    style.textContent += '\n.hover\\:bg-green:hover { background-color: rgb(0, 128, 0); }';
    await expect.poll(() => colour(button)).toBe('rgb(0, 128, 0)');

    forced.set(null, []);
    expect(button.hasAttribute('data-studio-force')).toBe(false);
    expect(colour(button)).toBe(before);
  });

  it('stays on through a hot reload that remounts the element: put back before the page paints, not at the next tree', async () => {
    addStyle('.hover\\:bg-red:hover { background-color: rgb(255, 0, 0); }');
    let button = addButton('hover:bg-red');
    const forced = new ForcedStates({ elementFor: (key) => (key === 'the-button' ? button : null), quiet: (fn) => fn() });
    cleanup.push(() => forced.set(null, []));
    forced.set('the-button', ['hover']);
    expect(colour(button)).toBe('rgb(255, 0, 0)');
    // The remount: a new node in the old one's place, as React puts it there.
    const fresh = document.createElement('button');
    fresh.className = 'hover:bg-red';
    button.replaceWith(fresh);
    button = fresh;
    cleanup.push(() => fresh.remove());
    const painted = await new Promise<string>((resolve) => requestAnimationFrame(() => resolve(colour(fresh))));
    expect(fresh.getAttribute('data-studio-force')).toBe('hover');
    expect(painted).toBe('rgb(255, 0, 0)');
  });
});
