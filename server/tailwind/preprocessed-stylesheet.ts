/**
 * Stylesheets written in a preprocessor's syntax (Sass, Less, Stylus), which Vite compiles to CSS before PostCSS:
 * the studio reads their text without running the preprocessor, so only what CSS lacks is taken out.
 */

export const isPreprocessed = (file: string): boolean => /\.(?:scss|sass|less|styl|stylus)$/i.test(file);

/**
 * The text without its `//` line comments (at a line's start or after a space, so not `url(//…)` or `https://`),
 * which CSS does not have: Tailwind 4's parser reads the rest of a Sass file (nesting, `$variables`, mixins) as CSS,
 * but takes a line comment for a declaration.
 */
export function withoutLineComments(text: string): string {
  return text.replace(/(^|\s)\/\/.*$/gm, '$1');
}
