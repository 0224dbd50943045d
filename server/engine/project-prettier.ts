/**
 * Prettier as the edited project uses it. It runs on a changed file only when the project has a Prettier
 * configuration of its own (README.md, "One engine"): one found above the root (the studio's own checkout, the home
 * folder) does not count. Everything is resolved from the project, never from the studio's working folder: the
 * project's own Prettier when it installs one (else the studio's), the plugins its configuration names from the
 * configuration's folder. What cannot load (Prettier, the configuration, a plugin) never fails a write: the change is written
 * unformatted and the answer says why, once per server start.
 *
 * Only what the change wrote is formatted (Prettier's range over the edited lines), and only in a file that was
 * Prettier-clean before the change: formatting a file that was not would rewrite lines the change never touched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolve as resolveModule } from 'import-meta-resolve';
import type { Options, Plugin } from 'prettier';
import type { EditableFile } from './editable-file.js';
import { sha256 } from './source-text.js';

/** The file names Prettier 3 reads its configuration from (package.json counts when it has a `prettier` key). */
const CONFIG_NAMES = [
  '.prettierrc',
  '.prettierrc.json',
  '.prettierrc.yaml',
  '.prettierrc.yml',
  '.prettierrc.json5',
  '.prettierrc.js',
  '.prettierrc.mjs',
  '.prettierrc.cjs',
  '.prettierrc.ts',
  '.prettierrc.mts',
  '.prettierrc.cts',
  '.prettierrc.toml',
  'prettier.config.js',
  'prettier.config.mjs',
  'prettier.config.cjs',
  'prettier.config.ts',
  'prettier.config.mts',
  'prettier.config.cts',
];

/** The ignore files Prettier's own command line honours, read from the project's root. */
const IGNORE_NAMES = ['.prettierignore', '.gitignore'];

/** Parsers whose range Prettier can format (the JavaScript family); a file of another language is formatted whole. */
const RANGE_PARSERS = new Set([
  'babel', 'babel-flow', 'babel-ts', 'flow', 'typescript', 'acorn', 'espree', 'meriyah', 'oxc', 'oxc-ts', 'hermes',
]);

/** How many texts' cleanliness a configuration remembers (each is a whole-file check to work out again). */
const CLEAN_MEMORY = 200;

/** The part of Prettier's API the studio calls; Prettier 2's synchronous answers are awaited the same way. */
interface PrettierApi {
  format(text: string, options: Options): Promise<string> | string;
  check(text: string, options: Options): Promise<boolean> | boolean;
  resolveConfig(file: string, options: { config: string; editorconfig: boolean; useCache: boolean }): Promise<Options | null>;
  getFileInfo(file: string, options: { ignorePath: string[]; plugins: Array<string | Plugin>; resolveConfig: boolean }): Promise<{ ignored: boolean; inferredParser: string | null }>;
}

function packageJsonHasPrettier(file: string): boolean {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && 'prettier' in parsed;
  } catch {
    return false;
  }
}

/** The nearest Prettier configuration between the file's folder and the root (inclusive), or null. */
export function projectPrettierConfig(root: string, absolute: string): string | null {
  for (let directory = path.dirname(absolute); ; directory = path.dirname(directory)) {
    const relative = path.relative(root, directory);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
    for (const name of CONFIG_NAMES) {
      const candidate = path.join(directory, name);
      if (fs.existsSync(candidate)) return candidate;
    }
    const packageJson = path.join(directory, 'package.json');
    if (fs.existsSync(packageJson) && packageJsonHasPrettier(packageJson)) return packageJson;
    if (relative === '') return null;
  }
}

/**
 * The span of the new text a change wrote, widened to whole lines: from the start of the first edit's line to the
 * end of the last edit's line (a removal leaves the line it happened on).
 */
export function changedSpan(file: EditableFile): { start: number; end: number } {
  const edits = file.orderedEdits();
  const text = file.resultText();
  if (edits.length === 0) return { start: 0, end: 0 };
  const first = edits[0]!.newStart;
  const last = Math.max(...edits.map((edit) => edit.newStart + edit.text.length));
  const start = text.lastIndexOf('\n', first - 1) + 1;
  const lineEnd = text.indexOf('\n', last);
  return { start, end: lineEnd === -1 ? text.length : lineEnd };
}

/** Why something of the project's Prettier set-up could not be used: said to the person as is. */
class PrettierUnavailable extends Error {}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // Module errors name every file they tried, over several lines: the first says what is missing.
  return message.split('\n')[0]!.trim();
}

interface LoadedConfig {
  /** SHA-256 of the configuration's text and the ignore files: another value means it changed. */
  signature: string;
  prettier: PrettierApi;
  /** Per file: its options with the plugins loaded, or null when Prettier leaves it alone (ignored, no parser). */
  files: Map<string, Promise<Options | null>>;
  plugins: Map<string, Promise<Plugin>>;
  /** Whether a text (by file and hash) is Prettier-clean, or the check under way. */
  clean: Map<string, Promise<boolean>>;
}

export interface FormatRequest {
  relative: string;
  absolute: string;
  /** The file's text before the change; null for a file the change creates. */
  before: string | null;
  /** The text the change made. */
  edited: string;
  /** The part of `edited` the change wrote (`changedSpan`). */
  span: { start: number; end: number };
}

export interface FormatOutcome {
  text: string;
  /** Why the text was not formatted when it should have been; null, or said before in this server's life. */
  notice: string | null;
}

/**
 * The Prettier of one project root. Lasting state: each configuration's loaded Prettier, options and plugins
 * (loaded again when the configuration's text changes), and the problems already said.
 */
export class ProjectPrettier {
  private readonly configs = new Map<string, LoadedConfig>();
  private readonly said = new Set<string>();

  constructor(private readonly root: string) {}

  async format(request: FormatRequest): Promise<FormatOutcome> {
    const unchanged = (notice: string | null = null): FormatOutcome => ({ text: request.edited, notice });
    const configFile = projectPrettierConfig(this.root, request.absolute);
    if (!configFile) return unchanged();
    const configName = path.relative(this.root, configFile).split(path.sep).join('/');
    let loaded: LoadedConfig;
    let options: Options | null;
    try {
      loaded = await this.load(configFile);
      options = await this.optionsFor(loaded, configFile, request.absolute);
    } catch (error) {
      return unchanged(this.sayOnce(`${configName}: ${reasonOf(error)}`, `${request.relative} was written without Prettier: ${reasonOf(error)}`));
    }
    if (!options) return unchanged();
    try {
      if (request.before !== null && !(await this.isClean(loaded, request.absolute, request.before, options))) {
        this.checkSoon(loaded, request.absolute, request.edited, options);
        return unchanged();
      }
      // Why the whole text when the configuration has plugins: a plugin may preprocess the whole text (import-sorting
      // plugins reprint every import), and a range format keeps that reprint outside the range. The file was clean
      // before, so formatting it whole changes what the change wrote and nothing else.
      const whole = request.before === null || !RANGE_PARSERS.has(String(options.parser)) || (options.plugins?.length ?? 0) > 0;
      const text = whole
        ? await loaded.prettier.format(request.edited, options)
        : await loaded.prettier.format(request.edited, { ...options, rangeStart: request.span.start, rangeEnd: Math.max(request.span.end, request.span.start + 1) });
      this.checkSoon(loaded, request.absolute, text, options);
      return { text, notice: null };
    } catch (error) {
      return unchanged(this.sayOnce(`${request.relative}: ${reasonOf(error)}`, `Prettier could not format ${request.relative} (${reasonOf(error)}); the change was written unformatted`));
    }
  }

  private sayOnce(key: string, notice: string): string | null {
    if (this.said.has(key)) return null;
    this.said.add(key);
    return notice;
  }

  private signatureOf(configFile: string): string {
    const parts = [configFile, ...IGNORE_NAMES.map((name) => path.join(this.root, name))].map((file) => {
      try {
        return fs.readFileSync(file, 'utf8');
      } catch {
        return '';
      }
    });
    return sha256(parts.join('\0'));
  }

  /** The configuration's Prettier, loaded once per text of the configuration. */
  private async load(configFile: string): Promise<LoadedConfig> {
    const signature = this.signatureOf(configFile);
    const known = this.configs.get(configFile);
    if (known?.signature === signature) return known;
    const loaded: LoadedConfig = { signature, prettier: await loadPrettier(configFile), files: new Map(), plugins: new Map(), clean: new Map() };
    this.configs.set(configFile, loaded);
    return loaded;
  }

  private optionsFor(loaded: LoadedConfig, configFile: string, absolute: string): Promise<Options | null> {
    let options = loaded.files.get(absolute);
    if (!options) {
      options = this.resolveOptions(loaded, configFile, absolute);
      loaded.files.set(absolute, options);
      // A failure is not kept: the next change asks again (a missing plugin may have been installed since).
      options.catch(() => loaded.files.delete(absolute));
    }
    return options;
  }

  private async resolveOptions(loaded: LoadedConfig, configFile: string, absolute: string): Promise<Options | null> {
    let resolved: Options | null;
    try {
      resolved = await loaded.prettier.resolveConfig(absolute, { config: configFile, editorconfig: false, useCache: false });
    } catch (error) {
      throw new PrettierUnavailable(`its configuration ${path.basename(configFile)} cannot be read (${reasonOf(error)})`);
    }
    const plugins = await Promise.all((resolved?.plugins ?? []).map((plugin) => (typeof plugin === 'string' || plugin instanceof URL ? this.plugin(loaded, configFile, String(plugin)) : plugin)));
    const ignorePath = IGNORE_NAMES.map((name) => path.join(this.root, name)).filter((file) => fs.existsSync(file));
    const info = await loaded.prettier.getFileInfo(absolute, { ignorePath, plugins, resolveConfig: false });
    const parser = resolved?.parser ?? info.inferredParser;
    if (info.ignored || !parser) return null;
    return { ...resolved, plugins, parser, filepath: absolute };
  }

  /** A plugin the configuration names, resolved from the configuration's folder (not the working folder). */
  private plugin(loaded: LoadedConfig, configFile: string, name: string): Promise<Plugin> {
    let plugin = loaded.plugins.get(name);
    if (!plugin) {
      plugin = importPlugin(configFile, name);
      loaded.plugins.set(name, plugin);
      plugin.catch(() => loaded.plugins.delete(name));
    }
    return plugin;
  }

  private isClean(loaded: LoadedConfig, absolute: string, text: string, options: Options): Promise<boolean> {
    const key = `${absolute}\0${sha256(text)}`;
    let clean = loaded.clean.get(key);
    if (!clean) {
      // A text this Prettier cannot even parse is not Prettier-clean either.
      clean = Promise.resolve()
        .then(() => loaded.prettier.check(text, options))
        .catch(() => false);
      if (loaded.clean.size >= CLEAN_MEMORY) loaded.clean.delete(loaded.clean.keys().next().value!);
      loaded.clean.set(key, clean);
    }
    return clean;
  }

  /**
   * Works out whether the text just written is clean once the answer has gone: the next change of the file, which
   * starts from it, then finds the whole-file check done instead of making it wait.
   */
  private checkSoon(loaded: LoadedConfig, absolute: string, text: string, options: Options): void {
    setImmediate(() => void this.isClean(loaded, absolute, text, options));
  }
}

/** The project's own Prettier, as its configuration's folder resolves it; the studio's when it has none. */
async function loadPrettier(configFile: string): Promise<PrettierApi> {
  let url: string | null;
  try {
    url = resolveModule('prettier', pathToFileURL(configFile).href);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') {
      throw new PrettierUnavailable(`the project's Prettier cannot be found (${reasonOf(error)})`);
    }
    url = null;
  }
  try {
    const loaded = (await (url ? import(url) : import('prettier'))) as PrettierApi & { default?: PrettierApi };
    // Prettier 2 is CommonJS: its API is the module's default export.
    return typeof loaded.format === 'function' ? loaded : loaded.default!;
  } catch (error) {
    throw new PrettierUnavailable(`the project's Prettier cannot be loaded (${reasonOf(error)})`);
  }
}

async function importPlugin(configFile: string, name: string): Promise<Plugin> {
  const where = path.basename(configFile);
  let url: string;
  try {
    url = path.isAbsolute(name) ? pathToFileURL(name).href : /^(file|data|node):/.test(name) ? name : resolveModule(name, pathToFileURL(configFile).href);
  } catch (error) {
    throw new PrettierUnavailable(`the Prettier plugin "${name}" named in ${where} cannot be found from the project (${reasonOf(error)})`);
  }
  try {
    const module = (await import(url)) as Plugin & { default?: Plugin };
    return module.default ?? module;
  } catch (error) {
    throw new PrettierUnavailable(`the Prettier plugin "${name}" named in ${where} cannot be loaded (${reasonOf(error)})`);
  }
}
