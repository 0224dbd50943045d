import { describe, expect, it } from 'vitest';
import { longFunctions } from './check-function-length.js';

/** A function of `lines` lines in all, its signature and closing brace included. */
const body = (lines: number) => Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('longFunctions', () => {
  it('counts a function from its first line to its last, and lets one of exactly the limit through', () => {
    const text = `export function ok() {\n${body(5)}\n}\n\nexport function tooLong() {\n${body(6)}\n}\n`;
    expect(longFunctions('a.ts', text, 5)).toEqual([{ file: 'a.ts', line: 7, name: 'tooLong', lines: 6 }]);
  });

  it('names arrow functions, methods, constructors and callbacks, nested ones included', () => {
    const text = [
      `const arrow = () => {\n${body(4)}\n};`,
      `class Keeper {\n  constructor() {\n${body(4)}\n  }\n  method() {\n${body(4)}\n  }\n}`,
      `const handlers = { onMessage(m: string) {\n${body(4)}\n} };`,
      `describe('x', () => {\n${body(4)}\n});`,
    ].join('\n');
    expect(longFunctions('b.ts', text, 3).map((f) => f.name)).toEqual(['arrow', 'constructor', 'method', 'onMessage', '(function passed to describe)']);
  });

  it('reads TSX', () => {
    const text = `export function View() {\n  return (\n    <div>\n${'      <span />\n'.repeat(4)}    </div>\n  );\n}\n`;
    expect(longFunctions('c.tsx', text, 5)).toEqual([{ file: 'c.tsx', line: 1, name: 'View', lines: 10 }]);
  });
});
