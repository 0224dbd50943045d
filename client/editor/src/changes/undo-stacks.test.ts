import { describe, expect, it } from 'vitest';
import { projectHistory, serverStep, stepCounts, stepStacks } from './undo-stacks.js';

describe('undo stacks', () => {
  it('a write goes on the undo stack and clears redo; undo and redo move the top across', () => {
    let stacks = stepStacks({ undo: [], redo: ['old'] }, { kind: 'write', id: 'a' });
    expect(stacks).toEqual({ undo: ['a'], redo: [] });
    stacks = stepStacks(stepStacks(stacks, { kind: 'write', id: 'b' }), { kind: 'undo', targetId: 'b' });
    expect(stacks).toEqual({ undo: ['a'], redo: ['b'] });
    expect(stepStacks(stacks, { kind: 'redo', targetId: 'b' })).toEqual({ undo: ['a', 'b'], redo: [] });
  });

  it("an undo or redo of a change under the top (another author's above it) moves that one across", () => {
    const stacks = { undo: ['a', 'b'], redo: ['c', 'd'] };
    expect(stepStacks(stacks, { kind: 'undo', targetId: 'a' })).toEqual({ undo: ['b'], redo: ['c', 'd', 'a'] });
    expect(stepStacks(stacks, { kind: 'redo', targetId: 'c' })).toEqual({ undo: ['a', 'b', 'c'], redo: ['d'] });
  });

  it('an undo or redo of nothing known leaves the stacks alone', () => {
    const stacks = { undo: ['a', 'b'], redo: ['c'] };
    expect(stepStacks(stacks, { kind: 'undo', targetId: 'c' })).toBe(stacks);
    expect(stepStacks(stacks, { kind: 'undo', targetId: null })).toBe(stacks);
    expect(stepStacks(stacks, { kind: 'redo', targetId: 'x' })).toBe(stacks);
    expect(stepStacks(stacks, { kind: 'none' })).toBe(stacks);
  });

  it("follows the server's counts, never below zero", () => {
    expect(stepCounts({ undoCount: 2, redoCount: 1 }, { kind: 'write', id: 'a' })).toEqual({ undoCount: 3, redoCount: 0 });
    expect(stepCounts({ undoCount: 2, redoCount: 1 }, { kind: 'undo', targetId: null })).toEqual({ undoCount: 1, redoCount: 2 });
    expect(stepCounts({ undoCount: 0, redoCount: 0 }, { kind: 'undo', targetId: null })).toEqual({ undoCount: 0, redoCount: 0 });
    expect(stepCounts({ undoCount: 0, redoCount: 0 }, { kind: 'redo', targetId: null })).toEqual({ undoCount: 0, redoCount: 0 });
    expect(stepCounts(null, { kind: 'write', id: 'a' })).toBeNull();
  });

  it('counts queued changes as answered, and the server history where the editor knows no changes', () => {
    expect(projectHistory({ undo: [], redo: [] }, null, [])).toMatchObject({ canUndo: false, canRedo: false });
    expect(projectHistory({ undo: [], redo: [] }, null, [{ kind: 'write', id: 'a' }])).toMatchObject({ stacks: { undo: ['a'], redo: [] }, canUndo: true, canRedo: false });
    expect(projectHistory({ undo: ['a'], redo: [] }, { undoCount: 1, redoCount: 0 }, [{ kind: 'undo', targetId: 'a' }])).toMatchObject({ canUndo: false, canRedo: true });
    expect(projectHistory({ undo: [], redo: [] }, { undoCount: 3, redoCount: 0 }, [{ kind: 'undo', targetId: null }])).toMatchObject({ canUndo: true, canRedo: true });
  });
});

describe("the person's Undo", () => {
  const step = (id: string, by?: 'agent') => ({ id, name: id, kind: 'addClass', at: '2026-01-01T10:00:00.000Z', files: [], state: 'ready' as const, ...(by ? { by } : {}) });
  const agentChanges = new Set(['agent-change']);
  const person = (done: ReturnType<typeof step>[] | null, made: string[] = []) => ({
    isPersons: (id: string) => !agentChanges.has(id),
    madeHere: (historyId: string) => made.includes(historyId),
    steps: done ? { done, undone: [] } : null,
  });

  it("is off when the only step is an agent's, whether the page wrote it or the server did", () => {
    expect(projectHistory({ undo: ['agent-change'], redo: [] }, { undoCount: 1, redoCount: 0 }, [], person([step('h1', 'agent')], ['h1'])).canUndo).toBe(false);
    expect(projectHistory({ undo: [], redo: [] }, null, [{ kind: 'write', id: 'agent-change' }], person(null)).canUndo).toBe(false);
    expect(projectHistory({ undo: [], redo: [] }, { undoCount: 1, redoCount: 0 }, [], person([step('h1', 'agent')])).canUndo).toBe(false);
  });

  it("is on for a change of the person's, under or over an agent's, and for the person's steps of an earlier page", () => {
    expect(projectHistory({ undo: ['mine', 'agent-change'], redo: [] }, { undoCount: 2, redoCount: 0 }, [], person([])).canUndo).toBe(true);
    expect(projectHistory({ undo: [], redo: [] }, { undoCount: 2, redoCount: 0 }, [], person([step('h0'), step('h1', 'agent')])).canUndo).toBe(true);
    // The server's steps are not known: one the editor did not make may be the person's.
    expect(projectHistory({ undo: ['agent-change'], redo: [] }, { undoCount: 2, redoCount: 0 }, [], person(null)).canUndo).toBe(true);
  });

  it("is off once the person's own change is undone, before the server's steps are asked again", () => {
    const projected = projectHistory({ undo: ['agent-change', 'mine'], redo: [] }, { undoCount: 2, redoCount: 0 }, [{ kind: 'undo', targetId: 'mine' }], person([step('h1', 'agent'), step('h2')], ['h1', 'h2']));
    expect(projected).toMatchObject({ canUndo: false, canRedo: true });
  });
});

describe("the person's Redo", () => {
  type Step = { id: string; name: string; kind: string; at: string; files: string[]; state: 'ready'; by?: 'agent'; undoneBy?: { by: 'studio' | 'agent' } };
  const step = (id: string, by?: 'agent', undoneBy?: 'studio' | 'agent'): Step => ({
    id, name: id, kind: 'addClass', at: '2026-01-01T10:00:00.000Z', files: [], state: 'ready', ...(by ? { by } : {}), ...(undoneBy ? { undoneBy: { by: undoneBy } } : {}),
  });
  const agentChanges = new Set(['agent-change']);
  const person = (undone: Step[] | null, made: string[] = []) => ({
    isPersons: (id: string) => !agentChanges.has(id),
    madeHere: (historyId: string) => made.includes(historyId),
    steps: undone ? { done: [], undone } : null,
  });

  it("is off when the only undone step is an agent's own, whether the page undid it or the server did", () => {
    expect(projectHistory({ undo: [], redo: ['agent-change'] }, { undoCount: 0, redoCount: 1 }, [], person([step('h1', 'agent', 'agent')], ['h1'])).canRedo).toBe(false);
    expect(projectHistory({ undo: ['agent-change'], redo: [] }, { undoCount: 1, redoCount: 0 }, [{ kind: 'undo', targetId: 'agent-change' }], person([])).canRedo).toBe(false);
    expect(projectHistory({ undo: [], redo: [] }, { undoCount: 0, redoCount: 1 }, [], person([step('h1', 'agent')])).canRedo).toBe(false);
  });

  it("is on for the person's own undone change, beside an agent's, and for the person's steps of an earlier page", () => {
    expect(projectHistory({ undo: [], redo: ['agent-change', 'mine'] }, { undoCount: 0, redoCount: 2 }, [], person([])).canRedo).toBe(true);
    expect(projectHistory({ undo: ['mine'], redo: [] }, { undoCount: 1, redoCount: 0 }, [{ kind: 'undo', targetId: 'mine' }], person([])).canRedo).toBe(true);
    expect(projectHistory({ undo: [], redo: [] }, { undoCount: 0, redoCount: 2 }, [], person([step('h0'), step('h1', 'agent')])).canRedo).toBe(true);
    // The server's steps are not known: one the editor did not undo may be the person's.
    expect(projectHistory({ undo: [], redo: ['agent-change'] }, { undoCount: 0, redoCount: 2 }, [], person(null)).canRedo).toBe(true);
  });

  it("is on for an agent's step the person undid from the Changes panel (the stacks dropped), which the person may redo", () => {
    expect(projectHistory({ undo: [], redo: [] }, { undoCount: 0, redoCount: 1 }, [], person([step('h1', 'agent', 'studio')])).canRedo).toBe(true);
  });

  it("is off once the person's own undone change is redone, before the server's steps are asked again", () => {
    const projected = projectHistory({ undo: [], redo: ['agent-change', 'mine'] }, { undoCount: 0, redoCount: 2 }, [{ kind: 'redo', targetId: 'mine' }], person([step('h1', 'agent', 'agent'), step('h2')], ['h1', 'h2']));
    expect(projected).toMatchObject({ canUndo: true, canRedo: false });
  });
});

describe('serverStep', () => {
  const step = (id: string) => ({ id, name: `Add class ${id}`, kind: 'addClass', at: '2026-01-01T10:00:00.000Z', files: [], state: 'ready' as const });
  const steps = { done: [step('a'), step('b')], undone: [step('c'), step('d')] };

  it('is the step at the projected place of the timeline: the last done for undo, the first undone for redo', () => {
    expect(serverStep(steps, { undoCount: 2, redoCount: 2 }, 'undo')?.id).toBe('b');
    expect(serverStep(steps, { undoCount: 2, redoCount: 2 }, 'redo')?.id).toBe('c');
    // Two undos queued: the next one takes the step before.
    expect(serverStep(steps, { undoCount: 0, redoCount: 4 }, 'redo')?.id).toBe('a');
    expect(serverStep(steps, { undoCount: 1, redoCount: 3 }, 'undo')?.id).toBe('a');
    expect(serverStep(steps, { undoCount: 0, redoCount: 4 }, 'undo')).toBeUndefined();
    expect(serverStep(steps, { undoCount: 4, redoCount: 0 }, 'redo')).toBeUndefined();
    expect(serverStep(null, { undoCount: 1, redoCount: 0 }, 'undo')).toBeUndefined();
  });
});
