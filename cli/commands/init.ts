import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { Command } from 'commander';
import { BUNDLED_CONSOLE_ROOT, CONTRACTS_ROOT, PACKAGE_VERSION } from '../../server/package-info.js';
import { CliError } from '../cli-error.js';
import { PROJECT_MARKER } from '../options.js';

/** Build output and installs are not source: a copy starts without them. */
const SKIPPED = new Set(['node_modules', 'dist', '.plantation-studio']);

async function isEmptyFolder(dir: string): Promise<boolean | undefined> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') throw new CliError(`${dir} is a file, not a folder`);
    throw error;
  }
}

interface TsConfig {
  extends?: string;
  compilerOptions?: { paths?: Record<string, string[]> } & Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * The copy stands alone: its tsconfig takes in the studio's shared options it extended, and its `@contracts/*`
 * type path points at this studio's contracts, so the copy type-checks where it is.
 */
async function standaloneTsConfig(target: string): Promise<void> {
  const file = join(target, 'tsconfig.json');
  const config = JSON.parse(await readFile(file, 'utf8')) as TsConfig;
  const shared = config.extends
    ? (JSON.parse(await readFile(resolve(BUNDLED_CONSOLE_ROOT, config.extends), 'utf8')) as TsConfig)
    : {};
  const { extends: _extends, ...own } = config;
  const toContracts = relative(target, CONTRACTS_ROOT).split(sep).join('/');
  const standalone: TsConfig = {
    ...own,
    compilerOptions: {
      ...shared.compilerOptions,
      ...own.compilerOptions,
      paths: { ...own.compilerOptions?.paths, '@contracts/*': [`${toContracts}/*`] },
    },
  };
  await writeFile(file, JSON.stringify(standalone, null, 2) + '\n');
}

export function initCommand(): Command {
  return new Command('init')
    .description('copy the console source into a folder of your own, ready for `plantation-studio dev`')
    .argument('[dir]', 'where to put the console', '.')
    .option('--force', 'copy even into a folder that is not empty (files of the same name are overwritten)')
    .action(async (dir: string, flags: { force?: boolean }) => {
      const target = resolve(dir);
      if (target === BUNDLED_CONSOLE_ROOT || target.startsWith(BUNDLED_CONSOLE_ROOT + sep)) {
        throw new CliError('Refusing to copy the bundled console into itself');
      }
      const empty = await isEmptyFolder(target);
      if (empty === false && !flags.force) {
        throw new CliError(`${target} is not empty: choose an empty or new folder, or pass --force to copy over it`);
      }
      await mkdir(target, { recursive: true });
      await cp(BUNDLED_CONSOLE_ROOT, target, {
        recursive: true,
        force: true,
        filter: (source) => !SKIPPED.has(basename(source)),
      });
      await standaloneTsConfig(target);
      await writeFile(
        join(target, PROJECT_MARKER),
        JSON.stringify({ kind: 'plantation-console', createdWith: PACKAGE_VERSION }, null, 2) + '\n',
      );
      const shown = relative(process.cwd(), target) || '.';
      console.log(`Copied the plantation console into ${target}.\n\nNext:\n  plantation-studio dev${shown === '.' ? '' : ` --root ${shown}`}\n`);
    });
}
