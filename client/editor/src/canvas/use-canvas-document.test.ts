import { describe, expect, it } from 'vitest';
import { defaultCanvasDocument } from '@contracts/studio-api.js';
import { savedFieldsChanged } from './use-canvas-document';

describe('what makes the canvas save', () => {
  const canvas = defaultCanvasDocument('default');

  it('is a change of frames, zoom, pan, styling framework, change records or name', () => {
    expect(savedFieldsChanged(canvas, { ...canvas, frames: [...canvas.frames] })).toBe(true);
    expect(savedFieldsChanged(canvas, { ...canvas, zoomPerc: 75 })).toBe(true);
    expect(savedFieldsChanged(canvas, { ...canvas, pan: { x: 1, y: 2 } })).toBe(true);
    expect(savedFieldsChanged(canvas, { ...canvas, stylingFramework: 'CSS' })).toBe(true);
    expect(savedFieldsChanged(canvas, { ...canvas, changes: [] })).toBe(true);
    expect(savedFieldsChanged(canvas, { ...canvas, name: 'Other' })).toBe(true);
  });

  it('is not the same document, nor a document being loaded or dropped', () => {
    expect(savedFieldsChanged(canvas, canvas)).toBe(false);
    expect(savedFieldsChanged(canvas, { ...canvas })).toBe(false);
    expect(savedFieldsChanged(null, canvas)).toBe(false);
    expect(savedFieldsChanged(canvas, null)).toBe(false);
  });
});
