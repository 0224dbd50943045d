/**
 * The Vite plugin that marks the served console with codebase ids: every JSX element of every `.tsx` /
 * `.jsx` file under the served root gets `data-codebase-id="tempo-…"` in the code Vite serves, never on disk. Host
 * elements carry it as a DOM attribute, component elements as a prop of the same name (docs/editor.md#codebase-ids).
 *
 * Identity comes from `indexJsxElements`, the same function the mutation engine uses to find an element by id, on
 * the same text (the file as loaded from disk: this plugin runs first), so the page and the engine agree. Each parse
 * is kept for the engine's index (`served-parses.ts`), which takes it for a file whose disk text is the same.
 */
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';
import { CODEBASE_ID_ATTRIBUTE } from '../../contracts/dom.js';
import { diskChanged } from '../codebase-ids/disk-changes.js';
import type { JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';

type ServedParsesModule = typeof import('../codebase-ids/served-parses.js');

export const CODEBASE_ID_PLUGIN_NAME = 'plantation-studio:codebase-ids';

const JSX_FILE = /\.[jt]sx$/;

/** Queries under which Vite serves something other than the module's own code (a string, a URL, a worker). */
const NON_SOURCE_QUERY = /(?:^|&)(?:raw|url|inline|worker|sharedworker)(?:&|=|$)/;

/**
 * Tags that must not receive the attribute: React warns about any prop on a Fragment but `key` and `children`.
 * They keep their place in the structural path (the index numbers them), they only carry no id at run time.
 */
const NO_ID_TAGS = new Set(['Fragment', 'React.Fragment']);

/** The root-relative POSIX path of a module id, or null when the module is not the project's own JSX source. */
export function projectJsxPath(id: string, roots: readonly string[]): string | null {
  const queryAt = id.indexOf('?');
  const file = queryAt === -1 ? id : id.slice(0, queryAt);
  const query = queryAt === -1 ? '' : id.slice(queryAt + 1);
  if (!JSX_FILE.test(file) || file.startsWith('\0') || NON_SOURCE_QUERY.test(query)) return null;
  for (const root of roots) {
    const rel = relative(root, file);
    if (!rel || rel.startsWith('..') || isAbsolute(rel)) continue;
    const parts = rel.split(sep);
    if (parts.includes('node_modules')) return null;
    return parts.join('/');
  }
  return null;
}

/** Adds the id attribute of each of `entries` (the elements `indexJsxElements` found in `code`); null when none. */
export function addCodebaseIds(
  entries: readonly JsxElementEntry[],
  code: string,
  fileName: string,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const text = new MagicString(code);
  let marked = 0;
  for (const entry of entries) {
    if (NO_ID_TAGS.has(entry.tagName)) continue;
    // Right after the tag name: an id the element receives through a spread (`{...props}`) of its parent wins.
    text.appendLeft(entry.attributeInsertPosition, ` ${CODEBASE_ID_ATTRIBUTE}="${entry.id}"`);
    marked++;
  }
  if (marked === 0) return null;
  return { code: text.toString(), map: text.generateMap({ source: fileName, includeContent: true, hires: 'boundary' }) };
}

export interface CodebaseIdPluginOptions {
  /** The served console project: ids are computed from paths relative to it. */
  root: string;
}

export function codebaseIdPlugin({ root }: CodebaseIdPluginOptions): Plugin {
  let realRoot = root;
  try {
    realRoot = realpathSync(root);
  } catch {
    // A root that does not exist yet is reported by Vite itself.
  }
  const roots = realRoot === root ? [root] : [root, realRoot];
  // Why lazily: ts-morph takes hundreds of milliseconds to load, and `dev` reports ready before any module is asked for.
  let indexer: Promise<ServedParsesModule> | undefined;

  return {
    name: CODEBASE_ID_PLUGIN_NAME,
    // Before every other plugin, so the ids are computed on the file as it is on disk, the text the engine parses.
    enforce: 'pre',
    // Never in `build`: the ids are for the studio only, and a built console carries none.
    apply: 'serve',
    // A JSX file saved outside the studio (the person's code editor): the engine reads it again at once, so the ids
    // agents hold are carried through the rewrite before they are used.
    configureServer(server) {
      for (const event of ['change', 'unlink'] as const) server.watcher.on(event, (file: string) => projectJsxPath(file, roots) !== null && diskChanged(file));
    },
    transform: {
      // Also before the `enforce: 'pre'` plugins a project's own config lists ahead of this one (a router's code
      // splitter rewrites route files): their transforms are not ordered first, this one is.
      order: 'pre',
      filter: { id: /\.[jt]sx(?:\?|$)/ },
      async handler(code, id) {
        const relativePath = projectJsxPath(id, roots);
        if (relativePath === null) return null;
        const { servedParses } = await (indexer ??= import('../codebase-ids/served-parses.js'));
        const file = id.split('?')[0]!;
        return addCodebaseIds(servedParses.parse(file, relativePath, code), code, file);
      },
    },
  };
}
