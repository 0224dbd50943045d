import { describe, expect, it } from 'vitest';
import { defaultCanvasDocument } from '@contracts/studio-api.js';
import { canvasScriptOf, STUDIO_CANVAS_SCRIPT_ID } from '@contracts/studio-page-canvas.js';
import { canvasToLoad, savedFieldsChanged, takePageCanvas } from './use-canvas-document';

describe('what makes the canvas save', () => {
  const canvas = defaultCanvasDocument('default');

  it('is a change of frames, zoom, pan, styling framework, change records or name', () => {
    expect(savedFieldsChanged(canvas, { ...canvas, frames: [...canvas.frames] })).toBe(true);
    expect(savedFieldsChanged(canvas, { ...canvas, zoomPerc: 75 })).toBe(true);
    expect(savedFieldsChanged(canvas, { ...canvas, pan: { x: 1, y: 2 } })).toBe(true);
    expect(savedFieldsChanged(canvas, { ...canvas, stylingFramework: 'CSS', stylingFrameworkChosen: true })).toBe(true);
    expect(savedFieldsChanged(canvas, { ...canvas, stylingFrameworkChosen: true })).toBe(true);
    expect(savedFieldsChanged(canvas, { ...canvas, changes: [] })).toBe(true);
    expect(savedFieldsChanged(canvas, { ...canvas, name: 'Other' })).toBe(true);
  });

  it('is not the same document, nor a document being loaded or dropped', () => {
    expect(savedFieldsChanged(canvas, canvas)).toBe(false);
    expect(savedFieldsChanged(canvas, { ...canvas })).toBe(false);
    // Following the project's framework: found again at the next open.
    expect(savedFieldsChanged(canvas, { ...canvas, stylingFramework: 'CSS' })).toBe(false);
    expect(savedFieldsChanged(null, canvas)).toBe(false);
    expect(savedFieldsChanged(canvas, null)).toBe(false);
  });
});

describe('the canvas the studio page brings', () => {
  const pageWith = (text: string | null) => {
    const script = text === null ? null : { textContent: text, removed: false, remove() { this.removed = true; } };
    return { script, page: { getElementById: (id: string) => (id === STUDIO_CANVAS_SCRIPT_ID ? script : null) } as unknown as Pick<Document, 'getElementById'> };
  };

  it('is taken once, for the canvas the address opens, and then the editor does not ask for it', () => {
    const saved = { ...defaultCanvasDocument('plan'), zoomPerc: 80 };
    const { script, page } = pageWith(/>(.*)<\/script>$/.exec(canvasScriptOf(saved))![1]!);
    const taken = takePageCanvas('plan', page);
    expect(taken).toEqual(saved);
    expect(script!.removed).toBe(true);
    expect(canvasToLoad(taken, 'plan')).toBe(false);
  });

  it("is nothing when the page has none or brings another canvas's, and the editor asks for it", () => {
    expect(takePageCanvas('plan', pageWith(null).page)).toBeNull();
    const other = pageWith(JSON.stringify(defaultCanvasDocument('default')));
    expect(takePageCanvas('plan', other.page)).toBeNull();
    expect(other.script!.removed).toBe(true);
    expect(canvasToLoad(null, 'plan')).toBe(true);
    expect(canvasToLoad(defaultCanvasDocument('default'), 'plan')).toBe(true);
  });
});
