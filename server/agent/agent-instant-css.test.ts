import { describe, expect, it } from 'vitest';
import type { TailwindCssAnswer } from '../tailwind/tailwind-css.js';
import { classesAddedBy, instantCssFor, type InstantCssSource } from './agent-instant-css.js';

const element = { codebaseId: 'tempo-6f1c1d7e-1111-5aaa-8aaa-000000000001' };

/** A Tailwind that knows the classes of `known`, answering when `gate` opens. */
function source(known: string[], gate: Promise<void> = Promise.resolve()): () => Promise<InstantCssSource> {
  return async () => ({
    async cssFor(request: unknown): Promise<TailwindCssAnswer> {
      await gate;
      const classes = (request as { classes: string[] }).classes;
      const generated = classes.filter((name) => known.includes(name));
      return {
        css: generated.map((name) => `.${name} { color: red; }`).join('\n'),
        classes: classes.map((name) => ({ className: name, modifiers: [], candidate: name, generated: known.includes(name) })),
      };
    },
  });
}

describe('the classes whose CSS an agent change needs', () => {
  it('is the added class, or the classes an update adds, and nothing for other kinds or a malformed body', () => {
    expect(classesAddedBy('addClass', { reactElement: element, className: 'italic', modifiers: ['hover'] })).toEqual(['italic']);
    expect(classesAddedBy('updateClasses', { reactElement: element, oldClasses: ['p-2', 'm-1'], newClasses: ['p-2', 'p-4', 'p-4', 'underline'] })).toEqual(['p-4', 'underline']);
    expect(classesAddedBy('removeClass', { reactElement: element, className: 'italic' })).toEqual([]);
    expect(classesAddedBy('editText', { element, newText: 'a', oldText: 'b' })).toEqual([]);
    expect(classesAddedBy('addClass', { className: 'two words' })).toEqual([]);
    expect(classesAddedBy('updateClasses', { newClasses: 'italic' })).toEqual([]);
    expect(classesAddedBy('addClass', null)).toEqual([]);
  });
});

describe('the instant CSS of an agent change', () => {
  it('holds the rules of the classes Tailwind generates, and names only those', async () => {
    expect(await instantCssFor(source(['italic']), ['italic', 'text-brnd'])).toEqual({ css: '.italic { color: red; }', classes: ['italic'] });
  });

  it('is none when nothing is generated, when no class is asked, and when Tailwind fails', async () => {
    expect(await instantCssFor(source([]), ['text-brnd'])).toBeUndefined();
    expect(await instantCssFor(() => Promise.reject(new Error('no Tailwind')), [])).toBeUndefined();
    const failing = async (): Promise<InstantCssSource> => ({ cssFor: () => Promise.reject(new Error("A stylesheet that loads the project's Tailwind was not found")) });
    expect(await instantCssFor(failing, ['italic'])).toBeUndefined();
  });

  it('is none when Tailwind does not answer within the wait, so the change goes to the page without it', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    expect(await instantCssFor(source(['italic'], gate), ['italic'], 20)).toBeUndefined();
    open();
  });
});
