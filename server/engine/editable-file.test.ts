import { describe, expect, it } from 'vitest';
import { EditableFile } from './editable-file.js';

const file = (text: string) => new EditableFile('a.tsx', '/a.tsx', text, true, null);

describe('EditableFile', () => {
  it('applies edits against the original text, whatever order they were made in', () => {
    const f = file('<a><b/><c/></a>');
    f.replace(7, 11, '');
    f.insert(3, '<x/>');
    f.replace(1, 2, 'div');
    expect(f.resultText()).toBe('<div><x/><b/></a>');
  });

  it('puts an insertion before a replacement that starts at the same place (a move next to its old spot)', () => {
    const f = file('ABCD');
    f.replace(1, 3, '');
    f.insert(1, 'xy');
    expect(f.resultText()).toBe('AxyD');
  });

  it('maps positions through the edits: shifted, or null when replaced', () => {
    const f = file('0123456789');
    f.insert(2, 'ab');
    f.replace(5, 7, 'Z');
    expect(f.mapPosition(0)).toBe(0);
    expect(f.mapPosition(2)).toBe(4);
    expect(f.mapPosition(5)).toBeNull();
    expect(f.mapPosition(6)).toBeNull();
    expect(f.mapPosition(7)).toBe(8);
  });

  it('refuses overlapping edits and edits out of range', () => {
    const f = file('0123456789');
    f.replace(2, 5, '');
    expect(() => f.replace(4, 6, '')).toThrow(/Overlapping/);
    expect(() => f.insert(3, 'x')).toThrow(/Overlapping/);
    expect(() => f.replace(8, 12, '')).toThrow(/out of range/);
    expect(f.changed).toBe(true);
    expect(file('x').changed).toBe(false);
  });
});
