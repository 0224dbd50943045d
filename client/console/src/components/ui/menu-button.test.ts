import { describe, expect, it } from 'vitest';
import { menuReducer, type MenuState } from './menu-button';

describe('the menu button state', () => {
  const reduce = menuReducer(5);
  const closed: MenuState = { open: false };

  it('opens on the first or the last item', () => {
    expect(reduce(closed, { type: 'open', at: 'first' })).toEqual({ open: true, active: 0 });
    expect(reduce(closed, { type: 'open', at: 'last' })).toEqual({ open: true, active: 4 });
  });

  it('moves round the items, and to either end', () => {
    const at = (active: number): MenuState => ({ open: true, active });
    expect(reduce(at(0), { type: 'move', to: 'next' })).toEqual(at(1));
    expect(reduce(at(4), { type: 'move', to: 'next' })).toEqual(at(0));
    expect(reduce(at(0), { type: 'move', to: 'previous' })).toEqual(at(4));
    expect(reduce(at(2), { type: 'move', to: 'first' })).toEqual(at(0));
    expect(reduce(at(2), { type: 'move', to: 'last' })).toEqual(at(4));
  });

  it('stays closed when closed, and a menu with no items never opens', () => {
    expect(reduce(closed, { type: 'move', to: 'next' })).toBe(closed);
    expect(reduce({ open: true, active: 3 }, { type: 'close' })).toEqual(closed);
    expect(menuReducer(0)(closed, { type: 'open', at: 'first' })).toEqual(closed);
  });
});
