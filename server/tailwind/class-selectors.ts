/**
 * Splits a stylesheet into its top-level statements (`@layer x { … }`, `.a { … }`, `@layer a, b;`, comments),
 * respecting strings, comments and escapes, so the Tailwind endpoint can keep the parts generated for the asked
 * classes and leave out what the page already has (preflight, the project's own rules).
 */

export interface CssStatement {
  /** Text before the block or the terminating `;`, trimmed: `@layer utilities`, `.card`, `@layer a, b`. */
  head: string;
  /** The whole statement as written, block included. */
  text: string;
  kind: 'block' | 'statement' | 'comment';
}

export function splitTopLevelCss(css: string): CssStatement[] {
  const statements: CssStatement[] = [];
  let start = 0;
  let depth = 0;
  let headEnd = -1;
  let i = 0;
  const skipWhitespace = () => {
    while (start < css.length && /\s/.test(css[start]!)) start++;
  };
  skipWhitespace();
  i = start;
  while (i < css.length) {
    const c = css[i]!;
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '"' || c === "'") {
      const close = findStringEnd(css, i);
      i = close + 1;
      continue;
    }
    if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      const end = close === -1 ? css.length : close + 2;
      if (depth === 0 && i === start) {
        statements.push({ head: '', text: css.slice(start, end), kind: 'comment' });
        start = end;
        skipWhitespace();
        i = start;
        continue;
      }
      i = end;
      continue;
    }
    if (c === '{') {
      if (depth === 0) headEnd = i;
      depth++;
    } else if (c === '}') {
      depth = Math.max(0, depth - 1);
      if (depth === 0) {
        statements.push({ head: css.slice(start, headEnd).trim(), text: css.slice(start, i + 1), kind: 'block' });
        start = i + 1;
        skipWhitespace();
        i = start;
        continue;
      }
    } else if (c === ';' && depth === 0) {
      statements.push({ head: css.slice(start, i).trim(), text: css.slice(start, i + 1), kind: 'statement' });
      start = i + 1;
      skipWhitespace();
      i = start;
      continue;
    }
    i++;
  }
  const rest = css.slice(start).trim();
  if (rest) statements.push({ head: rest, text: rest, kind: 'statement' });
  return statements;
}

function findStringEnd(css: string, open: number): number {
  const quote = css[open];
  for (let i = open + 1; i < css.length; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === quote || css[i] === '\n') return i;
  }
  return css.length - 1;
}

/**
 * `CSS.escape` (CSSOM §serialize an identifier), which Tailwind also uses for class selectors: how a class name
 * appears in the generated CSS.
 */
export function cssEscapeIdentifier(value: string): string {
  let result = '';
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code === 0) {
      result += '\uFFFD';
    } else if (
      (code >= 0x1 && code <= 0x1f) ||
      code === 0x7f ||
      (index === 0 && code >= 0x30 && code <= 0x39) ||
      (index === 1 && code >= 0x30 && code <= 0x39 && value.charCodeAt(0) === 0x2d)
    ) {
      result += `\\${code.toString(16)} `;
    } else if (index === 0 && value.length === 1 && code === 0x2d) {
      result += `\\${value.charAt(index)}`;
    } else if (code >= 0x80 || code === 0x2d || code === 0x5f || (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) {
      result += value.charAt(index);
    } else {
      result += `\\${value.charAt(index)}`;
    }
  }
  return result;
}

/** Whether a class selector for `candidate` occurs in `css` (followed by something that ends an identifier). */
export function selectsClass(css: string, candidate: string): boolean {
  const selector = `.${cssEscapeIdentifier(candidate)}`;
  for (let at = css.indexOf(selector); at !== -1; at = css.indexOf(selector, at + 1)) {
    const next = css[at + selector.length];
    if (next === undefined || !/[A-Za-z0-9_\-\\\u0080-\uffff]/.test(next)) return true;
  }
  return false;
}
