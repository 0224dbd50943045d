/**
 * Several authors on one history, through the real engine on real files: the person and two agent sessions each
 * undo and redo their own latest step, around later steps of others that left its bytes alone; a step another's
 * later step depends on is refused naming it; an edit made by hand is never overwritten. The Changes panel undoes
 * any one step under the same rule.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codebaseIdFor } from '../codebase-ids/codebase-id-for.js';
import type { StepOwner } from '../../contracts/change-authors.js';
import { AppError } from '../../contracts/errors.js';
import { studioSourceEditor } from '../studio-source-editor.js';
import type { SourceEditor } from './source-editor.js';

const PAGE = `export function Page() {
  return (
    <main>
      <h1 className="p-2">Trang</h1>
      <p>Một</p>
      <footer>Cuối</footer>
    </main>
  );
}
`;

const PERSON: StepOwner = { by: 'studio' };
const CLAUDE = { client: 'Claude Code', session: 'session-claude' };
const CURSOR = { client: 'Cursor', session: 'session-cursor' };
const AS_CLAUDE: StepOwner = { by: 'agent', agent: CLAUDE };
const AS_CURSOR: StepOwner = { by: 'agent', agent: CURSOR };

let root: string;
let editor: SourceEditor;
const page = () => fs.readFileSync(path.join(root, 'src/page.tsx'), 'utf8');
const element = (structuralPath: string) => ({ codebaseId: codebaseIdFor('src/page.tsx', structuralPath) });
const editText = (at: string, oldText: string, newText: string) => ({ element: element(at), oldText, newText });

/** The engine's refusal (an AppError, never a success). */
const refusal = (promise: Promise<unknown>): Promise<AppError> =>
  promise.then(
    () => expect.fail('it was not refused'),
    (error: unknown) => (expect(error).toBeInstanceOf(AppError), error as AppError),
  );

beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'history-authors-')));
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'src/page.tsx'), PAGE);
  editor = studioSourceEditor({ root });
});

afterEach(() => {
  editor.dispose();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('each author undoes its own steps', () => {
  it("the person's undo passes over an agent's later step, and the agent's over the person's, each keeping the other's bytes", async () => {
    await editor.mutate('c', 'editText', editText('0-0', 'Trang', 'Trang chủ'));
    const agentStep = await editor.mutate('c', 'editText', editText('0-2', 'Cuối', 'Hết'), 'agent', CLAUDE);
    expect(agentStep.item).toMatchObject({ by: 'agent', agent: CLAUDE });

    const undone = await editor.undo('c', undefined, PERSON);
    expect(undone.item).toMatchObject({ by: 'studio' });
    expect(page()).toBe(PAGE.replace('Cuối', 'Hết'));

    await editor.mutate('c', 'editText', editText('0-1', 'Một', 'Hai'));
    await editor.undo('c', undefined, AS_CLAUDE);
    expect(page()).toBe(PAGE.replace('Một', 'Hai'));
    // Its redo brings its own step back, around the person's later one.
    await editor.redo('c', undefined, AS_CLAUDE);
    expect(page()).toBe(PAGE.replace('Một', 'Hai').replace('Cuối', 'Hết'));
    // Taken back one by one, the person's first although the agent's lies on top, down to the first bytes.
    await editor.undo('c', undefined, PERSON);
    expect(page()).toBe(PAGE.replace('Cuối', 'Hết'));
    await editor.undo('c', undefined, AS_CLAUDE);
    expect(page()).toBe(PAGE);
  });

  it('one agent session undoes only its own steps, never another session’s nor the person’s', async () => {
    await editor.mutate('c', 'editText', editText('0-0', 'Trang', 'A'), 'agent', CLAUDE);
    await editor.mutate('c', 'editText', editText('0-2', 'Cuối', 'B'), 'agent', CURSOR);
    await editor.mutate('c', 'editText', editText('0-1', 'Một', 'C'));
    await editor.undo('c', undefined, AS_CLAUDE);
    expect(page()).toBe(PAGE.replace('Cuối', 'B').replace('Một', 'C'));
    const nothing = await refusal(editor.undo('c', undefined, AS_CLAUDE));
    expect(nothing.code).toBe('NOTHING_TO_UNDO');
    expect(page()).toBe(PAGE.replace('Cuối', 'B').replace('Một', 'C'));
    await editor.undo('c', undefined, AS_CURSOR);
    expect(page()).toBe(PAGE.replace('Một', 'C'));
    await editor.redo('c', undefined, AS_CURSOR);
    const status = await editor.status('c');
    expect(status.done.map((item) => [item.by, item.agent?.client])).toEqual([
      ['studio', undefined],
      ['agent', 'Cursor'],
    ]);
  });

  it("a new step ends only its author's redo", async () => {
    await editor.mutate('c', 'editText', editText('0-0', 'Trang', 'A'), 'agent', CLAUDE);
    await editor.undo('c', undefined, AS_CLAUDE);
    await editor.mutate('c', 'editText', editText('0-1', 'Một', 'C'));
    await editor.redo('c', undefined, AS_CLAUDE);
    expect(page()).toBe(PAGE.replace('Trang', 'A').replace('Một', 'C'));
  });
});

describe('refused, writing nothing', () => {
  it('when a later step of another changed the same bytes, naming that step and its author', async () => {
    await editor.mutate('c', 'editText', editText('0-0', 'Trang', 'Trang chủ'), 'agent', CLAUDE);
    await editor.mutate('c', 'editText', { ...editText('0-0', 'Trang chủ', 'Trang đầu'), changeName: 'Rename the title' });
    const before = page();
    const refused = await refusal(editor.undo('c', undefined, AS_CLAUDE));
    expect([refused.statusCode, refused.code]).toEqual([409, 'STEP_OVERLAPPED']);
    expect(refused.message).toContain('"Rename the title" of the person in the studio');
    expect(refused.message).toContain('src/page.tsx');
    expect(page()).toBe(before);
    // Once the person has undone theirs, the agent's is on top and goes back as written.
    await editor.undo('c', undefined, PERSON);
    await editor.undo('c', undefined, AS_CLAUDE);
    expect(page()).toBe(PAGE);
  });

  it('when the file was changed by hand since, even far from the step', async () => {
    await editor.mutate('c', 'editText', editText('0-0', 'Trang', 'Trang chủ'));
    await editor.mutate('c', 'editText', editText('0-2', 'Cuối', 'Hết'), 'agent', CLAUDE);
    const byHand = `${page()}// a note\n`;
    fs.writeFileSync(path.join(root, 'src/page.tsx'), byHand);
    const refused = await refusal(editor.undo('c', undefined, PERSON));
    expect([refused.statusCode, refused.code]).toEqual([409, 'SOURCE_CONFLICT']);
    expect(page()).toBe(byHand);
  });
});

describe("the Changes panel's undo of a chosen step, whoever made it", () => {
  it('takes back a step under later ones that left its part alone, keeping theirs, and the person can redo it', async () => {
    const first = await editor.mutate('c', 'editText', editText('0-0', 'Trang', 'Trang chủ'));
    await editor.mutate('c', 'editText', editText('0-2', 'Cuối', 'Hết'), 'agent', CLAUDE);
    const undone = await editor.undoStep('c', { stepId: first.item!.id });
    expect(undone.item.id).toBe(first.item!.id);
    expect(page()).toBe(PAGE.replace('Cuối', 'Hết'));
    const status = await editor.status('c');
    // The later step is still one to undo (list_changes and the panel read this state), not "changed on disk".
    expect(status.done.map((item) => [item.by, item.state])).toEqual([['agent', 'ready']]);
    expect(status.undone.map((item) => item.id)).toEqual([first.item!.id]);
    await editor.redo('c', undefined, PERSON);
    expect(page()).toBe(PAGE.replace('Trang', 'Trang chủ').replace('Cuối', 'Hết'));
  });

  it("takes back an agent's step for the person, the person's own later step kept", async () => {
    const agents = await editor.mutate('c', 'editText', editText('0-1', 'Một', 'Hai'), 'agent', CLAUDE);
    await editor.mutate('c', 'editText', editText('0-0', 'Trang', 'Trang chủ'));
    await editor.undoStep('c', { stepId: agents.item!.id });
    expect(page()).toBe(PAGE.replace('Trang', 'Trang chủ'));
  });

  it('is refused with STEP_OVERLAPPED, naming the later step, when it changed the same part; nothing is written', async () => {
    const first = await editor.mutate('c', 'editText', editText('0-0', 'Trang', 'Trang chủ'));
    await editor.mutate('c', 'editText', { ...editText('0-0', 'Trang chủ', 'Trang đầu'), changeName: 'Rename the title' });
    const before = page();
    const refused = await refusal(editor.undoStep('c', { stepId: first.item!.id }));
    expect([refused.statusCode, refused.code]).toEqual([409, 'STEP_OVERLAPPED']);
    expect(refused.message).toContain('is refused: the later step "Rename the title" of the person in the studio');
    expect(page()).toBe(before);
    expect((await editor.status('c')).done).toHaveLength(2);
  });

  it('is refused with SOURCE_CONFLICT when the file was changed by hand since; nothing is written', async () => {
    const first = await editor.mutate('c', 'editText', editText('0-0', 'Trang', 'Trang chủ'));
    await editor.mutate('c', 'editText', editText('0-2', 'Cuối', 'Hết'));
    const byHand = `${page()}// a note\n`;
    fs.writeFileSync(path.join(root, 'src/page.tsx'), byHand);
    const refused = await refusal(editor.undoStep('c', { stepId: first.item!.id }));
    expect([refused.statusCode, refused.code]).toEqual([409, 'SOURCE_CONFLICT']);
    expect(page()).toBe(byHand);
  });

  it('is refused for a step undone already or unknown, and for a body without a step id', async () => {
    const first = await editor.mutate('c', 'editText', editText('0-0', 'Trang', 'Trang chủ'));
    await editor.undoStep('c', { stepId: first.item!.id });
    expect((await refusal(editor.undoStep('c', { stepId: first.item!.id }))).code).toBe('STEP_NOT_DONE');
    expect((await refusal(editor.undoStep('c', { stepId: 'no-such-step' }))).code).toBe('STEP_NOT_DONE');
    const bad = await refusal(editor.undoStep('c', {}));
    expect([bad.statusCode, bad.code]).toEqual([400, 'INVALID_CHANGE']);
    expect(bad.message).toMatch(/stepId/);
    expect(page()).toBe(PAGE);
  });
});
