import { describe, expect, it } from 'vitest';
import {
  classNameProblem,
  componentNameProblem,
  cssPropertyProblem,
  cssValueProblem,
  hostTagProblem,
  moduleSpecifierProblem,
  propNameProblem,
  tagNameProblem,
  themeVariableProblem,
} from './source-grammar.js';

const ok = (problem: (value: string) => string | null, values: string[]) => {
  for (const value of values) expect(problem(value), value).toBeNull();
};
const refused = (problem: (value: string) => string | null, values: string[]) => {
  for (const value of values) expect(problem(value), value).toEqual(expect.any(String));
};

describe('the source grammar', () => {
  it('tags: host tags, components and member tags; nothing that could end the tag', () => {
    ok(hostTagProblem, ['div', 'h1', 'linearGradient', 'plantation-map']);
    refused(hostTagProblem, ['', 'Card', 'div onClick', 'div>', 'a"', 'x-', '-x', 'div/', 'svg:rect', 'a'.repeat(201)]);
    ok(componentNameProblem, ['Card', 'Card.Header', 'motion.div', '_Private', '$Store']);
    refused(componentNameProblem, ['div', 'default', 'class.Foo', 'Card.', '.Card', 'Card-Header', 'Card />; pwned(); <X', 'Card\n']);
    ok(tagNameProblem, ['div', 'my-el', 'Card', 'motion.div']);
    refused(tagNameProblem, ['', '1div', 'div attr', 'Card}', '<div>', 'import(x)', 'a\u2028b']);
  });

  it('props: JSX attribute names, aria-* and data-* included', () => {
    ok(propNameProblem, ['title', 'aria-label', 'data-row-id', 'onClick', 'xlink:href', '$x']);
    refused(propNameProblem, ['', 'a b', 'a=', 'a"', '{...x}', '1a', 'data-x}', 'a:b:c', 'x\n']);
  });

  it('classes: one class, no whitespace, quote, brace or control character; Tailwind arbitrary values pass', () => {
    ok(classNameProblem, ['p-4', 'md:hover:bg-red-500', 'w-[120px]', '[&>li]:mt-2', '[--tone:#14532d]', 'bg-[url(/a.png)]', '[mix-blend-mode:multiply]']);
    refused(classNameProblem, ['', 'a b', 'a"', "a'", 'a`', 'a${b}', 'a{', 'a}', 'a\u0000', 'a\u2028', 'a\uD800', 'x'.repeat(201)]);
  });

  it('module paths: relative, package or alias, never a scheme, an absolute path or a quote', () => {
    ok(moduleSpecifierProblem, ['./card', '../ui/card', 'react', '@tanstack/react-router', '@/components/card', '~/x', '#lib', './icon.svg?react', '..']);
    refused(moduleSpecifierProblem, [
      '',
      "./card'; pwned(); '",
      './card"',
      'data:text/javascript,pwned()',
      'http://example.com/x.js',
      '/etc/passwd',
      'a//b',
      './card\n',
      './card `${x}`',
      'a\\b',
      'node:fs',
    ]);
  });

  it('CSS: properties by name, values that cannot end their declaration, comment out or escape what follows', () => {
    ok(cssPropertyProblem, ['color', 'background-color', 'backgroundColor', '--tone', '-webkit-line-clamp']);
    refused(cssPropertyProblem, ['', 'color:red', 'a b', 'x;', '--', '1x']);
    ok(cssValueProblem, ['', 'red', '8px 16px', 'calc(100% - 2rem)', 'url("/a b.png")', '"Be Vietnam Pro", sans-serif', 'rgb(0 0 0 / 50%)', '"\\201C"', 'var(--tone) !important']);
    refused(cssValueProblem, [
      'red; background: blue',
      '"a;b"',
      'red}',
      'red{',
      'red /* x',
      'x */',
      'red\\',
      'red\nbackground: blue',
      'red\r',
      '"open',
      "'open",
      'calc(1px',
      'a)',
      '[x',
      'a\u2028b',
      'a\uD800',
    ]);
  });

  it("theme variables: a custom property in one of Tailwind's theme namespaces, nothing that could end the declaration", () => {
    ok(themeVariableProblem, ['--color-slate-950', '--spacing', '--spacing-0\\.5', '--radius-lg', '--font-sans', '--font-weight-bold', '--text-base--line-height', '--breakpoint-2xl', '--shadow-md']);
    refused(themeVariableProblem, ['', '--brand', '--color-', 'color-red', '--color-red: blue', '--color-a;b', '--color-a}', '--spacingx', `--color-${'a'.repeat(200)}`]);
  });
});
