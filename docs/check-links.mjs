#!/usr/bin/env node
/**
 * Checks that the documentation's links lead somewhere: every relative Markdown link of README.md, bench/README.md
 * and docs/*.md names a file that exists and, with `#anchor`, a heading of that file; and every `docs/<page>.md#anchor`
 * written anywhere in the source (code comments point at rules that way) names a heading of that page.
 *
 *   node docs/check-links.mjs        exit 0 when every link resolves, else 1 with the broken ones
 *
 * Anchors are made from headings as GitHub makes them: lower case, punctuation dropped, spaces to hyphens, and
 * `-1`, `-2`, … for repeats.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '__fixtures__', 'results', '.plantation-studio']);
const SOURCE_FILE = /\.(?:ts|tsx|js|mjs|css|html|md)$/;

function slugOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorCache = new Map();
function anchorsOf(file) {
  let anchors = anchorCache.get(file);
  if (anchors) return anchors;
  anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const match = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!match) continue;
    const base = slugOf(match[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

function walk(dir, files = []) {
  for (const entry of readdirSync(dir)) {
    if (SKIP_DIRS.has(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path, files);
    else if (SOURCE_FILE.test(entry)) files.push(path);
  }
  return files;
}

const problems = [];

function check(fromFile, target, base) {
  const [pathPart, anchor] = target.split('#');
  const file = pathPart ? resolve(base, decodeURI(pathPart)) : fromFile;
  const where = relative(ROOT, fromFile);
  if (!existsSync(file)) {
    problems.push(`${where}: ${target}: no such file`);
    return;
  }
  if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor)) {
    problems.push(`${where}: ${target}: no heading with the anchor #${anchor}`);
  }
}

// Markdown links of the documentation itself.
const pages = [join(ROOT, 'README.md'), join(ROOT, 'bench', 'README.md'), ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(ROOT, 'docs', f))];
let links = 0;
for (const page of pages) {
  let fenced = false;
  for (const line of readFileSync(page, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const match of line.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
      const target = match[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      links++;
      check(page, target, dirname(page));
    }
  }
}

// `docs/<page>.md#anchor` references anywhere in the source, relative to the repository root.
let references = 0;
for (const file of walk(ROOT)) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/(?<![\w./-])docs\/([\w-]+\.md)(#[\w-]+)?/g)) {
    references++;
    check(file, `docs/${match[1]}${match[2] ?? ''}`, ROOT);
  }
}

if (problems.length > 0) {
  console.error(`${problems.length} broken link(s):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`${links} documentation links and ${references} references to docs/ resolve.`);
