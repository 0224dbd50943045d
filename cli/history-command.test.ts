import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangeHistory, HISTORY_FOLDER } from '../server/engine/change-history.js';
import { sha256 } from '../server/engine/source-text.js';
import { createProgram } from './index.js';

let root: string;
let printed: string[];

async function run(...args: string[]): Promise<void> {
  await createProgram().parseAsync(['node', 'plantation-studio', 'history', 'clear', '--root', root, ...args]);
}

/** Records a change of `src/{file}` to `text` in the canvas's history, as the engine does after writing it. */
async function record(history: ChangeHistory, canvasId: string, file: string, text: string): Promise<void> {
  const absolute = path.join(root, 'src', file);
  const before = fs.existsSync(absolute) ? fs.readFileSync(absolute, 'utf8') : null;
  fs.writeFileSync(absolute, text);
  await history.record(canvasId, {
    kind: 'editText',
    files: [{ absolute, relative: `src/${file}`, before, after: text, beforeHash: before === null ? '' : sha256(before), afterHash: sha256(text), createdFolders: [] }],
    prevIdToNewIdMap: {},
    addedIds: [],
  });
}

beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'history-command-')));
  fs.writeFileSync(path.join(root, 'index.html'), '<div id="root"></div>');
  fs.mkdirSync(path.join(root, 'src'));
  printed = [];
  vi.spyOn(console, 'log').mockImplementation((message: string) => void printed.push(message));
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('history clear', () => {
  it('forgets one canvas, keeping the texts another canvas still uses, and leaves the source alone', async () => {
    const history = new ChangeHistory({ root });
    await record(history, 'a', 'shared.tsx', 'shared text');
    await record(history, 'a', 'own.tsx', 'only a');
    await record(history, 'b', 'other.tsx', 'shared text');
    await run('--canvas', 'a');
    expect(printed.join('\n')).toMatch(/Cleared the undo history of canvas a in /);
    const next = new ChangeHistory({ root });
    expect(next.status('a').undoCount).toBe(0);
    expect(next.status('b').undoCount).toBe(1);
    expect(fs.readdirSync(path.join(root, HISTORY_FOLDER, 'blobs'))).toEqual([sha256('shared text')]);
    expect(fs.readFileSync(path.join(root, 'src', 'own.tsx'), 'utf8')).toBe('only a');
  });

  it('forgets every canvas, and says when there is nothing to clear', async () => {
    await record(new ChangeHistory({ root }), 'a', 'page.tsx', 'text');
    await run();
    expect(fs.existsSync(path.join(root, HISTORY_FOLDER))).toBe(false);
    expect(fs.readFileSync(path.join(root, 'src', 'page.tsx'), 'utf8')).toBe('text');
    await run();
    expect(printed.at(-1)).toMatch(/No undo history in .*: nothing to clear/);
  });

  it('refuses a canvas id that is not one', async () => {
    await record(new ChangeHistory({ root }), 'a', 'page.tsx', 'text');
    await expect(run('--canvas', '../a')).rejects.toThrow(/a canvas id is 1 to 100 letters/);
  });
});
