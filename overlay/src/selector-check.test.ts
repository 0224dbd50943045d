import { describe, expect, it } from 'vitest';
import { isSelectorValid, parserAcceptsSelector, selectorFacts } from './selector-check.js';

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
    expect(selectorFacts('.a.b:hover > .c').classes).toEqual(['a', 'b', 'c']);
    expect(selectorFacts('.a:hover:focus::before').modifiers).toEqual(['hover', 'focus']);
    expect(selectorFacts('.a[').classes).toEqual([]);
    expect(selectorFacts(':not(.x) .y').classes).toEqual(['x', 'y']);
  });

  it('parses a selector once, and hands out facts no caller can change', () => {
    const first = selectorFacts('.p-4:hover');
    expect(selectorFacts('.p-4:hover')).toBe(first);
    expect(first).toMatchObject({ classes: ['p-4'], modifiers: ['hover'] });
    expect(() => (first.classes as string[]).push('changed')).toThrow(TypeError);
    expect(selectorFacts('.p-4:hover').classes).toEqual(['p-4']);
    expect(selectorFacts('.a[')).toEqual({ classes: [], modifiers: [], subjectClasses: [], withoutSubjectClasses: null });
  });

  it("leaves the subject's classes out, so matching asks whether the element would match with them", () => {
    const strip = (selector: string) => {
      const { subjectClasses, withoutSubjectClasses } = selectorFacts(selector);
      return { subjectClasses, withoutSubjectClasses };
    };
    expect(strip('.p-4')).toEqual({ subjectClasses: ['p-4'], withoutSubjectClasses: '*' });
    expect(strip('.a > .b.c')).toEqual({ subjectClasses: ['b', 'c'], withoutSubjectClasses: '.a > *' });
    expect(strip('.hover\\:bg-sky-700:hover')).toEqual({ subjectClasses: ['hover:bg-sky-700'], withoutSubjectClasses: '*:hover' });
    expect(strip('main h1.title')).toEqual({ subjectClasses: ['title'], withoutSubjectClasses: 'main h1' });
    expect(strip('.group:hover .group-hover\\:underline')).toEqual({ subjectClasses: ['group-hover:underline'], withoutSubjectClasses: '.group:hover *' });
    // Classes inside a pseudo's argument are the pseudo's, not the subject's.
    expect(strip('.x:not(.y)')).toEqual({ subjectClasses: ['x'], withoutSubjectClasses: '*:not(.y)' });
    expect(strip('h1')).toEqual({ subjectClasses: [], withoutSubjectClasses: 'h1' });
    expect(strip('.a .b::before')).toEqual({ subjectClasses: ['b'], withoutSubjectClasses: '.a *::before' });
  });
});
