import { describe, expect, it } from 'vitest';
import { isKnownHtmlTag, nestingProblem, takesAddedElements } from './content-model.js';

describe('what may contain what (the HTML content models)', () => {
  it.each([
    ['p', ['p', 'div'], [], /<p> cannot go inside <p>/],
    ['div', ['p'], [], /<div> cannot go inside <p>, which holds only text and inline elements/],
    ['div', ['span', 'div'], [], /inside <span>/],
    ['h2', ['button'], [], /inside <button>/],
    ['ul', ['h1'], [], /inside <h1>/],
    // A link is transparent: inside a paragraph it holds what the paragraph holds.
    ['div', ['a', 'p'], [], /<div> cannot go inside <p>/],
    ['a', ['a', 'div'], [], /<a> cannot go inside <a>: a link may not contain interactive content/],
    ['a', ['span', 'a', 'li'], [], /<a> cannot go inside <a>/],
    ['button', ['button'], [], /<button> cannot go inside <button>/],
    ['input', ['div', 'a'], [], /<input> cannot go inside <a>/],
    // What the placed element holds counts too: a card with a button, dropped into a link.
    ['div', ['a', 'section'], ['h3', 'button'], /<button> cannot go inside <a>/],
    ['section', ['form', 'main'], ['div', 'form'], /<form> cannot go inside <form>/],
    ['div', ['img'], [], /<img> holds no elements/],
    ['span', ['input'], [], /holds no elements/],
    ['div', ['ul'], [], /<ul> holds only <li>, not <div>/],
    ['td', ['table'], [], /<table> holds only <caption>, <colgroup>, <thead>, <tbody>, <tfoot>, <tr>, not <td>/],
    ['li', ['div'], [], /<li> belongs only inside <ul> or <ol> or <menu>, not <div>/],
    ['option', ['div'], [], /belongs only inside <select>/],
    ['header', ['footer'], [], /<header> cannot go inside <footer>/],
    ['label', ['div', 'label'], [], /<label> cannot go inside <label>/],
  ])('refuses <%s> in %j holding %j', (tag, ancestors, descendants, why) => {
    expect(nestingProblem(tag, ancestors, descendants)).toMatch(why);
  });

  it.each([
    ['span', ['p']],
    ['strong', ['a', 'p']],
    ['a', ['p', 'div']],
    ['div', ['a', 'div']],
    ['div', ['li', 'ul']],
    ['li', ['ul']],
    ['li', ['ol', 'div']],
    ['tr', ['tbody', 'table']],
    ['td', ['tr']],
    ['h2', ['summary', 'details']],
    ['p', ['div', 'p']],
    ['img', ['button']],
    ['section', ['main']],
    ['div', []],
  ])('allows <%s> in %j', (tag, ancestors) => {
    expect(nestingProblem(tag, ancestors)).toBeNull();
  });

  it('lets components through, as children and as ancestors: what they render is decided at run time', () => {
    expect(nestingProblem('Card', ['p'])).toBeNull();
    expect(nestingProblem('Link', ['a'])).toBeNull();
    expect(nestingProblem('ui.Button', ['button'])).toBeNull();
    // A component between the place and a paragraph: the paragraph still decides for a block.
    expect(nestingProblem('div', ['Tooltip', 'p'])).toMatch(/inside <p>/);
    // A component right above: its own children model is unknown, so a list item may go in it.
    expect(nestingProblem('li', ['Menu'])).toBeNull();
    expect(nestingProblem('div', ['Section'], ['Button'])).toBeNull();
  });

  it("judges a re-tag by the element's own contents", () => {
    expect(nestingProblem('a', ['div'], ['span', 'button'])).toMatch(/<a> cannot hold the <button> inside it/);
    expect(nestingProblem('button', ['div'], ['span'])).toBeNull();
  });

  it('knows which elements take added elements at all', () => {
    for (const tag of ['img', 'input', 'br', 'hr', 'textarea', 'select', 'video', 'iframe', 'svg', 'option']) expect(takesAddedElements(tag), tag).toBe(false);
    for (const tag of ['div', 'section', 'p', 'a', 'button', 'li', 'ul', 'td', 'span', 'main']) expect(takesAddedElements(tag), tag).toBe(true);
    expect(isKnownHtmlTag('Card')).toBe(false);
    expect(isKnownHtmlTag('custom-element')).toBe(false);
    expect(isKnownHtmlTag('li')).toBe(true);
  });
});
