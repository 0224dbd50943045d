import { describe, expect, it } from 'vitest';
import { FORCE_STATE_CLASS_PREFIX, TEMPORARY_STYLING_CLASS } from '@contracts/dom.js';
import type { ElementSourceInfo } from '@contracts/studio-api.js';
import { classOrigins } from './class-origins';

const info = (fields: Partial<ElementSourceInfo>): ElementSourceInfo => ({
  codebaseId: 'tempo-1',
  file: 'src/a.tsx',
  line: 3,
  column: 5,
  tagName: 'p',
  isComponent: false,
  rendering: 'static',
  isStaticText: true,
  dynamicText: [],
  snippet: '<p />',
  props: {},
  propChoices: {},
  ...fields,
});

describe('where the classes of an element come from', () => {
  it('offers only the classes the source writes always; the rest of the page’s are from elsewhere', () => {
    const facts = info({ classes: { always: ['p-4', 'text-sm'], conditional: ['ring-2'] } });
    const live = ['p-4', 'text-sm', 'ring-2', 'lib-button', `${FORCE_STATE_CLASS_PREFIX}hover`, TEMPORARY_STYLING_CLASS];
    expect(classOrigins(facts, live, false)).toEqual({ written: ['p-4', 'text-sm'], conditional: ['ring-2'], elsewhere: ['lib-button'], computedBy: null });
  });

  it("shows a component's markup classes as from elsewhere when the element's source writes none", () => {
    // <TextField> passes its id to the input it renders: the input's classes are TextField's own markup's.
    expect(classOrigins(info({ classes: { always: [], conditional: [] } }), ['border', 'border-slate-300'], false)).toEqual({
      written: [],
      conditional: [],
      elsewhere: ['border', 'border-slate-300'],
      computedBy: null,
    });
  });

  it('names the expression that computes a className with no class text, and offers none of its generated names', () => {
    const facts = info({ classes: null, props: { className: { kind: 'expression', text: 'styles.card', line: 7 } } });
    expect(classOrigins(facts, ['_card_1x2y3'], false)).toEqual({ written: [], conditional: [], elsewhere: ['_card_1x2y3'], computedBy: { text: 'styles.card', line: 7 } });
  });

  it("reads a string className from facts without classes, and leaves a component's live list out", () => {
    const facts = info({ isComponent: true, props: { className: { kind: 'literal', value: ' mt-2  gap-1 ', line: 3 } } });
    expect(classOrigins(facts, ['inner-class'], true)).toEqual({ written: ['mt-2', 'gap-1'], conditional: [], elsewhere: [], computedBy: null });
  });

  it('before the lookup answers, offers nothing and shows the page’s classes apart', () => {
    expect(classOrigins(null, ['p-4'], false)).toEqual({ written: [], conditional: [], elsewhere: ['p-4'], computedBy: null });
  });
});
