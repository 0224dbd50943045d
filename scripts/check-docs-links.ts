/**
 * Fails when a link of the documentation leads nowhere: every relative Markdown link of `README.md`,
 * `bench/README.md` and `docs/*.md` must name a file that exists and, with `#anchor`, a heading of that file; and
 * every `docs/<page>.md#anchor` written in the source (code comments point at rules that way) must name a heading
 * of that page. Its test runs it over the repository in the unit tier; by hand:
 *
 *   npx tsx scripts/check-docs-links.ts
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', '__fixtures__', 'results', '.plantation-studio']);
const SOURCE_FILE = /\.(?:ts|tsx|js|mjs|cjs|css|html|md)$/;
const FENCE = /^\s*(```|~~~)/;

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown text's headings, a repeated one numbered `-1`, `-2`, … as GitHub does. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (FENCE.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slugOf(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The relative link targets of a Markdown text (outside code fences; `http:` and other schemes left out). */
export function relativeLinksOf(markdown: string): string[] {
  const links: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (FENCE.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const match of line.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
      if (!/^[a-z][a-z0-9+.-]*:/i.test(match[1]!)) links.push(match[1]!);
    }
  }
  return links;
}

/** The `docs/<page>.md[#anchor]` references in a source text. */
export function docsReferencesOf(text: string): string[] {
  return [...text.matchAll(/(?<![\w./-])docs\/[\w-]+\.md(?:#[\w-]+)?/g)].map((match) => match[0]);
}

function sourceFiles(dir: string, files: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (SKIPPED_FOLDERS.has(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) sourceFiles(path, files);
    else if (SOURCE_FILE.test(entry)) files.push(path);
  }
  return files;
}

/** Every link and reference of the repository at `root` that leads nowhere, as `file: target: why`. */
export function brokenDocLinks(root = ROOT): string[] {
  const anchorCache = new Map<string, Set<string>>();
  const broken: string[] = [];
  const check = (from: string, target: string, base: string) => {
    const [pathPart, anchor] = target.split('#');
    const file = pathPart ? resolve(base, decodeURI(pathPart)) : from;
    const where = relative(root, from);
    if (!existsSync(file)) return void broken.push(`${where}: ${target}: no such file`);
    if (!anchor || !file.endsWith('.md')) return;
    let anchors = anchorCache.get(file);
    if (!anchors) anchorCache.set(file, (anchors = anchorsOf(readFileSync(file, 'utf8'))));
    if (!anchors.has(anchor)) broken.push(`${where}: ${target}: no heading with the anchor #${anchor}`);
  };
  const docs = join(root, 'docs');
  const pages = [join(root, 'README.md'), join(root, 'bench', 'README.md'), ...readdirSync(docs).filter((f) => f.endsWith('.md')).map((f) => join(docs, f))];
  for (const page of pages) {
    for (const target of relativeLinksOf(readFileSync(page, 'utf8'))) check(page, target, dirname(page));
  }
  for (const file of sourceFiles(root)) {
    for (const reference of docsReferencesOf(readFileSync(file, 'utf8'))) check(file, reference, root);
  }
  return broken;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const broken = brokenDocLinks();
  if (broken.length > 0) {
    console.error(`${broken.length} documentation link(s) lead nowhere:\n${broken.map((line) => `  ${line}`).join('\n')}`);
    process.exit(1);
  }
  console.log('Every documentation link and docs/ reference resolves.');
}
