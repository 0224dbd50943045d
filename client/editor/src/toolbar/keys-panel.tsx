/**
 * The list of every key of the studio (the `?` key and the toolbar's Keys button open it): a modal dialog, so the
 * focus stays in it while it is open and goes back where it was when it closes; Escape or Close closes it. It
 * renders the keyboard map's one table (`keyboard/key-map.ts`).
 */
import { useEffect, useId, useRef } from 'react';
import { KEY_MAP } from '../keyboard/key-map';
import { useEditorStore } from '../state/editor-store';

export function KeysPanel() {
  const open = useEditorStore((state) => state.keysPanelOpen);
  const setOpen = useEditorStore((state) => state.setKeysPanelOpen);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={() => setOpen(false)}
      onKeyDown={(event) => {
        // Escape closes the list, and is no editor command meanwhile (it would change the selection).
        if (event.key === 'Escape') {
          event.preventDefault();
          setOpen(false);
        }
      }}
      className="w-[34rem] max-w-[90vw] rounded-lg border border-neutral-700 bg-neutral-900 p-0 text-xs text-neutral-200 shadow-2xl backdrop:bg-black/50"
    >
      {open ? (
        <div className="p-4">
          <div className="mb-3 flex items-center justify-between">
            <h2 id={titleId} className="text-sm font-semibold text-neutral-100">
              Keyboard shortcuts
            </h2>
            <button type="button" autoFocus onClick={() => setOpen(false)} className="rounded px-2 py-1 text-neutral-300 hover:bg-neutral-800 focus:outline-none focus:ring-1 focus:ring-sky-500">
              Close
            </button>
          </div>
          <p className="mb-2 text-neutral-400">The same in the editor and in a frame; never while typing in a field.</p>
          <table className="w-full border-collapse">
            <thead>
              <tr className="text-left text-neutral-400">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Keys
                </th>
                <th scope="col" className="py-1 font-medium">
                  What it does
                </th>
              </tr>
            </thead>
            <tbody>
              {KEY_MAP.map((binding) => (
                <tr key={binding.command} className="border-t border-neutral-800">
                  <td className="whitespace-nowrap py-1 pr-3 font-mono text-neutral-100">{binding.keys}</td>
                  <td className="py-1">{binding.does}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </dialog>
  );
}
