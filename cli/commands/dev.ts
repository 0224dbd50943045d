import path from 'node:path';
import { Command, Option } from 'commander';
import type { ApiMode } from '../../server/create-server.js';
import { STUDIO_FOLDER, stateFolderNotice, stateFolderRefusal, studioFolder } from '../../server/project-folder.js';
import { projectSigningKey } from '../../server/project-signing-key.js';
import { DEFAULT_HISTORY_LIMIT, MAX_HISTORY_LIMIT } from '../../server/engine/history-limits.js';
import { BUNDLED_CONSOLE_ROOT, PACKAGE_ROOT } from '../../server/package-info.js';
import { isConsoleProject, isInstalledPackage, projectRefusal } from '../../server/project-kind.js';
import type { ProjectVite } from '../../server/project-vite.js';
import { CliError } from '../cli-error.js';
import { addApiOptions, addListenOptions, apiModeFrom, DEFAULT_PORT, integer, resolveConsoleRoot, type ApiFlags, type ListenFlags } from '../options.js';

interface DevFlags extends ListenFlags, ApiFlags {
  root?: string;
  plantationApi?: boolean;
  smokeTest?: boolean;
  historyLimit: number;
  keepData?: boolean;
}

/**
 * The mock as `dev` runs it on a project: tokens signed with the project's key, so a console signed in before a
 * restart stays signed in. Why the data is still the seed's unless asked (`--keep-data`, `--data`): the seeded data
 * is what the end-to-end tests, CI and the docs' examples start from, and a sign-in needs no data of the last run
 * (a token carries its account and role). With the project's folder refused at start (`refusal`), neither is kept there.
 */
function projectMock(mode: ApiMode, root: string, keepData: boolean, refusal: string | null): ApiMode {
  if (mode.mode !== 'mock' || refusal !== null) return mode;
  const dataFile = mode.mock.dataFile ?? (keepData ? path.join(studioFolder(root, STUDIO_FOLDER), 'mock-data.json') : undefined);
  let signingKey: Uint8Array | undefined;
  try {
    signingKey = projectSigningKey(root);
  } catch (error) {
    // A project the studio cannot write in (an installed package's console) still serves: with a key of this start.
    console.warn(`The mock's signing key cannot be kept in ${root} (${(error as Error).message}): sign-ins last until the server stops.`);
  }
  return { mode: 'mock', mock: { ...mode.mock, ...(signingKey ? { signingKey } : {}), ...(dataFile ? { dataFile } : {}) } };
}

/**
 * How `dev` serves `root`: the plantation console (bundled, or a copy `init` made) with the console's own Vite config
 * and the plantation API; any other project with its own Vite config and, unless asked, its own API paths. A project
 * the studio cannot serve is refused here, with what it lacks.
 */
async function projectServing(root: string, flags: DevFlags): Promise<{ viteConfig: 'console' | 'project'; plantationApi: boolean; readOnly: boolean; vite?: ProjectVite }> {
  // The console installed with the studio (npx with no project): shown, never written into.
  if (!flags.root && root === BUNDLED_CONSOLE_ROOT && isInstalledPackage(PACKAGE_ROOT)) return { viteConfig: 'console', plantationApi: true, readOnly: true };
  if (isConsoleProject(root)) return { viteConfig: 'console', plantationApi: true, readOnly: false };
  const refusal = projectRefusal(root);
  if (refusal) throw new CliError(refusal);
  if (flags.api && !flags.plantationApi) {
    throw new CliError(
      `--api proxies the plantation console's API, and ${root} is not the console: its own Vite server.proxy answers its API. Add --plantation-api to serve the plantation API there too.`,
    );
  }
  // Loaded for such a project only: the console's start does not wait for a resolver it does not use.
  const { findProjectVite, ProjectViteError } = await import('../../server/project-vite.js');
  let vite: ProjectVite;
  try {
    vite = findProjectVite(root);
  } catch (error) {
    if (error instanceof ProjectViteError) throw new CliError(error.message);
    throw error;
  }
  return { viteConfig: 'project', plantationApi: flags.plantationApi === true, readOnly: false, vite };
}

export function devCommand(): Command {
  const command = new Command('dev')
    .description('start the console with hot reload, the studio, and the mock API (or a proxy to a real one)')
    .option('--root <dir>', 'the console project to serve (default: a project made by init here, else the bundled console)')
    .option(
      '--plantation-api',
      "on a project that is not the plantation console: serve the plantation API too (the mock, or --api's proxy), except the paths the project's own Vite server.proxy takes",
    )
    .option('--keep-data', "mock: keep its changes in the project's .plantation-studio/mock-data.json (like --data)")
    .option('--open', 'open the studio in a browser')
    .addOption(
      new Option('--history-limit <n>', 'how many changes each canvas can undo')
        .argParser(integer('--history-limit', 1, MAX_HISTORY_LIMIT))
        .default(DEFAULT_HISTORY_LIMIT),
    );
  addListenOptions(command, DEFAULT_PORT);
  addApiOptions(command, { proxy: true });
  return command
    .option('--smoke-test', 'start, check that the console and the API answer, stop; exit 0 when both did')
    .action(async (flags: DevFlags) => {
      const root = resolveConsoleRoot(flags.root);
      const project = await projectServing(root, flags);
      // Looked at once, before anything reads or writes there: a link in it (a cloned project) stops its use.
      const refusal = project.readOnly ? null : stateFolderRefusal(root);
      if (refusal !== null) console.warn(stateFolderNotice(refusal));
      const api = project.plantationApi && !project.readOnly ? projectMock(apiModeFrom(flags), root, flags.keepData === true, refusal) : apiModeFrom(flags);
      // Why: a project's own tools resolve from the working folder, as when its own `vite` runs there (Tailwind 3
      // finds its config and reads its `content` globs from it); every path of the flags is resolved above.
      if (project.viteConfig === 'project') process.chdir(root);
      // Loaded on use: --help and --version should not pay for Vite, Fastify and the data generator. Vite is started
      // before the server's modules are loaded, so its start does not wait for them (console-vite.ts).
      const served = { kind: 'vite', root, viteConfig: project.viteConfig } as const;
      const allowedHosts = flags.allowedHost ?? [];
      const { consoleHostingOf, startConsoleVite } = await import('../../server/console-vite.js');
      const hosting = consoleHostingOf(served, { studio: true, readOnly: project.readOnly });
      const viteStart = hosting.kind === 'vite' ? startConsoleVite(hosting, allowedHosts) : undefined;
      const { runServer } = await import('../run-server.js').catch(async (error: unknown) => {
        await viteStart?.close();
        throw error;
      });
      await runServer({
        server: {
          api,
          plantationApi: project.plantationApi,
          readOnly: project.readOnly,
          console: served,
          studio: true,
          allowedHosts,
          ...(viteStart ? { viteStart } : {}),
          historyLimit: flags.historyLimit,
          stateFolderRefusal: refusal,
        },
        listen: flags,
        defaultPort: DEFAULT_PORT,
        kind: 'studio',
        smokeTest: flags.smokeTest,
        ...(project.readOnly
          ? { notice: `Read-only: this is the console installed with the studio. To edit it, run \`plantation-studio init <folder>\`, then \`plantation-studio dev --root <folder>\`.` }
          : project.vite
            ? { notice: project.vite.notice }
            : {}),
      }).catch(async (error: unknown) => {
        // A start that failed before the server took Vite over leaves no watcher running (the server closes it once it has).
        await viteStart?.close();
        // The project's own config stops the start (no React plugin, a config that throws): its reason, not a trace.
        if (error instanceof Error && (error.name === 'ProjectConfigError' || /vite\.config|config file/i.test(error.message))) {
          throw new CliError(error.message);
        }
        throw error;
      });
    });
}
