import { describe, expect, it } from 'vitest';
import { classesInSelector, isSelectorValid, modifiersInSelector, parserAcceptsSelector } from './selector-check.js';

const acceptingBrowser = () => null;
const rejectingBrowser = () => {
  throw new Error('SyntaxError');
};

describe('selector checks', () => {
  it('accepts a selector both the browser and the parser accept', () => {
    expect(isSelectorValid('.card > .title:hover', acceptingBrowser, () => {})).toBe(true);
  });

  it('rejects one the browser cannot query, and logs why', () => {
    const logs: string[] = [];
    expect(isSelectorValid('.card', rejectingBrowser, (m) => logs.push(m))).toBe(false);
    expect(logs[0]).toContain('.card');
  });

  it('rejects and logs what the parser cannot parse', () => {
    const logs: string[] = [];
    expect(parserAcceptsSelector('.a[', (m) => logs.push(m))).toBe(false);
    expect(logs).toHaveLength(1);
    expect(parserAcceptsSelector('', () => {})).toBe(false);
  });

  it('lists classes and state modifiers of a selector', () => {
    expect(classesInSelector('.a.b:hover > .c')).toEqual(['a', 'b', 'c']);
    expect(modifiersInSelector('.a:hover:focus::before')).toEqual(['hover', 'focus']);
    expect(classesInSelector('.a[')).toEqual([]);
  });
});
