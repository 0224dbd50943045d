/**
 * How the history is saved step by step, on real files: a step after the first of a run appends one line to its
 * canvas's log and leaves the canvas's file as it was, whatever the history's length; the next start reads the file
 * and its log back to the same stacks; a log older than the last fold, or cut short by a stop, is not replayed
 * twice; a log line someone else wrote passes the same checks as the canvas's file; and a log made a hard link to a
 * file outside the folder is never written through.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChangeHistory, HISTORY_FOLDER, type HistoryEntry } from './change-history.js';
import { sha256 } from './source-text.js';

let base: string;
let root: string;
const warnings: string[] = [];
const open = () => new ChangeHistory({ root, warn: (message) => warnings.push(message) });
const canvasFile = () => path.join(root, HISTORY_FOLDER, 'c.json');
const canvasLog = () => path.join(root, HISTORY_FOLDER, 'c.log');
const logLines = () => (fs.existsSync(canvasLog()) ? fs.readFileSync(canvasLog(), 'utf8').split('\n').filter(Boolean) : []);

/** Writes `after` over the file (as the engine does) and answers the entry the engine would record. */
function write(relative: string, after: string): HistoryEntry {
  const absolute = path.join(root, relative);
  const before = fs.existsSync(absolute) ? fs.readFileSync(absolute, 'utf8') : null;
  fs.mkdirSync(path.dirname(absolute), { recursive: true });
  fs.writeFileSync(absolute, after);
  return {
    kind: 'addClass',
    files: [{ absolute, relative, before, after, beforeHash: before === null ? '' : sha256(before), afterHash: sha256(after), createdFolders: [] }],
    prevIdToNewIdMap: {},
    addedIds: [],
  };
}

/** Undoes the latest step as the engine does: its before text written back, then the step moved. */
async function undo(history: ChangeHistory): Promise<void> {
  const step = history.planStep('c', 'undo')!;
  for (const file of step.files) fs.writeFileSync(file.absolute, file.before ?? '');
  await history.markUndone('c', step);
}

async function steps(history: ChangeHistory, count: number, from = 0): Promise<void> {
  for (let i = from; i < from + count; i += 1) await history.record('c', write('src/a.tsx', `text ${i}`), `Step ${i}`);
}

beforeEach(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'history-log-')));
  root = path.join(base, 'project');
  fs.mkdirSync(root);
  warnings.length = 0;
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

describe('a step of a long history', () => {
  it('appends one line to the canvas log and leaves the canvas file as it was', async () => {
    const history = open();
    await steps(history, 40);
    const file = fs.readFileSync(canvasFile());
    const before = logLines().length;
    await undo(history);
    await history.markRedone('c', history.planStep('c', 'redo'));
    await steps(history, 1, 40);
    expect(fs.readFileSync(canvasFile())).toEqual(file);
    expect(logLines()).toHaveLength(before + 3);
    expect(logLines().every((line) => line.length < 1_000)).toBe(true);
  });

  it("is read back with who undid a step: the person's redo of an agent's step the person undid outlives a restart, and a later change of the person ends it", async () => {
    const agent = { client: 'Claude Code', session: 'session-a' };
    const history = open();
    await steps(history, 2);
    await history.record('c', write('src/a.tsx', 'by the agent'), 'Agent step', 'agent', agent);
    const step = history.planStep('c', 'undo', undefined)!;
    for (const file of step.files) fs.writeFileSync(file.absolute, file.before ?? '');
    await history.markUndone('c', step, { by: 'studio' });

    const next = open();
    // The editor reads it too, for whether the person's Redo has a step: this one is the person's to redo.
    expect(next.status('c').undone).toEqual([expect.objectContaining({ id: step.id, by: 'agent', agent, undoneBy: { by: 'studio' } })]);
    expect(next.planStep('c', 'redo', { by: 'studio' })).toMatchObject({ id: step.id });
    expect(next.planStep('c', 'redo', { by: 'agent', agent })).toMatchObject({ id: step.id });
    expect(next.planStep('c', 'redo', { by: 'agent', agent: { client: 'Cursor', session: 'session-b' } })).toBeUndefined();

    await next.record('c', write('src/b.tsx', 'by the person'), 'Person step');
    expect(next.planStep('c', 'redo', { by: 'studio' })).toBeUndefined();
    const third = open();
    expect(third.planStep('c', 'redo', { by: 'studio' })).toBeUndefined();
    expect(third.planStep('c', 'redo', { by: 'agent', agent })).toMatchObject({ id: step.id });
    expect(warnings).toEqual([]);
  });

  it('is read back by the next start: the same stacks, in the same order, with what the history wrote', async () => {
    const history = open();
    await steps(history, 5);
    await undo(history);
    await undo(history);
    await history.markRedone('c', history.planStep('c', 'redo'));
    const status = history.status('c');
    const next = open();
    expect(next.status('c')).toEqual(status);
    expect(next.peekUndo('c')).toMatchObject({ files: [{ before: 'text 2', after: 'text 3' }] });
    expect(warnings).toEqual([]);
  });

  it('folds the log into the canvas file once it is as long as the stacks, and the next start reads the same', async () => {
    const history = open();
    await steps(history, 5);
    const file = fs.readFileSync(canvasFile());
    for (let i = 0; i < 35; i += 1) {
      await undo(history);
      await history.markRedone('c', history.planStep('c', 'redo'));
    }
    expect(fs.readFileSync(canvasFile())).not.toEqual(file);
    expect(logLines().length).toBeLessThan(64);
    const status = history.status('c');
    expect(open().status('c')).toEqual(status);
  });
});

describe('a log the server left', () => {
  it('older than the last fold (a stop before its removal) is not replayed again', async () => {
    await steps(open(), 3);
    const old = fs.readFileSync(canvasLog());
    // The first step of the next run folds the log into the canvas file.
    const history = open();
    await steps(history, 1, 3);
    fs.writeFileSync(canvasLog(), old);
    expect(open().status('c').done.map((item) => item.name)).toEqual(['Step 0', 'Step 1', 'Step 2', 'Step 3']);
    expect(warnings).toEqual([]);
  });

  it('cut short in the middle of a line: the steps before it are read back, the unfinished one is not', async () => {
    const history = open();
    await steps(history, 4);
    const status = history.status('c');
    const [last] = logLines().slice(-1);
    fs.appendFileSync(canvasLog(), last!.slice(0, last!.length / 2));
    const next = open();
    expect(next.status('c')).toEqual(status);
    // The next step of that run starts a log of its own: the half line is never continued.
    await next.record('c', write('src/a.tsx', 'after'), 'After');
    expect(open().status('c').done.map((item) => item.name)).toEqual([...status.done.map((item) => item.name), 'After']);
    expect(warnings).toEqual([]);
  });
});

describe('a log someone else wrote', () => {
  it('with a line naming a file that is not a source file: the canvas and its log are set aside, the canvas starts empty', async () => {
    const history = open();
    await steps(history, 2);
    const [line] = logLines();
    const planted = JSON.parse(line!) as { step: { entry: { files: Array<{ path: string }> } } };
    planted.step.entry.files[0]!.path = 'package.json';
    fs.appendFileSync(canvasLog(), `${JSON.stringify(planted)}\n`);
    const next = open();
    expect(next.status('c')).toEqual({ undoCount: 0, redoCount: 0, done: [], undone: [] });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/c\.json was set aside/);
    const left = fs.readdirSync(path.join(root, HISTORY_FOLDER));
    expect(left.filter((name) => /^c\.(json|log)\.unreadable-/.test(name))).toHaveLength(2);
    expect(left).not.toContain('c.log');
  });

  it('made a hard link to a file outside the folder: the file outside keeps every byte', async () => {
    const history = open();
    await steps(history, 2);
    const outside = path.join(base, 'outside.txt');
    fs.writeFileSync(outside, 'not the studio\'s\n');
    fs.rmSync(canvasLog(), { force: true });
    fs.linkSync(outside, canvasLog());
    const { notice } = await history.record('c', write('src/a.tsx', 'three'), 'Three');
    expect(notice).toMatch(/could not be saved/);
    expect(fs.readFileSync(outside, 'utf8')).toBe('not the studio\'s\n');
    // The next step writes the canvas whole, and the link (not the file it shares) is gone.
    await steps(history, 1, 3);
    expect(fs.readFileSync(outside, 'utf8')).toBe('not the studio\'s\n');
    expect(open().status('c').done.map((item) => item.name)).toEqual(['Step 0', 'Step 1', 'Three', 'Step 3']);
  });
});
