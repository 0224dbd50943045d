/**
 * The project's own Biome, for a project that formats with it (a `biome.json` or `biome.jsonc` at its root and
 * `@biomejs/biome` installed): a file the change wrote is given to `biome format` through stdin, as the project's
 * editor integration does, so that it stays as `biome check` wants it. Only a file Biome left clean before the
 * change is formatted (then only the change moves); one it did not, or one it cannot format, keeps the change's text.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const CONFIGS = ['biome.json', 'biome.jsonc'];
const FORMATTED = /\.(?:[cm]?[jt]sx?|json|jsonc|css)$/;
/** A file Biome takes longer than this to format is left as the change wrote it. */
const FORMAT_TIMEOUT_MS = 10_000;

export class ProjectBiome {
  private binary: string | null | undefined;
  /** Texts known to be Biome-clean (by hash), so the check of the text before a change is paid once. */
  private readonly clean = new Set<string>();

  constructor(private readonly root: string) {}

  /** The project's Biome binary when it configures and installs Biome, else null. */
  private biome(): string | null {
    if (this.binary !== undefined) return this.binary;
    this.binary = null;
    if (!CONFIGS.some((name) => existsSync(join(this.root, name)))) return null;
    try {
      const manifest = createRequire(join(this.root, 'package.json')).resolve('@biomejs/biome/package.json');
      const bin = join(dirname(manifest), 'bin', 'biome');
      if (existsSync(bin)) this.binary = bin;
    } catch {
      // Not installed: the project's Biome runs nowhere, and the studio does not bring its own.
    }
    return this.binary;
  }

  private run(relative: string, text: string): Promise<string | null> {
    const bin = this.biome()!;
    return new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        [bin, 'format', `--stdin-file-path=${relative}`],
        { cwd: this.root, timeout: FORMAT_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout) => resolve(error ? null : stdout),
      );
      child.stdin?.end(text);
    });
  }

  /** `text` as the project's Biome formats it, when the file was Biome-clean before (`before`: null for a new file). */
  async format(relative: string, before: string | null, text: string): Promise<string> {
    if (!FORMATTED.test(relative) || !this.biome()) return text;
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
