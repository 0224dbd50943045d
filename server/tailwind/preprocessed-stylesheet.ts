/**
 * Stylesheets written in a preprocessor's syntax (Sass, Less, Stylus), which Vite compiles to CSS before PostCSS:
 * the studio reads their text without running the preprocessor, so only what CSS lacks is taken out.
 */
import path from 'node:path';

export const isPreprocessed = (file: string): boolean => /\.(?:scss|sass|less|styl|stylus)$/i.test(file);

/**
 * The text without its `//` line comments (at a line's start or after a space, so not `url(//…)` or `https://`),
 * which CSS does not have: Tailwind 4's parser reads the rest of a Sass file (nesting, `$variables`, mixins) as CSS,
 * but takes a line comment for a declaration.
 */
export function withoutLineComments(text: string): string {
  return text.replace(/(^|\s)\/\/.*$/gm, '$1');
}

/**
 * The files a preprocessor's `@import`/`@use`/`@forward` of `specifier` may read, in its lookup order: the name as
 * written, with the preprocessor's extensions, as a Sass partial (`_name`), as a folder's index. A dot in a name
 * (CoreUI's `_variables.import.scss`) is no extension unless it is a stylesheet's.
 */
export function preprocessorCandidates(specifier: string, from: string): string[] {
  const base = path.resolve(path.dirname(from), specifier);
  if (/\.(?:css|scss|sass|less|styl|stylus)$/i.test(base)) return [base];
  const extensions = from.endsWith('.less') ? ['.less', '.css'] : /\.styl(?:us)?$/.test(from) ? ['.styl', '.css'] : ['.scss', '.sass', '.css'];
  const folder = path.dirname(base);
  const name = path.basename(base);
  return extensions.flatMap((ext) => [base + ext, path.join(folder, `_${name}${ext}`), path.join(base, `index${ext}`), path.join(base, `_index${ext}`)]);
}
