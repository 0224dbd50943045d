/**
 * The studio's own folder in the edited project, `.plantation-studio/`: canvases, the file-level history, the
 * mock's signing key. It never belongs in the project's git (the key is a secret, the history holds whole copies of
 * source files), whatever the project's own `.gitignore` says: the folder ignores itself with a `.gitignore` of `*`,
 * as tool caches do.
 */
import fs from 'node:fs';
import path from 'node:path';

export const STUDIO_FOLDER = '.plantation-studio';

/** Makes each missing level of `relative` (a POSIX path under the root); a level that is a link or a file is refused. */
export function studioFolder(root: string, relative: string): string {
  if (relative !== STUDIO_FOLDER && !relative.startsWith(`${STUDIO_FOLDER}/`)) throw new Error(`${relative} is not inside ${STUDIO_FOLDER}`);
  let folder = root;
  for (const segment of relative.split('/')) {
    folder = path.join(folder, segment);
    const stat = fs.lstatSync(folder, { throwIfNoEntry: false });
    if (!stat) fs.mkdirSync(folder);
    // Why lstat level by level: a link planted in the project must not take the studio's files elsewhere.
    else if (!stat.isDirectory()) throw new Error(`${path.relative(root, folder).split(path.sep).join('/')} is a symbolic link or a file, not a folder of the project`);
  }
  ignoreStudioFolder(root);
  return folder;
}

/** Puts `.plantation-studio/.gitignore` (`*`) in place when it is missing. */
function ignoreStudioFolder(root: string): void {
  const file = path.join(root, STUDIO_FOLDER, '.gitignore');
  if (fs.existsSync(file)) return;
  try {
    fs.writeFileSync(file, '# Written by plantation-studio: its own files (history, signing key) stay out of git.\n*\n', { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
