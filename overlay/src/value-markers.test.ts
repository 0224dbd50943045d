import { describe, expect, it } from 'vitest';
import { navTreeProp, toMarkedValue } from './value-markers.js';

describe('value markers', () => {
  it('keeps literals and replaces functions, instances and cycles with type markers', () => {
    function onClick() {}
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(toMarkedValue({ n: 1, s: 'x', f: onClick, d: new Date(0), list: [1, null], cyclic })).toEqual({
      n: 1,
      s: 'x',
      f: '[Function: onClick]',
      d: '[Date]',
      list: [1, null],
      cyclic: { a: 1, self: '[Circular]' },
    });
    expect(toMarkedValue({ $$typeof: Symbol.for('react.element') })).toBe('[ReactElement]');
  });

  it('types props as LITERAL, FUNCTION or JSON_OBJECT', () => {
    expect(navTreeProp('a')).toEqual({ value: 'a', type: 'LITERAL' });
    expect(navTreeProp(3).type).toBe('LITERAL');
    expect(navTreeProp(() => 1).type).toBe('FUNCTION');
    expect(navTreeProp({ a: [1] })).toEqual({ value: { a: [1] }, type: 'JSON_OBJECT' });
  });
});
