/**
 * The grammar of every name and value the studio writes into the console's source: tags, component names, prop
 * names, class names, module paths, CSS properties and values. The server refuses a change whose names fall
 * outside it (400, naming the field) before anything is written, so a value can never end an attribute, a string
 * or a declaration early and become code; the editor checks what a person types with the same rules.
 *
 * Each check answers null when the text can be written, else why not, in words that name the text. Pure
 * TypeScript: this module runs in node and in the editor.
 */

/** Longest tag, component, prop or module name the studio writes. */
const MAX_NAME_LENGTH = 200;
/** Longest class name (one class) the studio writes. */
const MAX_CLASS_NAME_LENGTH = 200;
/** Longest CSS value the studio writes. */
const MAX_CSS_VALUE_LENGTH = 1000;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** A host element: `div`, `linearGradient`, a custom element `plantation-map`. */
const HOST_TAG = /^[a-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*$/;
/** A JSX attribute name (`aria-label`, `data-row-id`, `onClick`), with an optional namespace (`xlink:href`). */
const PROP_NAME = /^[A-Za-z_$][\w$-]*(?::[A-Za-z_$][\w$-]*)?$/;
/** A CSS property as the styling panel names it, kebab- or camelCase (`background-color`, `backgroundColor`). */
const CSS_PROPERTY = /^-?-?[A-Za-z][A-Za-z0-9-]*$/;
const CUSTOM_PROPERTY = /^--[A-Za-z0-9_-]+$/;
const VARIANT = /^[A-Za-z0-9_-]+$/;
/** A module path: letters, digits and `. _ - ~ @ # $ + /`, with an optional `?query` (`./icon.svg?react`). */
const MODULE_PATH = /^[A-Za-z0-9._~@#$+/-]+(?:\?[A-Za-z0-9._=&-]*)?$/;

/** Words that cannot name a binding (an imported component is one). */
const RESERVED_WORDS = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'yield let static implements interface package private protected public await arguments eval undefined'
  ).split(' '),
);

/** Control characters, line and paragraph separators, and lone surrogates (which UTF-8 cannot hold). */
const UNWRITABLE_CHARACTER = /[\p{Cc}\u2028\u2029]|[\uD800-\uDFFF]/u;

/** How an error shows a value: quoted with its escapes visible, and not too long to read. */
export function shown(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
}

function tooLong(value: string, max: number): string | null {
  return value.length > max ? `${shown(value)} is longer than ${max} characters` : null;
}

/** A host element's tag (what the palette's native elements are): lowercase first, letters, digits, hyphens. */
export function hostTagProblem(tag: string): string | null {
  if (tag === '') return 'the tag is empty';
  return tooLong(tag, MAX_NAME_LENGTH) ?? (HOST_TAG.test(tag) ? null : `${shown(tag)} is not an HTML or SVG tag (div, linearGradient, my-element)`);
}

/**
 * A component's name as a tag: an identifier that does not start lowercase (`Card`), or a member of one
 * (`Card.Header`, `motion.div`). Its first part is what gets imported, so it may not be a reserved word.
 */
export function componentNameProblem(name: string): string | null {
  if (name === '') return 'the component name is empty';
  const long = tooLong(name, MAX_NAME_LENGTH);
  if (long) return long;
  const parts = name.split('.');
  const root = parts[0]!;
  const usage = `${shown(name)} is not a component name (Card, Card.Header, motion.div)`;
  if (!parts.every((part) => IDENTIFIER.test(part))) return usage;
  if (parts.length === 1 && /^[a-z]/.test(root)) return `${usage}: a name that starts lowercase is a host tag`;
  if (RESERVED_WORDS.has(root)) return `${usage}: "${root}" is a reserved word`;
  return null;
}

/** Any tag an element can have: a host tag or a component (what changing a tag accepts). */
export function tagNameProblem(tag: string): string | null {
  if (tag === '') return 'the tag is empty';
  if (hostTagProblem(tag) === null || componentNameProblem(tag) === null) return null;
  return tooLong(tag, MAX_NAME_LENGTH) ?? `${shown(tag)} is not a tag name (div, my-element, Card, Card.Header)`;
}

/** A JSX prop (attribute) name: `title`, `aria-label`, `data-row-id`, `onClick`, `xlink:href`. */
export function propNameProblem(name: string): string | null {
  if (name === '') return 'the prop name is empty';
  return tooLong(name, MAX_NAME_LENGTH) ?? (PROP_NAME.test(name) ? null : `${shown(name)} is not a JSX prop name (title, aria-label, data-id)`);
}

/**
 * One class name as it is written into a className string: no whitespace, no quote of any kind, no brace (so no
 * `${`), no control character. Tailwind's arbitrary values (`w-[120px]`, `[&>li]:mt-2`) are fine.
 */
export function classNameProblem(name: string): string | null {
  if (name === '') return 'the class name is empty';
  const long = tooLong(name, MAX_CLASS_NAME_LENGTH);
  if (long) return long;
  if (/\s/u.test(name)) return `${shown(name)} is not one class name: it contains whitespace`;
  if (/["'`]/.test(name)) return `${shown(name)} cannot be written as a class: it contains a quote`;
  if (/[{}]/.test(name)) return `${shown(name)} cannot be written as a class: it contains a brace`;
  if (UNWRITABLE_CHARACTER.test(name)) return `${shown(name)} cannot be written as a class: it contains a control character`;
  return null;
}

/** A Tailwind variant (`hover`, `md`, `group-hover`). */
export function variantProblem(variant: string): string | null {
  return VARIANT.test(variant) && variant.length <= MAX_NAME_LENGTH ? null : `${shown(variant)} is not a variant name (hover, md)`;
}

/**
 * A module path an import is written with: relative (`./card`, `../ui/card`), a package (`react`,
 * `@tanstack/react-router`) or an alias (`@/components/card`, `~/x`, `#lib`). No scheme (`data:`, `http:`),
 * no absolute path, no quote, space or backslash: nothing that could end the string or load code from elsewhere.
 */
export function moduleSpecifierProblem(specifier: string): string | null {
  if (specifier === '') return 'the module path is empty';
  const long = tooLong(specifier, MAX_NAME_LENGTH);
  if (long) return long;
  const usage = `${shown(specifier)} is not a module path (./card, react, @scope/package, @/components/card)`;
  if (!MODULE_PATH.test(specifier)) return usage;
  const path = specifier.split('?')[0]!;
  if (path.startsWith('/')) return `${usage}: an absolute path`;
  if (path.split('/').some((segment) => segment === '')) return `${usage}: it has an empty segment`;
  return null;
}

/** A CSS property name of a styling change (`color`, `background-color`, `backgroundColor`, `--tone`). */
export function cssPropertyProblem(property: string): string | null {
  if (CUSTOM_PROPERTY.test(property) || CSS_PROPERTY.test(property)) return tooLong(property, MAX_NAME_LENGTH);
  return `${shown(property)} is not a CSS property (color, background-color, --tone)`;
}

/** A custom property's name (`--tone`). */
export function customPropertyProblem(property: string): string | null {
  return CUSTOM_PROPERTY.test(property) && property.length <= MAX_NAME_LENGTH ? null : `${shown(property)} is not a custom property (--tone)`;
}

/**
 * A CSS value, as written into a stylesheet's declaration, a `style={{}}` object or a Tailwind arbitrary value:
 * one value that cannot end its declaration or rule (`;`, braces), open a comment, escape what follows it, break
 * the line, or leave a string, a parenthesis or a bracket open.
 */
export function cssValueProblem(value: string): string | null {
  const long = tooLong(value, MAX_CSS_VALUE_LENGTH);
  if (long) return long;
  if (/[;{}]/.test(value)) return `${shown(value)} is not one CSS value: it contains ; or a brace`;
  if (/[\p{Cc}\u2028\u2029]/u.test(value.replace(/\t/g, ' '))) return `${shown(value)} is not one CSS value: it contains a line break or a control character`;
  if (/[\uD800-\uDFFF]/u.test(value)) return `${shown(value)} is not one CSS value: it contains a lone surrogate`;
  if (value.includes('/*') || value.includes('*/')) return `${shown(value)} is not one CSS value: it contains a comment`;
  const closers: string[] = [];
  let quote: string | null = null;
  for (let i = 0; i < value.length; i += 1) {
    const c = value[i]!;
    if (c === '\\') {
      if (i === value.length - 1) return `${shown(value)} is not one CSS value: it ends with a backslash`;
      i += 1;
      continue;
    }
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '(' || c === '[') {
      closers.push(c === '(' ? ')' : ']');
    } else if (c === ')' || c === ']') {
      if (closers.pop() !== c) return `${shown(value)} is not one CSS value: its parentheses or brackets do not match`;
    }
  }
  if (quote) return `${shown(value)} is not one CSS value: a string in it is not closed`;
  if (closers.length > 0) return `${shown(value)} is not one CSS value: its parentheses or brackets do not match`;
  return null;
}

/**
 * Tailwind 4's theme namespaces (`@theme`): a variable outside them is not a token of the project's theme, so the
 * theme panel never writes one.
 */
const THEME_NAMESPACES = [
  'color',
  'font',
  'font-weight',
  'text',
  'tracking',
  'leading',
  'breakpoint',
  'container',
  'spacing',
  'radius',
  'shadow',
  'inset-shadow',
  'drop-shadow',
  'text-shadow',
  'blur',
  'perspective',
  'aspect',
  'ease',
  'animate',
  'default',
];
/** `--spacing` alone (the step of the spacing scale), or `--<namespace>-<name>` (`--color-slate-950`, `--spacing-0\.5`). */
const THEME_VARIABLE = new RegExp(`^--(?:spacing|(?:${THEME_NAMESPACES.join('|')})-[A-Za-z0-9](?:[A-Za-z0-9_-]|\\\\\\.)*)$`);

/** A theme variable a token edit writes (`--color-slate-950`): a custom property in one of Tailwind's theme namespaces. */
export function themeVariableProblem(variable: string): string | null {
  if (THEME_VARIABLE.test(variable)) return tooLong(variable, MAX_NAME_LENGTH);
  return `${shown(variable)} is not a theme variable (--color-slate-950, --spacing, --radius-lg, --font-sans)`;
}
