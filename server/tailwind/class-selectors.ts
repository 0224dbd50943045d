/**
 * Class names as Tailwind writes them in selectors: escaped as `CSS.escape` does, and found as whole class
 * selectors in generated CSS (so the Tailwind endpoint can say which asked classes generated anything).
 */

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
