import { describe, expect, it } from 'vitest';
import { hintTop } from './text-edit-interaction.js';

const rect = (left: number, top: number, width: number, height: number) => ({ left, top, right: left + width, bottom: top + height });

describe('the line-break hint of a text edited in place', () => {
  const text = rect(100, 200, 300, 20);

  it('goes under the text, below the size label the outline shows there, never over it', () => {
    expect(hintTop(text, [], 800)).toBe(224);
    const sizeLabel = rect(100, 222, 60, 16);
    expect(hintTop(text, [sizeLabel], 800)).toBe(242);
    // A label elsewhere (another element's) does not move it.
    expect(hintTop(text, [rect(600, 222, 60, 16), rect(100, 500, 60, 16)], 800)).toBe(224);
  });

  it('goes above the text and its name label when there is no room below', () => {
    const nameLabel = rect(100, 184, 50, 16);
    expect(hintTop(text, [nameLabel, rect(100, 222, 60, 16)], 250)).toBe(158);
    expect(hintTop(rect(0, 10, 100, 20), [], 40)).toBe(0);
  });
});
