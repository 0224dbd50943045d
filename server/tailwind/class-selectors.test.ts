import { describe, expect, it } from 'vitest';
import { cssEscapeIdentifier, selectsClass } from './class-selectors.js';
import { generatedPart } from './tailwind-css.js';

describe('generatedPart', () => {
  it('keeps theme, utilities, @property and @keyframes; drops the preflight, components and plain rules', () => {
    const css = `/*! tailwindcss */
@layer theme, base, components, utilities;
@layer theme { :root { --color-latex: #f5f0e1; } }
@layer base { *, ::before { box-sizing: border-box; } }
@layer components { .card { padding: 1rem; } }
@layer utilities { .animate-spin { animation: spin 1s linear infinite; } }
body { margin: 0; }
@keyframes spin { to { transform: rotate(360deg); } }
@property --tw-rotate { syntax: "*"; inherits: false; }`;
    const kept = generatedPart(css);
    expect(kept).toContain('--color-latex');
    expect(kept).toContain('.animate-spin');
    expect(kept).toContain('@keyframes spin');
    expect(kept).toContain('@property --tw-rotate');
    expect(kept).not.toContain('box-sizing');
    expect(kept).not.toContain('.card');
    expect(kept).not.toContain('body');
    expect(kept).not.toContain('@layer theme, base');
  });

  it('keeps braces and semicolons in strings, comments and escaped selectors inside their block, written as they were', () => {
    const utilities = `@layer utilities {
  .w-\\{x\\} { width: 1px }
  .a { content: "}"; background: url('x;{y') }
  /* } */
}`;
    const css = `/*! banner { not a block } */\n@layer base { a { color: red } }\n${utilities}\n.b { color: red }`;
    expect(generatedPart(css)).toBe(utilities);
  });
});

describe('cssEscapeIdentifier and selectsClass', () => {
  it('escapes class names the way Tailwind writes their selectors', () => {
    expect(cssEscapeIdentifier('md:hover:p-4')).toBe('md\\:hover\\:p-4');
    expect(cssEscapeIdentifier('w-1/2')).toBe('w-1\\/2');
    expect(cssEscapeIdentifier('bg-[#123]')).toBe('bg-\\[\\#123\\]');
    expect(cssEscapeIdentifier('p-0.5')).toBe('p-0\\.5');
    expect(cssEscapeIdentifier('2xl:p-4')).toBe('\\32 xl\\:p-4');
    expect(cssEscapeIdentifier('-mt-2')).toBe('-mt-2');
    expect(cssEscapeIdentifier('-')).toBe('\\-');
  });

  it('finds a class only as a whole selector, not as the start of a longer one', () => {
    const css = '.p-4 { padding: 1rem } .md\\:hover\\:p-4:hover { padding: 1rem }';
    expect(selectsClass(css, 'p-4')).toBe(true);
    expect(selectsClass(css, 'md:hover:p-4')).toBe(true);
    expect(selectsClass(css, 'p-40')).toBe(false);
    expect(selectsClass('.p-40 { padding: 10rem }', 'p-4')).toBe(false);
    expect(selectsClass(css, 'hover:p-4')).toBe(false);
  });
});
