import { describe, expect, it } from 'vitest';
import { replayAround } from './history-steps.js';

describe('replayAround', () => {
  it("makes a step's change again beside later changes, and refuses when they touch it or the byte next to it", () => {
    expect(replayAround('abcdef', 'abXdef', 'abcdeZ')).toBe('abXdeZ');
    expect(replayAround('abcdef', 'abXdef', 'Zabcdef')).toBe('ZabXdef');
    expect(replayAround('abcdef', 'abXdef', 'abcdef')).toBe('abXdef');
    expect(replayAround('abcdef', 'abcdef', 'abZdef')).toBe('abZdef');
    expect(replayAround('abcdef', 'abXdef', 'abYdef')).toBeNull();
    expect(replayAround('abcdef', 'abXdef', 'abcZef')).toBeNull();
    expect(replayAround('abcdef', 'abXdef', 'aZcdef')).toBeNull();
  });
});
