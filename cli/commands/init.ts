/**
 * `init [dir]`: the console as a Vite project of its own, standing alone: its source, the shared contracts it imports
 * (copied into `contracts/`), a package.json with the console's dependencies at the studio's versions, its own Vite
 * config (the console's, without the studio's plugins) and tsconfig, and a .gitignore. It installs, builds,
 * type-checks and runs its tests without the studio; `dev --root` serves it (the marker says it is the console).
 */
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { Command } from 'commander';
import { BUNDLED_CONSOLE_ROOT, CONTRACTS_ROOT, PACKAGE_ROOT, PACKAGE_VERSION } from '../../server/package-info.js';
import { STUDIO_FOLDER } from '../../server/project-folder.js';
import { CliError } from '../cli-error.js';
import { PROJECT_MARKER } from '../options.js';

/** Where the copy keeps the shared contracts its `@contracts/*` imports name. */
const CONTRACTS_FOLDER = 'contracts';

/** What the console needs besides the packages its source imports: its build, type check and tests. */
const TOOLING = ['vite', '@vitejs/plugin-react', '@tailwindcss/vite', 'tailwindcss', '@tanstack/router-plugin', 'typescript', '@types/react', '@types/react-dom', 'vitest'];

/** Packages the console's source imports at run time; the rest of what it imports is tooling (tests). */
const TEST_ONLY = new Set(['vitest', 'fast-check']);

/** Build output and installs are not source: a copy starts without them. */
const SKIPPED = new Set(['node_modules', 'dist', '.plantation-studio', 'tsconfig.tsbuildinfo']);

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
 * type path points at its own copy of the contracts, so it type-checks where it is, with or without the studio.
 */
async function standaloneTsConfig(target: string): Promise<void> {
  const file = join(target, 'tsconfig.json');
  const config = JSON.parse(await readFile(file, 'utf8')) as TsConfig;
  const shared = config.extends
    ? (JSON.parse(await readFile(resolve(BUNDLED_CONSOLE_ROOT, config.extends), 'utf8')) as TsConfig)
    : {};
  const { extends: _extends, ...own } = config;
  // Why without `incremental`: it serves the studio's own `tsc -b` over all its runtimes, not a project of its own.
  const { incremental: _incremental, ...ownOptions } = own.compilerOptions ?? {};
  const standalone: TsConfig = {
    ...own,
    compilerOptions: {
      ...shared.compilerOptions,
      ...ownOptions,
      paths: { ...ownOptions.paths, '@contracts/*': [`./${CONTRACTS_FOLDER}/*`] },
    },
  };
  await writeFile(file, JSON.stringify(standalone, null, 2) + '\n');
}

/** The relative imports of a TypeScript module (`./x.js` names `./x.ts`). */
function relativeImportsOf(source: string): string[] {
  return [...source.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'/g)].map((match) => match[1]!.replace(/\.js$/, '.ts'));
}

/** Every source file under `dir` (not tests), as paths relative to it. */
async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/** Copies the contracts the console's source imports, and what they import, into the project. */
async function copyContracts(target: string): Promise<void> {
  const wanted = new Set<string>();
  for (const file of await sourceFiles(join(target, 'src'))) {
    const source = await readFile(join(target, 'src', file), 'utf8');
    for (const match of source.matchAll(/\bfrom\s+'@contracts\/([^']+)'/g)) wanted.add(`${match[1]!.replace(/\.js$/, '')}.ts`);
  }
  const copied = new Set<string>();
  const queue = [...wanted];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (copied.has(file)) continue;
    copied.add(file);
    const source = await readFile(join(CONTRACTS_ROOT, file), 'utf8');
    await mkdir(dirname(join(target, CONTRACTS_FOLDER, file)), { recursive: true });
    await writeFile(join(target, CONTRACTS_FOLDER, file), source);
    for (const imported of relativeImportsOf(source)) queue.push(join(dirname(file), imported).split(sep).join('/'));
  }
}

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** The packages the console's source imports, by name (`@scope/name` or `name`). */
async function importedPackages(target: string): Promise<Set<string>> {
  const packages = new Set<string>();
  for (const file of await sourceFiles(join(target, 'src'))) {
    const source = await readFile(join(target, 'src', file), 'utf8');
    // Imports, and the modules the source augments (`declare module '@tanstack/history'`), which must resolve too.
    const named = /^\s*(?:import|export)\b[^'";]*?\bfrom\s+'([^'.][^']*)'|^\s*import\s+'([^'.][^']*)'|^\s*declare\s+module\s+'([^'.][^']*)'/gm;
    for (const match of source.matchAll(named)) {
      const specifier = match[1] ?? match[2] ?? match[3]!;
      if (specifier.startsWith('@contracts/') || specifier.startsWith('node:')) continue;
      packages.add(specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
    }
  }
  return packages;
}

/** `^<version>` of a package the studio has installed without naming it (a dependency of one it names). */
function installedRange(name: string): string | undefined {
  const require = createRequire(join(PACKAGE_ROOT, 'package.json'));
  for (const folder of require.resolve.paths(name) ?? []) {
    const manifest = join(folder, ...name.split('/'), 'package.json');
    if (existsSync(manifest)) return `^${(JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version}`;
  }
  return undefined;
}

/**
 * Drops the console's tests that reach outside it (one checks the console's country names against the studio's mock
 * data): they test the studio, not the console, and cannot run in a project of its own.
 */
async function dropTestsOutsideProject(target: string): Promise<string[]> {
  const dropped: string[] = [];
  for (const file of await sourceFiles(join(target, 'src'))) {
    if (!/\.test\.tsx?$/.test(file)) continue;
    const path = join(target, 'src', file);
    const source = await readFile(path, 'utf8');
    const outside = [...source.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'/g)].some((match) => relative(target, resolve(dirname(path), match[1]!)).startsWith('..'));
    if (!outside) continue;
    await rm(path);
    dropped.push(`src/${file.split(sep).join('/')}`);
  }
  return dropped;
}

/** A package.json of the console's own: what its source imports and what builds and tests it, at the studio's versions. */
async function standalonePackageJson(target: string): Promise<void> {
  const studio = JSON.parse(await readFile(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as Manifest;
  const versionOf = (name: string) => studio.dependencies?.[name] ?? studio.devDependencies?.[name] ?? installedRange(name);
  const dependencies: Record<string, string> = {};
  const devDependencies: Record<string, string> = {};
  const imported = await importedPackages(target);
  for (const name of [...imported].sort()) {
    const version = versionOf(name);
    if (!version) throw new Error(`The console imports ${name}, which the studio's package.json does not list`);
    (TEST_ONLY.has(name) ? devDependencies : dependencies)[name] = version;
  }
  for (const name of TOOLING) {
    const version = versionOf(name);
    if (version && !dependencies[name]) devDependencies[name] = version;
  }
  const manifest = {
    name: basename(target).toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+/, '') || 'plantation-console',
    private: true,
    version: '0.0.0',
    type: 'module',
    scripts: { dev: 'vite', build: 'vite build', typecheck: 'tsc -p tsconfig.json --noEmit', test: 'vitest run' },
    dependencies,
    devDependencies: Object.fromEntries(Object.entries(devDependencies).sort(([a], [b]) => a.localeCompare(b))),
  };
  await writeFile(join(target, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
}

/**
 * The console's Vite config without the studio's plugins (ids, guards, overlay): what its own `vite` runs. Why lines
 * and not one template: lines starting with `import` would read, to a scan of this module's imports, as its own.
 */
const STANDALONE_VITE_CONFIG = [
  "import { fileURLToPath } from 'node:url';",
  "import tailwindcss from '@tailwindcss/vite';",
  "import { tanstackRouter } from '@tanstack/router-plugin/vite';",
  "import react from '@vitejs/plugin-react';",
  "import { defineConfig } from 'vite';",
  '',
  'const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));',
  '',
  'export default defineConfig({',
  '  plugins: [',
  "    // File routes named after their URL; each route's component is its own chunk.",
  '    tanstackRouter({',
  "      target: 'react',",
  '      autoCodeSplitting: true,',
  "      routesDirectory: here('./src/routes'),",
  "      generatedRouteTree: here('./src/routeTree.gen.ts'),",
  "      quoteStyle: 'single',",
  '      semicolons: true,',
  '    }),',
  '    react(),',
  '    tailwindcss(),',
  '  ],',
  '  resolve: {',
  `    alias: [{ find: '@contracts', replacement: here('./${CONTRACTS_FOLDER}') }],`,
  "    dedupe: ['react', 'react-dom'],",
  '  },',
  '});',
  '',
].join('\n');

const GITIGNORE = `node_modules/
dist/
.tanstack/
# The studio's own files: canvases, the undo history (whole copies of source files), the mock's signing key (a secret).
${STUDIO_FOLDER}/
`;

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
      const dropped = await dropTestsOutsideProject(target);
      await copyContracts(target);
      await standalonePackageJson(target);
      await writeFile(join(target, 'vite.config.ts'), STANDALONE_VITE_CONFIG);
      await writeFile(join(target, '.gitignore'), GITIGNORE);
      await writeFile(
        join(target, PROJECT_MARKER),
        JSON.stringify({ kind: 'plantation-console', createdWith: PACKAGE_VERSION }, null, 2) + '\n',
      );
      const fromHere = relative(process.cwd(), target) || '.';
      const shown = fromHere.startsWith('..') ? target : fromHere;
      console.log(
        [
          `Made the plantation console a project of its own in ${target}.`,
          '',
          'Next:',
          `  ${shown === '.' ? '' : `cd ${shown} && `}npm install     # its own Vite, React, Tailwind, router; then npm run dev / build / typecheck / test`,
          `  plantation-studio dev${shown === '.' ? '' : ` --root ${shown}`}     # the studio on it`,
          '',
          ...(dropped.length ? [`Left out tests of the studio's own data: ${dropped.join(', ')}.`, ''] : []),
          'Commit everything but what .gitignore lists (node_modules/, dist/, .tanstack/).',
          `Ignore ${STUDIO_FOLDER}/ (in .gitignore already): the studio keeps its canvases, its undo history (whole copies of`,
          'source files) and the mock\'s signing key (a secret) there; it also ignores itself with a .gitignore of its own.',
          '',
        ].join('\n'),
      );
    });
}
