/**
 * The studio's own folder in the edited project, `.plantation-studio/`: canvases, the file-level history, the
 * mock's signing key. It never belongs in the project's git (the key is a secret, the history holds whole copies of
 * source files), whatever the project's own `.gitignore` says: the folder ignores itself with a `.gitignore` of `*`,
 * as tool caches do.
 *
 * A cloned repository or an unpacked archive can carry the folder, so what is in it is read as someone else's: every
 * path in it is reached without following a link (each level looked at with lstat before a read, write, rename or
 * delete, files opened with O_NOFOLLOW), and a link anywhere in it is found at the start of `dev`
 * (`stateFolderRefusal`), which then runs without what the folder keeps rather than act on it. What the studio makes
 * there is owner-only (folders 0700, files 0600) whatever the umask. Every writer into the folder goes through here.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

export const STUDIO_FOLDER = '.plantation-studio';
/** Where temporary files are made before they are renamed into place (sources and the folder's own files alike). */
export const TEMP_FOLDER = `${STUDIO_FOLDER}/tmp`;
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;
/** How many of the folder's links a refusal names; the rest are counted. */
const SHOWN_PROBLEMS = 5;
// Why O_NONBLOCK: a named pipe planted in the folder must not hang the start on its open.
const READ_FLAGS = fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK;
const CREATE_FLAGS = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW;
const APPEND_FLAGS = fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK;

function assertInStudioFolder(relative: string): void {
  if (relative !== STUDIO_FOLDER && !relative.startsWith(`${STUDIO_FOLDER}/`)) throw new Error(`${relative} is not inside ${STUDIO_FOLDER}`);
  if (relative.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) throw new Error(`${relative} is not a plain path`);
}

function notAFolder(shown: string): Error {
  return new Error(`${shown} is a symbolic link or a file, not a folder of the project`);
}

/**
 * The entry at `relative` (lstat: a link is answered as a link), after checking that every level above it is a real
 * folder; undefined when it or a level above it is missing. A level that is a link or a file is refused.
 */
export function stateEntry(root: string, relative: string): fs.Stats | undefined {
  assertInStudioFolder(relative);
  const segments = relative.split('/');
  let current = root;
  for (const [index, segment] of segments.entries()) {
    current = path.join(current, segment);
    const stat = fs.lstatSync(current, { throwIfNoEntry: false });
    if (!stat || index === segments.length - 1) return stat;
    if (!stat.isDirectory()) throw notAFolder(segments.slice(0, index + 1).join('/'));
  }
  return undefined;
}

/**
 * Makes each missing level of `relative` (a POSIX path under the root), owner-only; a level that is a link or a file
 * is refused. `gitignore`: put the folder's `.gitignore` in place too (not for a temporary file of a source write,
 * which leaves no trace).
 */
export function studioFolder(root: string, relative: string, { gitignore = true }: { gitignore?: boolean } = {}): string {
  assertInStudioFolder(relative);
  let folder = root;
  for (const segment of relative.split('/')) {
    folder = path.join(folder, segment);
    const stat = fs.lstatSync(folder, { throwIfNoEntry: false });
    if (!stat) {
      fs.mkdirSync(folder, { mode: FOLDER_MODE });
      // The mode went through the umask, which may only have taken bits away: made exact all the same.
      fs.chmodSync(folder, FOLDER_MODE);
    } else if (!stat.isDirectory()) {
      // Why lstat level by level: a link planted in the project must not take the studio's files elsewhere.
      throw notAFolder(path.relative(root, folder).split(path.sep).join('/'));
    }
  }
  if (gitignore) ignoreStudioFolder(root);
  return folder;
}

/** Puts `.plantation-studio/.gitignore` (`*`) in place when it is missing. */
function ignoreStudioFolder(root: string): void {
  const file = path.join(root, STUDIO_FOLDER, '.gitignore');
  if (fs.lstatSync(file, { throwIfNoEntry: false })) return;
  try {
    // 'wx' (O_EXCL) never follows a link planted meanwhile: it fails on it.
    fs.writeFileSync(file, '# Written by plantation-studio: its own files (history, signing key) stay out of git.\n*\n', { flag: 'wx', mode: FILE_MODE });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    // Made here but not filled (a full disk): no half-written file is left behind.
    if (fs.lstatSync(file, { throwIfNoEntry: false })?.isFile()) fs.rmSync(file, { force: true });
    throw error;
  }
}

/**
 * Opens the file at `relative` for reading, never through a link (O_NOFOLLOW, every level above looked at): its
 * descriptor, or null when it is missing. A link or anything but a file is refused.
 */
export function openStateFile(root: string, relative: string): number | null {
  if (!stateEntry(root, relative)) return null;
  let fd: number;
  try {
    fd = fs.openSync(path.join(root, ...relative.split('/')), READ_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'ELOOP') throw new Error(`${relative} is a symbolic link`);
    throw error;
  }
  if (fs.fstatSync(fd).isFile()) return fd;
  fs.closeSync(fd);
  throw new Error(`${relative} is not a file`);
}

/** The bytes of the file at `relative`, or null when it is missing; a link or anything but a file is refused. */
export function readStateFile(root: string, relative: string): Buffer | null {
  const fd = openStateFile(root, relative);
  if (fd === null) return null;
  try {
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Names in the folder at `relative` (each with its own type, links as links); none when it is missing. */
export function listStateFolder(root: string, relative: string): fs.Dirent[] {
  const stat = stateEntry(root, relative);
  if (!stat) return [];
  if (!stat.isDirectory()) throw notAFolder(relative);
  return fs.readdirSync(path.join(root, ...relative.split('/')), { withFileTypes: true });
}

/** A new file in the temporary folder, created (never opened through a link) with `mode`: its name and descriptor. */
export function createTempFile(root: string, mode: number): { file: string; fd: number } {
  for (let attempt = 0; ; attempt += 1) {
    const file = path.join(studioFolder(root, TEMP_FOLDER, { gitignore: false }), `${process.pid}-${randomBytes(8).toString('hex')}.tmp`);
    try {
      return { file, fd: fs.openSync(file, CREATE_FLAGS, mode) };
    } catch (error) {
      // Another write emptied and removed the folder just now: make it again.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 3) throw error;
    }
  }
}

const fsyncOf = promisify(fs.fsync);
const fdatasyncOf = promisify(fs.fdatasync);

/**
 * Writes `data` at the descriptor and waits until the disk has it. Why only the flush is asynchronous: each
 * asynchronous call is a round trip through libuv's thread pool, and the nine of a write cost a change at 140 KB
 * more than its own work (issue 29); the writes go to the page cache, only the flush may wait on the disk.
 */
export async function writeFlushed(fd: number, data: string | Uint8Array, { dataOnly = false }: { dataOnly?: boolean } = {}): Promise<void> {
  if (typeof data === 'string') fs.writeFileSync(fd, data, 'utf8');
  else fs.writeFileSync(fd, data);
  await (dataOnly ? fdatasyncOf(fd) : fsyncOf(fd));
}

/**
 * Writes a file of the folder whole: a temporary file made owner-only (whatever the umask), flushed, then renamed over
 * `relative`. The rename replaces a link at `relative` by the file, never writes where it leads.
 */
export async function writeStateFile(root: string, relative: string, data: string | Uint8Array): Promise<void> {
  studioFolder(root, path.posix.dirname(relative));
  const { file: temp, fd } = createTempFile(root, FILE_MODE);
  try {
    try {
      await writeFlushed(fd, data);
      fs.fchmodSync(fd, FILE_MODE);
    } finally {
      fs.closeSync(fd);
    }
    // Looked at again just before the rename: a level replaced by a link meanwhile is refused.
    const target = stateEntry(root, relative);
    if (target?.isDirectory()) throw new Error(`${relative} is a folder`);
    fs.renameSync(temp, path.join(root, ...relative.split('/')));
  } catch (error) {
    try {
      fs.rmSync(temp, { force: true });
    } catch {
      // The write's own error is the one to tell; a copy that cannot be removed is swept at the next start.
    }
    throw error;
  } finally {
    tidyTempFolder(root);
  }
}

/** How many batches of writes hold each root's temporary folder (`holdTempFolder`). */
const tempFolderHolds = new Map<string, number>();

/**
 * Keeps the root's temporary folder while a batch of writes is under way (an engine's change: its files and the
 * history's copies), instead of making it and removing it again for each file; the answer lets go of it, and the
 * last to let go removes the folder (and the studio's folder) while empty. Why: making and removing the folders was
 * a good part of each write's own time (issue 29).
 */
export function holdTempFolder(root: string): () => void {
  tempFolderHolds.set(root, (tempFolderHolds.get(root) ?? 0) + 1);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    const left = (tempFolderHolds.get(root) ?? 1) - 1;
    if (left > 0) {
      tempFolderHolds.set(root, left);
      return;
    }
    tempFolderHolds.delete(root);
    if (removeEmptyStateFolder(root, TEMP_FOLDER)) removeEmptyStateFolder(root, STUDIO_FOLDER);
  };
}

/** Removes the temporary folder while it is empty and no batch holds it; says whether it did. */
export function tidyTempFolder(root: string): boolean {
  return !tempFolderHolds.has(root) && removeEmptyStateFolder(root, TEMP_FOLDER);
}

/**
 * Appends `data` to the file at `relative` (made owner-only when missing), flushed before it answers. Never through a
 * link (O_NOFOLLOW, every level above looked at), never into anything but a file, and never into a file with another
 * name elsewhere (a hard link planted in the folder would carry the bytes out of it).
 */
export async function appendStateFile(root: string, relative: string, data: string): Promise<void> {
  studioFolder(root, path.posix.dirname(relative));
  if (stateEntry(root, relative)?.isDirectory()) throw new Error(`${relative} is a folder`);
  let fd: number;
  try {
    fd = fs.openSync(path.join(root, ...relative.split('/')), APPEND_FLAGS, FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new Error(`${relative} is a symbolic link`);
    throw error;
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.nlink !== 1) throw new Error(`${relative} is not a file of the folder alone`);
    if ((stat.mode & 0o777) !== FILE_MODE) fs.fchmodSync(fd, FILE_MODE);
    await writeFlushed(fd, data, { dataOnly: true });
  } finally {
    fs.closeSync(fd);
  }
}

/** Removes the file (or link: the link itself, never what it leads to) at `relative`; false when it was missing. */
export function removeStateFile(root: string, relative: string): boolean {
  const stat = stateEntry(root, relative);
  if (!stat) return false;
  if (stat.isDirectory()) throw new Error(`${relative} is a folder`);
  try {
    fs.unlinkSync(path.join(root, ...relative.split('/')));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Renames the file at `from` to `to`, both in the folder, neither reached through a link. */
export function renameStateFile(root: string, from: string, to: string): void {
  const stat = stateEntry(root, from);
  if (!stat?.isFile()) throw new Error(`${from} is not a file`);
  if (stateEntry(root, to)) throw new Error(`${to} exists`);
  fs.renameSync(path.join(root, ...from.split('/')), path.join(root, ...to.split('/')));
}

/** Removes the folder at `relative` while it is empty (never through a link); quietly leaves it otherwise. */
export function removeEmptyStateFolder(root: string, relative: string): boolean {
  try {
    if (!stateEntry(root, relative)?.isDirectory()) return false;
    fs.rmdirSync(path.join(root, ...relative.split('/')));
    return true;
  } catch {
    return false;
  }
}

/** What is wrong with one entry of the folder, or null for a plain file or folder. */
function entryProblem(absolute: string, shown: string, entry: fs.Dirent | fs.Stats): string | null {
  if (entry.isSymbolicLink()) {
    let target = '';
    try {
      target = ` (to ${fs.readlinkSync(absolute)})`;
    } catch {
      // Gone meanwhile: the link is said without where it led.
    }
    return `${shown} is a symbolic link${target}`;
  }
  if (entry.isFile() || entry.isDirectory()) return null;
  return `${shown} is not a file or a folder`;
}

/**
 * Why the project's `.plantation-studio/` must not be used at all (a link, or something that is not a file or a
 * folder, at any depth), or null. Found by walking it with lstat: nothing is followed, read or changed.
 */
export function stateFolderRefusal(root: string): string | null {
  const top = path.join(root, STUDIO_FOLDER);
  const stat = fs.lstatSync(top, { throwIfNoEntry: false });
  if (!stat) return null;
  const own = entryProblem(top, STUDIO_FOLDER, stat) ?? (stat.isDirectory() ? null : `${STUDIO_FOLDER} is a file, not a folder`);
  if (own) return own;
  const problems: string[] = [];
  const walk = (folder: string, shown: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const absolute = path.join(folder, entry.name);
      const problem = entryProblem(absolute, `${shown}/${entry.name}`, entry);
      if (problem) problems.push(problem);
      else if (entry.isDirectory()) walk(absolute, `${shown}/${entry.name}`);
    }
  };
  try {
    walk(top, STUDIO_FOLDER);
  } catch (error) {
    return `${STUDIO_FOLDER} cannot be read (${(error as Error).message})`;
  }
  if (problems.length === 0) return null;
  const more = problems.length - SHOWN_PROBLEMS;
  return problems.slice(0, SHOWN_PROBLEMS).join('; ') + (more > 0 ? `; and ${more} more` : '');
}

/** What `dev` says when it does not use the folder. */
export function stateFolderNotice(refusal: string): string {
  return (
    `The project's ${STUDIO_FOLDER}/ is not used: ${refusal}. This run keeps its canvases and undo history in memory ` +
    `only and reads, removes or renames nothing there (the mock signs with a key of this run and keeps no data there). ` +
    `Remove the link to use the folder again (rm removes a link, not what it leads to).`
  );
}
