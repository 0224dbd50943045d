import { describe, expect, it } from 'vitest';
import { listKey } from './token-list-keys';

const key = (name: string, altKey = false) => ({ key: name, altKey });

describe('the keys of a token field’s list', () => {
  it('opens on Down at the first option (Alt+Down without one), and goes round with Down and Up', () => {
    expect(listKey(key('ArrowDown'), { open: false }, 3)).toEqual({ open: true, active: 0 });
    expect(listKey(key('ArrowDown', true), { open: false }, 3)).toEqual({ open: true, active: -1 });
    expect(listKey(key('ArrowDown'), { open: true, active: 2 }, 3)).toEqual({ open: true, active: 0 });
    expect(listKey(key('ArrowUp'), { open: true, active: 0 }, 3)).toEqual({ open: true, active: 2 });
    expect(listKey(key('ArrowUp'), { open: true, active: -1 }, 3)).toEqual({ open: true, active: 2 });
  });

  it('leaves the arrows to the field when there is nothing to suggest, or Up with the list closed', () => {
    expect(listKey(key('ArrowDown'), { open: false }, 0)).toBeNull();
    expect(listKey(key('ArrowUp'), { open: false }, 3)).toBeNull();
    expect(listKey(key('a'), { open: true, active: 1 }, 3)).toBeNull();
  });

  it('writes on Enter; Escape closes the list first, then puts the field back', () => {
    expect(listKey(key('Enter'), { open: true, active: 1 }, 3)).toBe('enter');
    expect(listKey(key('Escape'), { open: true, active: 1 }, 3)).toEqual({ open: false });
    expect(listKey(key('Escape'), { open: false }, 3)).toBe('revert');
  });
});
