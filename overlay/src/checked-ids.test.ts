import { describe, expect, it } from 'vitest';
import { checkedKey, checkedStoryboardId } from './checked-ids.js';

const ID = 'tempo-6f1c2b8e-3d4a-5b6c-8d7e-9f0a1b2c3d4e';

describe('checked ids', () => {
  it('passes a good key and storyboard id through', () => {
    expect(checkedKey(`${ID}|console|0-1`)).toBe(`${ID}|console|0-1`);
    expect(checkedKey('tempo-storyboard-root|console|0')).toBe('tempo-storyboard-root|console|0');
    expect(checkedStoryboardId('frame_2-b')).toBe('frame_2-b');
  });

  it('refuses a key that is not three parts, a bad codebase id, or a bad storyboard id', () => {
    expect(() => checkedKey('nonsense')).toThrow('Invalid element key "nonsense"');
    expect(() => checkedKey('tempo-zzz|console|0')).toThrow('Invalid codebase id "tempo-zzz"');
    expect(() => checkedKey(`${ID}|con sole|0`)).toThrow('Invalid storyboard id "con sole"');
    expect(() => checkedStoryboardId('a/b')).toThrow('Invalid storyboard id "a/b"');
  });
});
