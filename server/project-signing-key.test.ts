import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectSigningKey, SIGNING_KEY_FILE } from './project-signing-key.js';

let root: string;
const warnings: string[] = [];
const keyOf = () => projectSigningKey(root, (message) => warnings.push(message));
const file = () => path.join(root, SIGNING_KEY_FILE);

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'signing-key-'));
  warnings.length = 0;
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("a project's signing key", () => {
  it('is made once, readable by its owner only, kept out of git, and the same at the next start', () => {
    const previous = process.umask(0o022);
    try {
      const key = keyOf();
      expect(key).toHaveLength(32);
      expect(fs.statSync(file()).mode & 0o777).toBe(0o600);
      expect(keyOf()).toEqual(key);
      expect(fs.readFileSync(path.join(root, '.plantation-studio/.gitignore'), 'utf8')).toMatch(/^\*$/m);
      // Nothing but the key is left next to it (no temporary file).
      expect(fs.readdirSync(path.join(root, '.plantation-studio')).sort()).toEqual(['.gitignore', 'mock-signing-key']);
      expect(warnings).toEqual([]);
    } finally {
      process.umask(previous);
    }
  });

  it("stays out of the project's git, which has no rule for the folder of its own", () => {
    execFileSync('git', ['init', '-q'], { cwd: root });
    fs.writeFileSync(path.join(root, 'index.html'), '<div id="root"></div>');
    keyOf();
    const untracked = execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: root, encoding: 'utf8' });
    expect(untracked.trim().split('\n')).toEqual(['?? index.html']);
  });

  it('made readable by others is made owner-only again, saying so, and keeps its value', () => {
    const key = keyOf();
    fs.chmodSync(file(), 0o644);
    expect(keyOf()).toEqual(key);
    expect(fs.statSync(file()).mode & 0o777).toBe(0o600);
    expect(warnings.join('\n')).toMatch(/could be read by others \(mode 644\)/);
  });

  it('that is not a key is replaced by a new one, saying so', () => {
    fs.mkdirSync(path.join(root, '.plantation-studio'));
    fs.writeFileSync(file(), 'not a key', { mode: 0o600 });
    const key = keyOf();
    expect(key).toHaveLength(32);
    expect(fs.readFileSync(file(), 'utf8').trim()).toBe(Buffer.from(key).toString('hex'));
    expect(warnings.join('\n')).toMatch(/is not a signing key: a new one replaces it/);
  });

  it('is never made through a link that leads elsewhere', () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'signing-key-outside-'));
    try {
      fs.symlinkSync(outside, path.join(root, '.plantation-studio'));
      expect(() => keyOf()).toThrow(/symbolic link or a file/);
      expect(fs.readdirSync(outside)).toEqual([]);
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});
