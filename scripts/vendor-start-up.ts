/**
 * The last step of `npm run build`: the CommonJS packages `dev` loads before its ready line (Fastify with its
 * dependencies, commander) bundled each into one ES module under `dist/vendor/`, and the built files that import them
 * pointed there.
 *
 * Why: Node loads a CommonJS package from an ES module file by file (Fastify is about 80 of them), each looked up,
 * read, scanned for its exports and compiled, on the same thread as Vite's own start; one file each took Fastify's
 * load from about 120 ms to about 65 ms here, a good part of what `dev`'s ready line pays beyond plain Vite's
 * (issue 29, bench/README.md). The sources still import the packages by name (types, tests and `tsx` use them as
 * installed); only the built CLI and server use the bundles. Each bundle is the installed version, with its licence
 * comments kept.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
/** The built code that runs in Node: the browser bundles (`editor`, `overlay`) never import these. */
const NODE_FOLDERS = ['cli', 'server', 'mocks', 'contracts'];
/** Each package and the bundle it becomes. */
const VENDORED = { fastify: 'vendor/fastify.js', commander: 'vendor/commander.js' } as const;

/** Every built JavaScript file under `folder`. */
function builtFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The bindings the built files import from `name`: `default` and the named ones (renames by their imported name). */
export function importedBindings(texts: readonly string[], name: string): string[] {
  const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const statement = new RegExp(`\\bimport\\s+([^'";]*?)\\s*from\\s*(['"])${escaped}\\2`, 'g');
  const bindings = new Set<string>();
  for (const text of texts) {
    for (const [, clause] of text.matchAll(statement)) {
      const named = /\{([^}]*)\}/.exec(clause!)?.[1];
      const before = clause!.replace(/\{[^}]*\}/, '').replace(/,/g, ' ').trim();
      if (before.startsWith('* as')) throw new Error(`a namespace import of ${name} cannot be vendored: import its bindings by name`);
      if (before !== '') bindings.add('default');
      for (const part of named?.split(',') ?? []) {
        const imported = part.trim().split(/\s+as\s+/)[0]!.replace(/^type\s+/, '');
        if (imported !== '' && !part.trim().startsWith('type ')) bindings.add(imported);
      }
    }
  }
  return [...bindings].sort();
}

/** The module a bundle is made from: the bindings the built files use, re-exported from the package. */
function entryOf(name: string, bindings: readonly string[]): string {
  return bindings.length === 0 ? '' : `export { ${bindings.join(', ')} } from '${name}';\n`;
}

/** `text` with its static imports and re-exports of `name` pointed at `target` (a specifier relative to the file). */
export function pointedAt(text: string, name: string, target: string): string {
  const quoted = new RegExp(`(\\b(?:from|import)\\s*)(['"])${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\2`, 'g');
  return text.replace(quoted, (_whole, keyword: string, quote: string) => `${keyword}${quote}${target}${quote}`);
}

/** Bundles the packages and points the built files at them; says what it did. */
export async function vendorStartUp(): Promise<string> {
  const files = NODE_FOLDERS.flatMap((folder) => builtFiles(join(DIST, folder)));
  const texts = files.map((file) => readFileSync(file, 'utf8'));
  for (const [name, out] of Object.entries(VENDORED)) {
    await build({
      stdin: { contents: entryOf(name, importedBindings(texts, name)), resolveDir: ROOT, loader: 'js' },
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      outfile: join(DIST, out),
      legalComments: 'eof',
      logLevel: 'warning',
      // What the bundled CommonJS still requires at run time (Node's own modules) goes through a real `require`.
      banner: { js: "import { createRequire as vendoredRequire } from 'node:module';\nconst require = vendoredRequire(import.meta.url);" },
    });
  }
  let pointed = 0;
  for (const [i, file] of files.entries()) {
    const text = texts[i]!;
    let next = text;
    for (const [name, out] of Object.entries(VENDORED)) {
      const target = relative(dirname(file), join(DIST, out)).split(sep).join('/');
      next = pointedAt(next, name, target.startsWith('.') ? target : `./${target}`);
    }
    if (next !== text) {
      writeFileSync(file, next);
      pointed += 1;
    }
  }
  return `vendored ${Object.keys(VENDORED).join(' and ')} for ${pointed} built files`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) console.log(await vendorStartUp());
