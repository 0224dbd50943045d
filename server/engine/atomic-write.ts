/**
 * Writing a file of the edited project whole or not at all, where no watcher sees the half-made copy: the text
 * goes to a temporary file in `.plantation-studio/tmp/` (inside the root, so on the same file system and the
 * rename is atomic; ignored by the console's Vite), which is then renamed over the target with the target's mode
 * and owner. A temporary file left by a killed process is removed at the next start.
 *
 * Before anything is written, each target is checked to be writable by its mode bits (the studio's own rule, which
 * holds even for root, whom the system lets write anything) and by the system; a refusal of the system at write
 * time (read-only mount, immutable file) is an error of the catalogue too, never a 500.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { appError, AppError } from '../../contracts/errors.js';
import { createTempFile, listStateFolder, removeEmptyStateFolder, removeStateFile, STUDIO_FOLDER, TEMP_FOLDER, tidyTempFolder, writeFlushed } from '../project-folder.js';

const TEMP_NAME = /^(\d+)-[0-9a-f]{16}\.tmp$/;
/** A temporary file this old belongs to no write in progress, whoever made it. */
const STALE_AFTER_MS = 60 * 60 * 1000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files of processes that are gone (killed in the middle of a write) and any older than an
 * hour; those of a live process (another studio on the same project) are left to it. Only files named as the studio
 * names them, in a folder reached through no link: what a link leads to is never looked into.
 */
export function sweepStaleTempFiles(root: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = listStateFolder(root, TEMP_FOLDER);
  } catch {
    return [];
  }
  const removed: string[] = [];
  const now = Date.now();
  for (const entry of entries) {
    const pid = Number(TEMP_NAME.exec(entry.name)?.[1] ?? Number.NaN);
    if (!entry.isFile() || !Number.isSafeInteger(pid)) continue;
    const relative = `${TEMP_FOLDER}/${entry.name}`;
    try {
      const orphan = pid !== process.pid && !isAlive(pid);
      if (orphan || now - fs.lstatSync(path.join(root, ...relative.split('/'))).mtimeMs > STALE_AFTER_MS) {
        if (removeStateFile(root, relative)) removed.push(entry.name);
      }
    } catch {
      // Gone meanwhile, or not ours to remove: nothing to clean.
    }
  }
  return removed;
}

/** A new temporary file in the root's temporary folder; a level of it that is a link or a file is refused. */
function tempFile(root: string, mode: number): { file: string; fd: number } {
  try {
    return createTempFile(root, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== undefined) throw error;
    throw appError('PATH_FORBIDDEN', TEMP_FOLDER, 'it is a symbolic link or a file; the studio writes its temporary files only in a folder of the project');
  }
}

/** Removes the temporary folder (and `.plantation-studio/` itself) while empty: a write leaves no trace. */
function removeEmptyTempFolders(root: string): void {
  if (tidyTempFolder(root)) removeEmptyStateFolder(root, STUDIO_FOLDER);
}

function modeText(mode: number): string {
  return `mode ${(mode & 0o777).toString(8).padStart(3, '0')}`;
}

/** The nearest folder of `absolute` that exists (a new file's folders are made by the write). */
function nearestExistingFolder(absolute: string): string {
  let folder = path.dirname(absolute);
  while (!fs.existsSync(folder) && path.dirname(folder) !== folder) folder = path.dirname(folder);
  return folder;
}

/** Why the system will not let `absolute` be written (access(2) knows immutable files and read-only mounts). */
function accessProblem(absolute: string, mode: number): string | null {
  try {
    fs.accessSync(absolute, mode);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EROFS') return 'on a read-only file system';
    if (code === 'EPERM') return 'not writable for the system (immutable?)';
    return 'not writable by this user';
  }
}

function folderProblem(folder: string, shown: string): string | null {
  const stat = fs.statSync(folder);
  if ((stat.mode & 0o222) === 0) return `its folder ${shown} is read-only (${modeText(stat.mode)})`;
  const problem = accessProblem(folder, fs.constants.W_OK | fs.constants.X_OK);
  return problem ? `its folder ${shown} is ${problem}` : null;
}

/**
 * Why the file at `absolute` cannot be written, replaced or removed, or null: a file
 * without any write bit is read-only, whoever runs the studio; so is a folder without one. The system's own check
 * comes on top, for a user other than root.
 */
export function writabilityProblem(root: string, absolute: string): string | null {
  const stat = fs.statSync(absolute, { throwIfNoEntry: false });
  if (stat) {
    if (!stat.isFile()) return 'it is not a regular file';
    if ((stat.mode & 0o222) === 0) return `the file is read-only (${modeText(stat.mode)})`;
    const problem = accessProblem(absolute, fs.constants.W_OK);
    if (problem) return `the file is ${problem}`;
  }
  const folder = nearestExistingFolder(absolute);
  const shownFolder = path.relative(root, folder).split(path.sep).join('/') || '(the project root)';
  const problem = folderProblem(folder, shownFolder);
  if (problem) return problem;
  // The temporary file is made in the studio's own folder of the project, then renamed over the target.
  const temp = nearestExistingFolder(path.join(root, ...TEMP_FOLDER.split('/'), 'x'));
  if (temp !== folder) {
    const tempProblem = folderProblem(temp, path.relative(root, temp).split(path.sep).join('/') || '(the project root)');
    if (tempProblem) return tempProblem.replace('its folder', `the studio's temporary folder in`);
  }
  return null;
}

/**
 * The system's refusals to write, as the catalogue's 403, and a full disk (or quota) as its 507; anything else is the
 * caller's to report. A write of `writeFileAtomically` that fails with one of these left its target as it was: the
 * rename of a whole copy is its last step.
 */
export function writeRefusal(error: unknown, relative: string): AppError | null {
  if (error instanceof AppError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES') return appError('FILE_NOT_WRITABLE', relative, 'the system refused the write (permission denied)');
  if (code === 'EPERM') return appError('FILE_NOT_WRITABLE', relative, 'the system refused the write (the file or its folder is immutable or not ours)');
  if (code === 'EROFS') return appError('FILE_NOT_WRITABLE', relative, 'it is on a read-only file system');
  if (code === 'ENOSPC' || code === 'EDQUOT') return appError('DISK_FULL', relative);
  return null;
}

/**
 * Writes `text` (UTF-8) to `absolute` atomically: a temporary file in the root's temporary folder, flushed,
 * given the target's mode (and owner, for root), then renamed over the target. On failure the temporary file is
 * removed and the target is as it was.
 */
export async function writeFileAtomically(root: string, absolute: string, text: string): Promise<void> {
  let existing: fs.Stats | null;
  try {
    existing = fs.statSync(absolute);
  } catch {
    existing = null;
  }
  fs.mkdirSync(path.dirname(absolute), { recursive: true });
  const mode = existing ? existing.mode & 0o7777 : 0o666;
  // Only the flush waits for the disk (`writeFlushed`); the other steps are quick system calls made in turn.
  const write = async (fd: number) => {
    try {
      await writeFlushed(fd, text);
      if (existing) {
        // The open's mode went through the umask: the target's exact mode (and owner, when root can give it) is kept.
        fs.fchmodSync(fd, existing.mode & 0o7777);
        if (process.getuid?.() === 0) fs.fchownSync(fd, existing.uid, existing.gid);
      }
    } finally {
      fs.closeSync(fd);
    }
  };
  const made = tempFile(root, mode);
  let temp = made.file;
  try {
    await write(made.fd);
    try {
      fs.renameSync(temp, absolute);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // The target's folder is another file system (a mount inside the project): the copy goes next to it.
      fs.rmSync(temp, { force: true });
      temp = path.join(path.dirname(absolute), `.${path.basename(absolute)}.${process.pid}-${randomBytes(8).toString('hex')}.tmp`);
      await write(fs.openSync(temp, 'wx', mode));
      fs.renameSync(temp, absolute);
    }
  } catch (error) {
    try {
      fs.rmSync(temp, { force: true });
    } catch {
      // Nothing more can be done about a copy that cannot be removed; the target is as it was.
    }
    throw error;
  } finally {
    removeEmptyTempFolders(root);
  }
}
