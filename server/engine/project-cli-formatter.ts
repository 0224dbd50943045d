/**
 * The project's own command-line formatter, for a project that formats with one (Biome: a `biome.json` or
 * `biome.jsonc` and `@biomejs/biome` installed; oxfmt: an `.oxfmtrc.json` or `oxfmt.config.*` and `oxfmt` installed):
 * a file the change wrote is given to it through stdin, as the project's editor integration does, so that it stays
 * as the project's `--check` wants it (its print width, its import order when it sorts imports). Only a file the tool
 * left clean before the change is formatted (then only the change moves); one it did not, or one it cannot format,
 * keeps the change's text. The studio never brings a formatter of its own.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** How one formatter is found in a project and run over stdin. */
export interface CliFormatterTool {
  name: string;
  /** Config files at the project's root that say the project formats with it. */
  configs: readonly string[];
  /** Its package, and its binary's path inside that package. */
  packageName: string;
  binary: string;
  /** Its arguments to format stdin as the file `relative`, printing the result. */
  stdinArgs(relative: string): string[];
  /** The files it formats. */
  formats: RegExp;
}

export const BIOME: CliFormatterTool = {
  name: 'Biome',
  configs: ['biome.json', 'biome.jsonc'],
  packageName: '@biomejs/biome',
  binary: 'bin/biome',
  stdinArgs: (relative) => ['format', `--stdin-file-path=${relative}`],
  formats: /\.(?:[cm]?[jt]sx?|json|jsonc|css)$/,
};

export const OXFMT: CliFormatterTool = {
  name: 'oxfmt',
  configs: ['.oxfmtrc.json', '.oxfmtrc.jsonc', 'oxfmt.config.ts', 'oxfmt.config.mts', 'oxfmt.config.js', 'oxfmt.config.mjs'],
  packageName: 'oxfmt',
  binary: 'bin/oxfmt',
  stdinArgs: (relative) => [`--stdin-filepath=${relative}`],
  formats: /\.(?:[cm]?[jt]sx?|json|jsonc|css)$/,
};

/** A file the formatter takes longer than this to format is left as the change wrote it. */
const FORMAT_TIMEOUT_MS = 10_000;

export class ProjectCliFormatter {
  private binaryPath: string | null | undefined;
  /** Texts known to be clean (by hash), so the check of the text before a change is paid once. */
  private readonly clean = new Set<string>();

  constructor(
    private readonly root: string,
    private readonly tool: CliFormatterTool,
  ) {}

  /** The project's binary when it configures and installs the tool, else null. */
  private bin(): string | null {
    if (this.binaryPath !== undefined) return this.binaryPath;
    this.binaryPath = null;
    if (!this.tool.configs.some((name) => existsSync(join(this.root, name)))) return null;
    try {
      const manifest = createRequire(join(this.root, 'package.json')).resolve(`${this.tool.packageName}/package.json`);
      const bin = join(dirname(manifest), this.tool.binary);
      if (existsSync(bin)) this.binaryPath = bin;
    } catch {
      // Not installed: the project's formatter runs nowhere, and the studio does not bring its own.
    }
    return this.binaryPath;
  }

  private run(relative: string, text: string): Promise<string | null> {
    const bin = this.bin()!;
    return new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        [bin, ...this.tool.stdinArgs(relative)],
        { cwd: this.root, timeout: FORMAT_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout) => resolve(error ? null : stdout),
      );
      child.stdin?.end(text);
    });
  }

  /** `text` as the project's tool formats it, when the file was clean before (`before`: null for a new file). */
  async format(relative: string, before: string | null, text: string): Promise<string> {
    if (!this.tool.formats.test(relative) || !this.bin()) return text;
    if (before !== null) {
      const key = createHash('sha256').update(relative).update('\0').update(before).digest('hex');
      if (!this.clean.has(key)) {
        if ((await this.run(relative, before)) !== before) return text;
        this.clean.add(key);
      }
    }
    return (await this.run(relative, text)) ?? text;
  }
}
