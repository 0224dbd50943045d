/**
 * Which of the theme's tokens a project has never named: a utility of such a token (`text-stone-300`) is new to
 * the project, so its Tailwind CSS (and the token's variable, which Tailwind 4 only declares once a class uses it)
 * must be generated on the way when the style controls write it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The project's files Tailwind reads candidates from: source, stylesheets, the HTML entry. */
const SCANNED = /\.(tsx?|jsx?|css|html)$/;

/**
 * The tokens whose name occurs in no text, as a class's tail (`-stone-300`, `stone-300` after a space or a quote)
 * or anywhere else: a name found anywhere might already be a candidate, so it is never taken as new.
 */
export function tokensNewTo(texts: readonly string[], tokens: readonly string[]): string[] {
  return tokens.filter((token) => {
    const name = new RegExp(`(^|[^\\w-])([\\w-]*-)?${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);
    return !texts.some((text) => name.test(text));
  });
}

/** The text of every scanned file under `root` (its `node_modules` and dot-folders left out). */
export function projectTexts(root: string): string[] {
  const texts: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (SCANNED.test(entry.name)) texts.push(readFileSync(path, 'utf8'));
    }
  };
  walk(root);
  return texts;
}
