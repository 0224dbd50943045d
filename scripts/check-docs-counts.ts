/**
 * Fails when the documentation states a count the code has outgrown: a number written before one of the counted
 * nouns below ("the 16 change types", "thirteen mutation kinds") must be the length of the code's own table. Docs
 * may also say "the change types" without a number. Its test runs it over README.md and docs/ in the unit tier; by
 * hand:
 *
 *   npx tsx scripts/check-docs-counts.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHANGE_TYPES, MUTATION_KINDS } from '../contracts/change-kinds.js';
import { ERRORS } from '../contracts/errors.js';
import { FRAME_FUNCTION_NAMES } from '../contracts/frame-protocol.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Each counted noun (a pattern over the words after the number) and the size of the table it counts. */
export const COUNTED: ReadonlyArray<{ noun: RegExp; table: string; count: number }> = [
  { noun: /^change (?:types|kinds)\b/i, table: 'CHANGE_TYPES (contracts/change-kinds.ts)', count: CHANGE_TYPES.length },
  { noun: /^(?:mutation kinds|kinds of mutation|transforms)\b/i, table: 'MUTATION_KINDS (contracts/change-kinds.ts)', count: MUTATION_KINDS.length },
  { noun: /^(?:frame functions|callable functions|functions the editor may call)\b/i, table: 'FRAME_FUNCTION_NAMES (contracts/frame-protocol.ts)', count: FRAME_FUNCTION_NAMES.length },
  { noun: /^error codes\b/i, table: 'ERRORS (contracts/errors.ts)', count: Object.keys(ERRORS).length },
];

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];
const NUMBER = new RegExp(`\\b(\\d+|${WORDS.join('|')})\\s+`, 'gi');

/** Every count in `markdown` that is not its table's length, as `line: "text": why`. */
export function wrongCountsIn(markdown: string): string[] {
  const wrong: string[] = [];
  markdown.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(NUMBER)) {
      const after = line.slice(match.index + match[0].length);
      const counted = COUNTED.find(({ noun }) => noun.test(after));
      if (!counted) continue;
      const word = match[1]!.toLowerCase();
      const stated = /^\d+$/.test(word) ? Number(word) : WORDS.indexOf(word);
      if (stated !== counted.count) wrong.push(`${index + 1}: "${match[0]}${after.slice(0, 20)}": ${counted.table} has ${counted.count}`);
    }
  });
  return wrong;
}

/** The wrong counts of README.md and docs/*.md, as `file:line: …`. */
export function wrongDocCounts(root = ROOT): string[] {
  const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
  return pages.flatMap((page) => wrongCountsIn(readFileSync(join(root, page), 'utf8')).map((line) => `${page}:${line}`));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const wrong = wrongDocCounts();
  if (wrong.length > 0) {
    console.error(`${wrong.length} count(s) of the docs are not the code's:\n${wrong.map((line) => `  ${line}`).join('\n')}`);
    process.exit(1);
  }
  console.log("Every count the docs state is the code's.");
}
