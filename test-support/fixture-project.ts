/**
 * The small Vite + React projects the studio is tried on besides the console (`test-support/__fixtures__/projects/`),
 * each copied into a folder of its own outside this repository, as a user's project would be: the studio must find
 * everything it needs in the project itself, never in this checkout.
 *
 * Why links instead of `npm install` in each copy: the tests run offline and fast. The copy's `node_modules` holds
 * a link per dependency its package.json names, to this checkout's installed package of that name; a dependency
 * whose range asks for another major than the one installed links to the `<name>-v<major>` alias this repository
 * installs for it (`tailwindcss-v3` for a Tailwind 3 project), so each fixture resolves the versions it declares.
 */
import { cp, mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY = fileURLToPath(new URL('..', import.meta.url));
const INSTALLED = join(REPOSITORY, 'node_modules');

/** Where the fixture projects are kept. */
export const FIXTURE_PROJECTS = join(REPOSITORY, 'test-support', '__fixtures__', 'projects');

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** The first major version a range names (`^3.4.0`, `~3`, `3.x`, `>=3.4 <4`), or null (`*`, `latest`). */
function majorOf(range: string): number | null {
  const match = /(\d+)/.exec(range);
  return match ? Number(match[1]) : null;
}

function installedMajor(folder: string): number | null {
  try {
    return majorOf((JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }).version);
  } catch {
    return null;
  }
}

/** The installed folder that satisfies `name@range` as far as its major version goes. */
export function installedPackageFor(name: string, range: string): string {
  const wanted = majorOf(range);
  const plain = join(INSTALLED, ...name.split('/'));
  // A range pinning a minor (`~3.2.7`) links the `<name>-v<major>-<minor>` alias when one is installed (`tailwindcss-v3-2`).
  const minor = /^~\s*\d+\.(\d+)/.exec(range)?.[1];
  const pinned = minor === undefined ? null : join(INSTALLED, ...`${name}-v${wanted}-${minor}`.split('/'));
  if (pinned && existsSync(pinned)) return pinned;
  if (wanted === null || installedMajor(plain) === wanted) return plain;
  const alias = join(INSTALLED, ...`${name}-v${wanted}`.split('/'));
  if (existsSync(alias) && installedMajor(alias) === wanted) return alias;
  throw new Error(`The fixture projects need ${name}@${range}; this checkout installs ${name} ${installedMajor(plain) ?? '(none)'} and no ${name}-v${wanted}`);
}

export interface FixtureProject {
  /** The copy's folder (a real path). */
  root: string;
  /** Deletes the copy. */
  remove(): Promise<void>;
}

/** Copies the fixture project `name` into a new temporary folder and links its dependencies. */
export async function fixtureProject(name: string): Promise<FixtureProject> {
  const source = join(FIXTURE_PROJECTS, name);
  if (!existsSync(join(source, 'package.json'))) throw new Error(`There is no fixture project ${name} in ${FIXTURE_PROJECTS}`);
  const root = await mkdtemp(join(tmpdir(), `studio-project-${name}-`));
  await cp(source, root, { recursive: true, filter: (path) => !/[/\\](node_modules|dist|\.plantation-studio)$/.test(path) });
  const manifest = JSON.parse(await readFile(join(source, 'package.json'), 'utf8')) as PackageJson;
  for (const [dependency, range] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })) {
    const link = join(root, 'node_modules', ...dependency.split('/'));
    await mkdir(dirname(link), { recursive: true });
    // A `file:` dependency is a package kept inside the project itself (its own Prettier plugin): linked in the copy.
    const target = range.startsWith('file:') ? join(root, range.slice('file:'.length)) : installedPackageFor(dependency, range);
    await symlink(target, link, 'dir');
  }
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}
