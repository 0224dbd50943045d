/**
 * The menu a right click on an element of a frame opens: the element's actions with their keys, each the same
 * command the key runs (`keyboard/editor-commands.ts`), so the menu and the keys never differ. The frame selects the
 * element first (`CONTEXT_REQUESTED`); the menu is a WAI-ARIA menu: the arrows move through it, Enter runs an item,
 * Escape, a click elsewhere or a scroll close it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { create } from 'zustand';
import { FRAME_ID_ATTRIBUTE } from './canvas/canvas-geometry';
import { parseElementKey } from '@contracts/frame-protocol.js';
import { appKeyActions } from './app-key-actions';
import { openInEditor } from './api/open-in-editor';
import { runEditorCommand } from './keyboard/editor-commands';
import type { EditorCommand } from './keyboard/editor-key-command';
import { KEY_MAP } from './keyboard/key-map';
import { useEditorServices } from './services/editor-services';
import { useEditorStore } from './state/editor-store';

interface OpenMenu {
  frameId: string;
  /** The point of the right click in the frame's own viewport (before the canvas's zoom). */
  clientX: number;
  clientY: number;
  elementKey: string;
}

const useContextMenu = create<{ open: OpenMenu | null }>(() => ({ open: null }));

/** Opens the menu for a frame's right click (the frame bridge's `CONTEXT_REQUESTED`); a click on no element opens none. */
export function openElementContextMenu(frameId: string, point: { clientX: number; clientY: number; elementKey: string | null }): void {
  const { elementKey, clientX, clientY } = point;
  useContextMenu.setState({ open: elementKey ? { frameId, clientX, clientY, elementKey } : null });
}

const close = () => useContextMenu.setState({ open: null });

type MenuCommand = Extract<EditorCommand, 'editText' | 'copy' | 'cut' | 'paste' | 'copyStyle' | 'pasteStyle' | 'duplicate' | 'wrapInDiv' | 'selectParent' | 'moveEarlier' | 'moveLater' | 'delete'>;

/** The items in the menu's order, each a command of the keyboard map. */
const ITEMS: readonly { command: MenuCommand; label: string }[] = [
  { command: 'editText', label: 'Edit text' },
  { command: 'copy', label: 'Copy' },
  { command: 'cut', label: 'Cut' },
  { command: 'paste', label: 'Paste' },
  { command: 'copyStyle', label: 'Copy style' },
  { command: 'pasteStyle', label: 'Paste style' },
  { command: 'duplicate', label: 'Duplicate' },
  { command: 'wrapInDiv', label: 'Wrap in div' },
  { command: 'selectParent', label: 'Select parent' },
  { command: 'moveEarlier', label: 'Move earlier' },
  { command: 'moveLater', label: 'Move later' },
  { command: 'delete', label: 'Delete' },
];

const keysOf = (command: EditorCommand) => KEY_MAP.find((row) => row.command === command)?.keys.split(' or ')[0] ?? '';

/** Where the frame's point is on the studio's page: the frame's `<iframe>` is scaled by the canvas's zoom. */
function pagePoint(open: OpenMenu): { left: number; top: number } | null {
  const iframe = document.querySelector<HTMLIFrameElement>(`iframe[${FRAME_ID_ATTRIBUTE}="${CSS.escape(open.frameId)}"]`);
  if (!iframe || !iframe.offsetWidth) return null;
  const rect = iframe.getBoundingClientRect();
  const scale = rect.width / iframe.offsetWidth;
  return { left: rect.left + open.clientX * scale, top: rect.top + open.clientY * scale };
}

export function ElementContextMenu() {
  const open = useContextMenu((state) => state.open);
  const services = useEditorServices();
  const info = useEditorStore((state) => {
    const id = open ? parseElementKey(open.elementKey)?.codebaseId : null;
    return id ? state.elementInfo[id] : undefined;
  });
  const menuRef = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);

  useLayoutEffect(() => {
    const point = open ? pagePoint(open) : null;
    const menu = menuRef.current;
    if (!point || !menu) return setPlace(point);
    // Kept on screen: flipped left or up when it would run past the page's edge.
    const { width, height } = menu.getBoundingClientRect();
    setPlace({
      left: point.left + width > window.innerWidth ? Math.max(0, point.left - width) : point.left,
      top: point.top + height > window.innerHeight ? Math.max(0, point.top - height) : point.top,
    });
    menu.querySelector<HTMLButtonElement>('[role="menuitem"]:not([disabled])')?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (!menuRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', closeOutside, true);
    window.addEventListener('wheel', close, true);
    window.addEventListener('resize', close);
    window.addEventListener('blur', close);
    return () => {
      document.removeEventListener('pointerdown', closeOutside, true);
      window.removeEventListener('wheel', close, true);
      window.removeEventListener('resize', close);
      window.removeEventListener('blur', close);
    };
  }, [open]);

  if (!open) return null;
  const enabled = (command: MenuCommand) => {
    if (command === 'editText') return !!info?.isStaticText || info?.textHome?.editable === true;
    if (command === 'paste') return appKeyActions.clipboard.content !== null;
    if (command === 'copyStyle') return !!info?.classes;
    if (command === 'pasteStyle') return appKeyActions.styleClipboard.content !== null && !!info?.classes;
    return true;
  };
  const run = (command: MenuCommand) => {
    close();
    runEditorCommand(command, { ...services, actions: appKeyActions });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not([disabled])') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    // The menu's keys are its own: not the editor's commands (Escape would select the parent, the arrows move).
    event.stopPropagation();
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      close();
    } else if (step) {
      event.preventDefault();
      items[(at + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      items[event.key === 'Home' ? 0 : items.length - 1]?.focus();
    }
  };

  return (
    <div
      ref={menuRef}
      role="menu"
      aria-label={info ? `<${info.tagName}> actions` : 'Element actions'}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
      className="fixed z-50 min-w-52 rounded border border-neutral-700 bg-neutral-900 py-1 text-xs text-neutral-100 shadow-xl"
      style={place ?? { left: -9999, top: -9999 }}
    >
      {ITEMS.map(({ command, label }) => (
        <button
          key={command}
          type="button"
          role="menuitem"
          disabled={!enabled(command)}
          onClick={() => run(command)}
          className="flex w-full items-center justify-between gap-6 px-3 py-1 text-left hover:bg-sky-700 focus:bg-sky-700 focus:outline-none disabled:text-neutral-500 disabled:hover:bg-transparent"
        >
          <span>{label}</span>
          <kbd className="font-sans text-neutral-400">{keysOf(command)}</kbd>
        </button>
      ))}
      {info && (
        <button
          type="button"
          role="menuitem"
          onClick={() => {
            close();
            openInEditor(info.file, info.line).catch((error: unknown) => useEditorStore.getState().notify('error', (error as Error).message));
          }}
          className="flex w-full items-center justify-between gap-6 border-t border-neutral-800 px-3 py-1 text-left hover:bg-sky-700 focus:bg-sky-700 focus:outline-none"
        >
          <span>Open in editor</span>
          <span className="font-mono text-neutral-400">
            {info.file.split('/').pop()}:{info.line}
          </span>
        </button>
      )}
    </div>
  );
}
