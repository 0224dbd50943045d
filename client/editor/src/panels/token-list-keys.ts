/**
 * The keys of a token field's suggestion list, as a small state machine: closed → open (typing, or Down; Alt+Down
 * opens without choosing) → an option active (Down and Up go round) → closed (Enter, a click on an option, Escape,
 * leaving the field). Escape with the list closed puts the field back; Enter writes (the active option, else the
 * typed text).
 */

export type ListState = { open: false } | { open: true; active: number };

/** What a key does: the list's next state, `enter` (write), `revert` (put the field back), or null (not ours). */
export function listKey(event: { key: string; altKey: boolean }, list: ListState, count: number): ListState | 'enter' | 'revert' | null {
  switch (event.key) {
    case 'ArrowDown':
      if (!count) return null;
      if (!list.open) return { open: true, active: event.altKey ? -1 : 0 };
      return { open: true, active: event.altKey ? list.active : (list.active + 1) % count };
    case 'ArrowUp':
      if (!count || !list.open) return null;
      return { open: true, active: list.active <= 0 ? count - 1 : list.active - 1 };
    case 'Enter':
      return 'enter';
    case 'Escape':
      return list.open ? { open: false } : 'revert';
    default:
      return null;
  }
}
