/**
 * Confines every file the engine reads or writes to the edited root: a path given by a request (or
 * derived from one) is checked by its text and then by its real path, so `..`, absolute paths and symbolic links
 * pointing outside cannot reach anything, and secrets and dependencies inside the root stay untouchable. See
 * docs/editor.md#safe-paths.
 */
import fs from 'node:fs';
import path from 'node:path';
import { appError } from '../../contracts/errors.js';
import { STUDIO_FOLDER } from '../project-folder.js';

/** Path segments never read nor written, wherever they appear. */
function forbiddenSegment(segment: string): string | null {
  // Compared without case: on case-insensitive file systems `.GIT` is `.git`.
  const name = segment.toLowerCase();
  if (name === '.git') return 'the .git folder is never touched';
  if (name === 'node_modules') return 'node_modules is never touched';
  if (/^\.env(?:$|\.)/.test(name)) return '.env files are never read or written';
  return null;
}

function forbiddenIn(relativePosix: string): string | null {
  for (const segment of relativePosix.split('/')) {
    const why = forbiddenSegment(segment);
    if (why) return why;
  }
  return null;
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/** A file under the root: its real absolute path and its root-relative POSIX path (what ids are made from). */
export interface RootFile {
  absolute: string;
  relative: string;
}

/** The nearest existing ancestor's real path, with the missing tail appended (for files about to be created). */
function realPathAllowingMissing(absolute: string): string {
  const missing: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      // One realpath(3) call: the JS version lstats every folder of the path, for each of the thousands of files a lookup reads.
      return path.join(fs.realpathSync.native(current), ...missing.reverse());
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // Missing, or a symbolic link to something missing: the link's target could be anywhere.
      if (fs.lstatSync(current, { throwIfNoEntry: false })) throw new Error('a symbolic link points to a missing target');
      const parent = path.dirname(current);
      if (parent === current) throw error;
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

export function realRoot(root: string): string {
  return fs.realpathSync(path.resolve(root));
}

/**
 * Resolves a root-relative path (as a request or the engine names it) to a file inside `root` (a real path),
 * or throws PATH_FORBIDDEN. The file need not exist yet.
 */
export function resolveInRoot(root: string, requested: string): RootFile {
  const lexical = lexicalProblem(requested);
  if (lexical) throw appError('PATH_FORBIDDEN', requested, lexical);
  return confine(root, path.join(root, requested.split('\\').join('/')), requested);
}

/** Why a root-relative path cannot name a file the studio may touch, by its text alone, or null. */
function lexicalProblem(requested: string): string | null {
  if (requested.includes('\0')) return 'the path contains a NUL character';
  const normalisedInput = requested.split('\\').join('/');
  if (path.isAbsolute(requested) || /^[A-Za-z]:/.test(normalisedInput) || normalisedInput.startsWith('/')) return 'paths are relative to the project root';
  if (normalisedInput.split('/').includes('..')) return '".." may not leave the project root';
  return forbiddenIn(normalisedInput);
}

/** Checks that an absolute path (found by the engine itself) really lies inside the root. */
export function confine(root: string, absolute: string, shown: string): RootFile {
  let real: string;
  try {
    real = realPathAllowingMissing(absolute);
  } catch (error) {
    throw appError('PATH_FORBIDDEN', shown, `it cannot be resolved (${(error as Error).message})`);
  }
  const relative = path.relative(root, real);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw appError('PATH_FORBIDDEN', shown, 'it resolves outside the project root (a symbolic link?)');
  }
  const relativePosix = toPosix(relative);
  const why = forbiddenIn(relativePosix);
  if (why) throw appError('PATH_FORBIDDEN', shown, why);
  return { absolute: real, relative: relativePosix };
}

/** What a change writes: source files and stylesheets (the only files it creates, and the ones it edits). */
const SOURCE_FILE = /\.(?:tsx|jsx|ts|js|mjs|css)$/;
/**
 * Names tools read on their own and may run (`.prettierrc.cjs`, `postcss.config.js`, `package.json` with its
 * Prettier plugins): a file the studio creates could otherwise become code that runs at its next format or start.
 */
const TOOL_CONFIGURATION = /^(?:\..*|.*\.config\..*|package\.json|[tj]sconfig.*\.json)$/i;
/** Run-command files (`babelrc.js`): never created either, though an existing component may be named so (`Arc.tsx`). */
const RC_FILE = /^.*rc(?:\..*)?$/i;

/** Why the root-relative path may not be a file a change creates, or null. */
export function creatableFileProblem(relativePosix: string): string | null {
  const name = relativePosix.split('/').pop() ?? '';
  if (TOOL_CONFIGURATION.test(name) || RC_FILE.test(name)) return 'a change never creates dotfiles or tool configuration (they can run code)';
  if (!SOURCE_FILE.test(name)) return 'a change creates only source files and stylesheets (.tsx, .jsx, .ts, .js, .mjs, .css)';
  return null;
}

/**
 * Why a path kept in the undo history (a file its step writes back) is not one a change could have written, or
 * null: by its text, inside the root, a source file or stylesheet, never tool configuration nor the studio's own
 * folder. The history may come from anyone (a cloned project), so this is checked before it is used.
 */
export function historyPathProblem(relativePosix: string): string | null {
  const lexical = lexicalProblem(relativePosix);
  if (lexical) return lexical;
  const segments = relativePosix.split('/');
  if (relativePosix.includes('\\') || segments.some((segment) => segment === '' || segment === '.')) return 'it is not a plain root-relative path';
  if (segments[0] === STUDIO_FOLDER) return "the studio's own folder holds no source";
  const name = segments.at(-1)!;
  if (TOOL_CONFIGURATION.test(name)) return 'tool configuration is never written back (it can run code)';
  if (!SOURCE_FILE.test(name)) return 'only source files and stylesheets are written back (.tsx, .jsx, .ts, .js, .mjs, .css)';
  return null;
}

/**
 * Whether `absolute` is a folder inside the root reached through real folders only (lstat at every level): a
 * folder removed on the strength of a stored path must not be one a link leads to, inside the root or out of it.
 */
export function isRealFolderInRoot(root: string, absolute: string): boolean {
  const relative = path.relative(root, absolute);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return false;
  let current = root;
  for (const segment of relative.split(path.sep)) {
    current = path.join(current, segment);
    if (!fs.lstatSync(current, { throwIfNoEntry: false })?.isDirectory()) return false;
  }
  return true;
}
