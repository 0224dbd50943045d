/**
 * A modal dialog: in a portal, labelled by its title, focus kept inside while open and given back to the opener
 * on close, Escape closes it, and the page behind does not scroll. Dialogs can stack (a confirmation over a
 * details dialog): only the top one reacts to keys.
 */
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { ScrollArea } from './scroll-area';

export type DialogSize = 'sm' | 'md' | 'lg' | 'xl' | 'full';

export interface DialogProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: DialogSize;
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element describing the dialog, for `aria-describedby`. */
  describedBy?: string;
}

const SIZE_CLASS: Record<DialogSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
  full: 'max-w-none h-full sm:h-[calc(100%-2rem)]',
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, audio[controls], video[controls], [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getClientRects().length > 0,
  );
}

/**
 * When the page last left fullscreen. Escape in fullscreen is the browser's, to leave it; Chromium still gives the
 * page that keydown, sometimes only after `fullscreenElement` is already null: that Escape must not also close the
 * dialog the fullscreen element sits in.
 */
let leftFullscreenAt = -Infinity;
if (typeof document !== 'undefined') {
  document.addEventListener('fullscreenchange', () => {
    if (!document.fullscreenElement) leftFullscreenAt = performance.now();
  });
}
const FULLSCREEN_ESCAPE_MS = 300;

function escapeLeavesFullscreen(): boolean {
  return document.fullscreenElement !== null || performance.now() - leftFullscreenAt < FULLSCREEN_ESCAPE_MS;
}

/** Where a dialog starts: the first field of a form, else the dialog itself, so its title is read first. */
function initialFocusOf(panel: HTMLElement): HTMLElement {
  const field = focusableIn(panel).find((el) => el.matches('input, select, textarea'));
  return field ?? panel;
}

/** Open dialogs, the top one last. */
const stack: symbol[] = [];
let lockedOverflow: string | null = null;

function lockScroll() {
  if (stack.length === 1) {
    lockedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
}
function unlockScroll() {
  if (stack.length === 0) {
    document.body.style.overflow = lockedOverflow ?? '';
    lockedOverflow = null;
  }
}

export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  role = 'dialog',
  describedBy,
}: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const key = Symbol('dialog');
    stack.push(key);
    lockScroll();
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const first = initialFocusRef?.current ?? (panel ? initialFocusOf(panel) : null);
    first?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (stack.at(-1) !== key || !panel) return;
      if (event.key === 'Escape') {
        if (escapeLeavesFullscreen()) return;
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(panel);
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items.at(-1)!;
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || active === panel || !panel.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !panel.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    }
    // Why also on focusin: a click outside the panel (on the backdrop of another layer) must not leave focus there.
    function onFocusIn(event: FocusEvent) {
      if (stack.at(-1) !== key || !panel) return;
      if (event.target instanceof Node && !panel.contains(event.target)) (focusableIn(panel)[0] ?? panel).focus();
    }
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      stack.splice(stack.indexOf(key), 1);
      unlockScroll();
      if (opener?.isConnected) opener.focus();
    };
    // The focus target is read once when the dialog opens.
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
      <div aria-hidden="true" className="absolute inset-0 bg-slate-900/50" onClick={() => onCloseRef.current()} />
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`relative flex max-h-full w-full flex-col overflow-hidden rounded-t-2xl bg-white shadow-2xl outline-none sm:max-h-[calc(100vh-2rem)] sm:rounded-2xl ${SIZE_CLASS[size]}`}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <h2 id={titleId} className="min-w-0 text-lg font-semibold wrap-anywhere text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => onCloseRef.current()}
            aria-label="Đóng"
            className="-m-1 rounded-md p-1 text-2xl leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-600"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <ScrollArea label={{ labelledBy: titleId }} className="flex-1 overflow-y-auto px-5 py-4">
          {children}
        </ScrollArea>
        {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

