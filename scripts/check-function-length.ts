/**
 * Fails when a function of the project's own code is longer than 150 lines (tests and generated files aside): a
 * function that long holds several concerns, or state that wants an owner. Run by `npm test`; prints every
 * offender as `file:line name: N lines`.
 *
 *   npx tsx scripts/check-function-length.ts [folder…]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const MAX_FUNCTION_LINES = 130;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE_FOLDERS = ['bin', 'cli', 'server', 'mocks', 'contracts', 'client', 'overlay', 'bench', 'e2e', 'test-support', 'scripts'];
const SOURCE_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs']);
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '__fixtures__', 'results']);
/** Tests, their helpers and generated files: the limit is for the code they test. */
const NOT_CHECKED = /(\.test\.tsx?|\.spec\.ts|-test-support\.ts|\.gen\.ts)$|^(e2e|test-support)\//;

export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

/** Every function, method, accessor and arrow function in `text` longer than `max` lines, nested ones included. */
export function longFunctions(file: string, text: string, max = MAX_FUNCTION_LINES): LongFunction[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : /\.[mc]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push({ file, line: first + 1, name: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function nameOf(node: ts.SignatureDeclaration): string {
  if (node.name) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name) {
    return parent.name.getText();
  }
  if (ts.isCallExpression(parent)) return `(function passed to ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous function)';
}

function* sourceFiles(folder: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(join(ROOT, folder), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) yield* sourceFiles(path);
    } else if (SOURCE_EXTENSIONS.has(extname(entry.name)) && !entry.name.endsWith('.d.ts')) {
      yield path;
    }
  }
}

function main(folders: string[]): number {
  const offenders: LongFunction[] = [];
  for (const folder of folders) {
    for (const file of sourceFiles(folder)) {
      const path = relative(ROOT, join(ROOT, file)).split('\\').join('/');
      if (!NOT_CHECKED.test(path)) offenders.push(...longFunctions(path, readFileSync(join(ROOT, file), 'utf8')));
    }
  }
  for (const o of offenders) console.error(`${o.file}:${o.line} ${o.name}: ${o.lines} lines (at most ${MAX_FUNCTION_LINES})`);
  if (offenders.length > 0) {
    console.error(`${offenders.length} function(s) over ${MAX_FUNCTION_LINES} lines: split them by concern, or give their lasting state an owner.`);
    return 1;
  }
  console.log(`No function over ${MAX_FUNCTION_LINES} lines.`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const folders = process.argv.slice(2);
  process.exitCode = main(folders.length > 0 ? folders : SOURCE_FOLDERS);
}
