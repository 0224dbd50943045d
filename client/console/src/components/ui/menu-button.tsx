/**
 * A button that opens a menu of actions (the WAI-ARIA menu button pattern): Enter, Space or ArrowDown open it on
 * the first item and ArrowUp on the last; in the menu the arrow keys, Home and End move, Enter or a click runs the
 * item, Escape closes it and gives the focus back to the button, and Tab or a click elsewhere closes it.
 *
 * The menu is drawn in a portal at fixed coordinates under the button, so a table's scroll box cannot clip it;
 * it closes when the page scrolls or is resized rather than drifting away from its button.
 */
import { useEffect, useId, useLayoutEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { MoreIcon } from './icons';

export interface MenuAction {
  label: string;
  onSelect(): void;
  tone?: 'default' | 'danger';
}

/** closed, or open with the index of the item that has the focus. */
export type MenuState = { open: false } | { open: true; active: number };

export type MenuEvent =
  | { type: 'open'; at: 'first' | 'last' }
  | { type: 'move'; to: 'next' | 'previous' | 'first' | 'last' }
  | { type: 'close' };

export function menuReducer(count: number) {
  return (state: MenuState, event: MenuEvent): MenuState => {
    switch (event.type) {
      case 'open':
        return count === 0 ? { open: false } : { open: true, active: event.at === 'first' ? 0 : count - 1 };
      case 'close':
        return { open: false };
      case 'move': {
        if (!state.open) return state;
        const next = { next: state.active + 1, previous: state.active - 1, first: 0, last: count - 1 }[event.to];
        return { open: true, active: (next + count) % count };
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  };
}

export interface MenuButtonProps {
  /** The button's accessible name (it shows only an icon). */
  label: string;
  actions: readonly MenuAction[];
  /** The button's face; three dots by default. */
  children?: ReactNode;
}

const MENU_WIDTH_PX = 192;

export function MenuButton({ label, actions, children }: MenuButtonProps) {
  const [state, dispatch] = useReducer(menuReducer(actions.length), { open: false });
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const menuId = useId();

  useLayoutEffect(() => {
    if (!state.open || !buttonRef.current) {
      setPosition(null);
      return;
    }
    const rect = buttonRef.current.getBoundingClientRect();
    const left = Math.max(8, Math.min(rect.right - MENU_WIDTH_PX, window.innerWidth - MENU_WIDTH_PX - 8));
    // Below the button, or above it when there is no room under it.
    const height = menuRef.current?.offsetHeight ?? 0;
    const top = rect.bottom + 4 + height > window.innerHeight && rect.top - 4 - height > 0 ? rect.top - 4 - height : rect.bottom + 4;
    setPosition({ top, left });
  }, [state.open]);

  useEffect(() => {
    if (!state.open) return;
    menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[state.active]?.focus();
  }, [state, position]);

  useEffect(() => {
    if (!state.open) return;
    const close = () => dispatch({ type: 'close' });
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('resize', close);
    window.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('resize', close);
      window.removeEventListener('scroll', close, true);
    };
  }, [state.open]);

  const closeToButton = () => {
    dispatch({ type: 'close' });
    buttonRef.current?.focus();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={state.open}
        aria-controls={state.open ? menuId : undefined}
        onClick={() => (state.open ? dispatch({ type: 'close' }) : dispatch({ type: 'open', at: 'first' }))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            dispatch({ type: 'open', at: event.key === 'ArrowDown' ? 'first' : 'last' });
          }
        }}
        className="inline-flex size-9 items-center justify-center rounded-lg text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 aria-expanded:bg-slate-100"
      >
        {children ?? <MoreIcon className="size-5" />}
      </button>
      {state.open
        ? createPortal(
            <div
              ref={menuRef}
              id={menuId}
              role="menu"
              aria-label={label}
              style={{ top: position?.top ?? 0, left: position?.left ?? 0, width: MENU_WIDTH_PX, visibility: position ? 'visible' : 'hidden' }}
              className="fixed z-40 flex flex-col rounded-xl bg-white py-1 shadow-lg ring-1 ring-slate-200"
              onKeyDown={(event) => {
                const moves: Record<string, MenuEvent> = {
                  ArrowDown: { type: 'move', to: 'next' },
                  ArrowUp: { type: 'move', to: 'previous' },
                  Home: { type: 'move', to: 'first' },
                  End: { type: 'move', to: 'last' },
                };
                const move = moves[event.key];
                if (move) {
                  event.preventDefault();
                  dispatch(move);
                } else if (event.key === 'Escape') {
                  // Why stop here: an open dialog behind must not close on the same key.
                  event.preventDefault();
                  event.stopPropagation();
                  closeToButton();
                } else if (event.key === 'Tab') {
                  event.preventDefault();
                  closeToButton();
                }
              }}
            >
              {actions.map((action, index) => (
                <button
                  key={action.label}
                  type="button"
                  role="menuitem"
                  tabIndex={state.active === index ? 0 : -1}
                  onClick={() => {
                    closeToButton();
                    action.onSelect();
                  }}
                  className={`px-4 py-2 text-left text-sm font-medium outline-none hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600 ${
                    action.tone === 'danger' ? 'text-red-700' : 'text-slate-800'
                  }`}
                >
                  {action.label}
                </button>
              ))}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
