import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ChangeStoreState, EditorChange } from '../changes/change-store.js';
import { EditorServicesProvider, type EditorServices } from '../services/editor-services.js';
import { ChangesPanel } from './changes-panel.js';

function change(id: string, humanName: string, by?: 'agent'): EditorChange {
  return {
    id,
    type: 'ADD_CLASS',
    changeFields: { codebaseIdToAddClass: 'tempo-x', className: 'p-4' },
    humanName,
    consumed: true,
    failed: false,
    instantUpdateSent: true,
    instantUpdateFinished: true,
    instantUpdateSuccessful: true,
    state: 'succeeded',
    files: ['src/routes/index.tsx'],
    addedIds: [],
    instantUpdateDataByFrame: {},
    createdAt: 0,
    ...(by ? { by } : {}),
  } as EditorChange;
}

/** The panel as the page draws it from a change list holding these changes. */
function panelWith(items: EditorChange[], steps: ChangeStoreState['steps'] = null): string {
  const state = { items, steps, isFlushing: false, canUndo: true, canRedo: false } as ChangeStoreState;
  const listed = { getState: () => state, getInitialState: () => state, subscribe: () => () => undefined };
  const services = { changes: { listed, rendered: listed } } as unknown as EditorServices;
  return renderToStaticMarkup(
    <EditorServicesProvider services={services}>
      <ChangesPanel />
    </EditorServicesProvider>,
  );
}

describe('the Changes panel', () => {
  it("marks an agent's change before its name, with a label a screen reader reads, and no other", () => {
    const html = panelWith([change('a', 'Add class p-4', 'agent'), change('b', 'Add class m-1')]);
    expect(html.match(/aria-label="Made by an agent"/g)).toHaveLength(1);
    expect(html).toMatch(/<li aria-label="Add class p-4: Succeeded \(by an agent\)"[^>]*><div[^>]*><span role="img" aria-label="Made by an agent"[^>]*>Agent<\/span><span[^>]*>Add class p-4<\/span>/);
    expect(html).toContain('aria-label="Add class m-1: Succeeded"');
  });

  it('marks a step of the history made by an agent before the last reload', () => {
    const step = { id: 'h1', name: 'Add class p-4', kind: 'addClass', at: '2026-01-01T10:00:00.000Z', files: ['src/a.tsx'], state: 'ready' as const, by: 'agent' as const };
    const html = panelWith([], { done: [step], undone: [] });
    expect(html).toContain('aria-label="Add class p-4: Written (by an agent)"');
    expect(html.match(/aria-label="Made by an agent"/g)).toHaveLength(1);
  });
});
