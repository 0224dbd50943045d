import { describe, expect, it } from 'vitest';
import { readStoredViewMode } from './drone-view-mode';

describe('the stored drone view mode', () => {
  it('reads the plain words the console writes', () => {
    expect(readStoredViewMode('list')).toBe('list');
    expect(readStoredViewMode('grid')).toBe('grid');
    expect(readStoredViewMode(' list\n')).toBe('list');
  });

  it('reads a JSON string and the envelope an earlier version wrote', () => {
    expect(readStoredViewMode('"list"')).toBe('list');
    expect(readStoredViewMode('{"state":{"mode":"list"},"version":0}')).toBe('list');
  });

  it('ignores anything else', () => {
    for (const stored of [null, '', 'table', 'LIST', '{', '{"state":{"mode":"table"}}', 'null', '42']) {
      expect(readStoredViewMode(stored), String(stored)).toBeNull();
    }
  });
});
