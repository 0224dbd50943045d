import fs from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { isValidCanvasId } from '../../contracts/studio-routes.js';
import { removeStateFile, stateEntry, stateFolderRefusal } from '../../server/project-folder.js';
import { CliError } from '../cli-error.js';
import { resolveConsoleRoot } from '../options.js';

interface ClearFlags {
  root?: string;
  canvas?: string;
}

/** Bytes of every file under `folder` (a folder with no link in it: `stateFolderRefusal` said so). */
function sizeOf(folder: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.lstatSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

function shownSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function historyCommand(): Command {
  const history = new Command('history').description("the studio's undo history kept in the project (.plantation-studio/history)");
  history
    .command('clear')
    .description('forget the undo history of every canvas (or of one), while `dev` is stopped; no source file is touched')
    .option('--root <dir>', 'the console project (default: a project made by init here, else the bundled console)')
    .option('--canvas <id>', 'only this canvas')
    .action(async (flags: ClearFlags) => {
      const root = resolveConsoleRoot(flags.root);
      const { HISTORY_FOLDER, ChangeHistory } = await import('../../server/engine/change-history.js');
      // Why before anything: with a link in the folder, removing "the history" would remove what the link leads to.
      const refusal = stateFolderRefusal(root);
      if (refusal) {
        throw new CliError(
          `${refusal}: nothing was cleared. The studio's folder of a project holds no links; remove the link yourself (rm removes a link, not what it leads to), then clear again.`,
        );
      }
      const folder = path.join(root, ...HISTORY_FOLDER.split('/'));
      if (!stateEntry(root, HISTORY_FOLDER)?.isDirectory()) {
        console.log(`No undo history in ${root}: nothing to clear.`);
        return;
      }
      const before = sizeOf(folder);
      if (flags.canvas === undefined) {
        fs.rmSync(folder, { recursive: true, force: true });
        console.log(`Cleared the undo history of every canvas in ${root} (${shownSize(before)}).`);
        return;
      }
      if (!isValidCanvasId(flags.canvas)) throw new CliError(`--canvas ${flags.canvas}: a canvas id is 1 to 100 letters, digits, hyphens or underscores`);
      // The canvas's log goes with its file: alone, its lines name a file that is no more and are never read.
      removeStateFile(root, `${HISTORY_FOLDER}/${flags.canvas}.log`);
      if (!removeStateFile(root, `${HISTORY_FOLDER}/${flags.canvas}.json`)) {
        console.log(`Canvas ${flags.canvas} has no undo history in ${root}: nothing to clear.`);
        return;
      }
      // Loading what is left removes the texts only the cleared canvas used.
      new ChangeHistory({ root });
      console.log(`Cleared the undo history of canvas ${flags.canvas} in ${root} (${shownSize(before - sizeOf(folder))}).`);
    });
  return history;
}
