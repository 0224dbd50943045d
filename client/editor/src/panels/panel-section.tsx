/**
 * One collapsible section of a side panel: a region named by its heading, so a person (and a test) finds it by its
 * name; the open state is kept per title for the session (in the editor's store), as designers close what they do
 * not use.
 */
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { useEditorStore } from '../state/editor-store';

export function PanelSection({ title, children, defaultOpen = true, actions }: { title: string; children: ReactNode; defaultOpen?: boolean; actions?: ReactNode }) {
  const open = useEditorStore((state) => state.openSections[title] ?? defaultOpen);
  const setSectionOpen = useEditorStore((state) => state.setSectionOpen);
  const bodyId = useId();
  const toggle = () => setSectionOpen(title, !open);
  return (
    <section aria-label={title} className="border-b border-neutral-800">
      <h3 className="flex items-center justify-between px-3 py-1.5 text-[11px] font-semibold uppercase tracking-wide text-neutral-400">
        <button type="button" aria-expanded={open} aria-controls={bodyId} onClick={toggle} className="flex flex-1 items-center gap-1 text-left hover:text-neutral-200">
          <span aria-hidden className="inline-block w-3 text-neutral-500">
            {open ? '▾' : '▸'}
          </span>
          {title}
        </button>
        {actions}
      </h3>
      {open && (
        <div id={bodyId} className="px-3 pb-3">
          {children}
        </div>
      )}
    </section>
  );
}

/** A small muted line of explanation or status. */
export function Note({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'error' | 'warning' }) {
  const colour = tone === 'error' ? 'text-red-300' : tone === 'warning' ? 'text-amber-300' : 'text-neutral-500';
  return <p className={`text-xs ${colour}`}>{children}</p>;
}

export const inputClass =
  'w-full min-w-0 rounded border border-neutral-700 bg-neutral-900 px-1.5 py-0.5 text-neutral-100 placeholder:text-neutral-500 focus:border-sky-500 focus:outline-none disabled:opacity-50';

export const buttonClass =
  'rounded border border-neutral-700 bg-neutral-800 px-2 py-0.5 text-neutral-200 hover:border-neutral-500 hover:bg-neutral-700 disabled:cursor-not-allowed disabled:opacity-40';

/** The keys of every field that writes a change: Enter writes, Escape puts the value back. */
export function enterWritesEscapeReverts(write: () => void, revert: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      write();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      revert();
    }
  };
}
