/**
 * The palette: native elements, the project's own components and the library components it uses. Drag an item onto a frame to add it where it is
 * dropped (the destination is outlined in the frame while dragging), or click it (or press Enter on it) to add it
 * into the selected element.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { PaletteComponentsAnswer } from '@contracts/studio-api.js';
import { STUDIO_API_PATHS } from '@contracts/studio-routes.js';
import { studioCall } from '../api/studio-client';
import { frameAtPoint } from '../canvas/canvas-geometry';
import { useEditorServices } from '../services/editor-services';
import { findNode, useEditorStore } from '../state/editor-store';
import { afterFirstFrame } from './after-first-frame';
import { addIntoSelection, addItem, dropTargetAt, placedItem, placementInFrame } from './add-from-palette';
import { dragStep, type DragEvent, type DragState } from './palette-drag-machine';
import { componentItems, nativeItemsFor, type ComponentPaletteItem, type PaletteItem } from './palette-items';
import { lacksTailwind } from '../state/offered-styling';
import { servedProject } from '../api/project-words';

type ComponentsState = { status: 'loading' } | { status: 'ready'; items: ComponentPaletteItem[] } | { status: 'error'; error: string };

function useComponents(): ComponentsState {
  const [state, setState] = useState<ComponentsState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    const cancel = afterFirstFrame(useEditorStore, () => {
      studioCall<PaletteComponentsAnswer>(STUDIO_API_PATHS.components).then(
        (answer) => current && setState({ status: 'ready', items: componentItems(answer.components ?? []) }),
        (error: unknown) => current && setState({ status: 'error', error: error instanceof Error ? error.message : String(error) }),
      );
    });
    return () => {
      current = false;
      cancel();
    };
  }, []);
  return state;
}

/** The drag of one palette item: the machine, the asynchronous target look-up (one at a time, latest point wins). */
function usePaletteDrag() {
  const { frames, changes } = useEditorServices();
  const [state, setState] = useState<DragState<PaletteItem>>({ kind: 'idle' });
  const stateRef = useRef(state);
  const lookup = useRef<{ running: boolean; next: { x: number; y: number } | null }>({ running: false, next: null });
  const lastFrame = useRef<string | null>(null);
  /** Set when a drag ended on this press, so that the click that follows the release adds nothing. */
  const suppressClick = useRef(false);

  const dispatch = (event: DragEvent<PaletteItem>) => {
    const step = dragStep(stateRef.current, event);
    stateRef.current = step.state;
    setState(step.state);
    return step.outcome;
  };

  const clearFrameHover = () => {
    const channel = lastFrame.current ? frames.channel(lastFrame.current) : undefined;
    channel?.call('clearHoveredOutlines', {}).catch(() => undefined);
    lastFrame.current = null;
  };

  const lookUp = async (x: number, y: number) => {
    if (lookup.current.running) {
      lookup.current.next = { x, y };
      return;
    }
    lookup.current.running = true;
    try {
      let point: { x: number; y: number } | null = { x, y };
      while (point) {
        lookup.current.next = null;
        const hit = frameAtPoint(point.x, point.y);
        if (hit && lastFrame.current && lastFrame.current !== hit.frameId) clearFrameHover();
        if (!hit) {
          clearFrameHover();
          dispatch({ type: 'TARGET', target: null, problem: null });
        } else {
          lastFrame.current = hit.frameId;
          const dragged = stateRef.current;
          if (dragged.kind !== 'dragging') break;
          const found = await dropTargetAt(frames, hit.frameId, hit.x, hit.y, placedItem(dragged.item)).catch((error: unknown) => ({
            target: null,
            problem: error instanceof Error ? error.message : String(error),
          }));
          dispatch({ type: 'TARGET', ...found });
        }
        point = lookup.current.next;
      }
    } finally {
      lookup.current.running = false;
    }
  };

  const end = (cancelled: boolean) => {
    const wasDragging = stateRef.current.kind === 'dragging';
    const outcome = dispatch(cancelled ? { type: 'CANCEL' } : { type: 'POINTER_UP' });
    suppressClick.current = wasDragging;
    clearFrameHover();
    if (outcome.kind === 'drop') {
      const { frameId, elementKey } = outcome.target;
      const node = findNode(useEditorStore.getState().frames[frameId]?.navTree ?? null, elementKey);
      if (node) void addItem(changes, outcome.item, frameId, placementInFrame(frameId, node, placedItem(outcome.item)));
    } else if (outcome.kind === 'dropped-nowhere' && outcome.problem) {
      useEditorStore.getState().notify('error', outcome.problem);
    }
  };

  useEffect(() => {
    if (state.kind !== 'dragging') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        end(true);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  });

  const handlers = (item: PaletteItem) => ({
    onPointerDown: (event: ReactPointerEvent<HTMLButtonElement>) => {
      if (event.button !== 0) return;
      suppressClick.current = false;
      // Captured, the pointer's events keep coming here while it is over a frame's document.
      event.currentTarget.setPointerCapture(event.pointerId);
      dispatch({ type: 'POINTER_DOWN', item, x: event.clientX, y: event.clientY });
    },
    onPointerMove: (event: ReactPointerEvent<HTMLButtonElement>) => {
      if (stateRef.current.kind === 'idle') return;
      dispatch({ type: 'POINTER_MOVE', x: event.clientX, y: event.clientY });
      if (stateRef.current.kind === 'dragging') void lookUp(event.clientX, event.clientY);
    },
    onPointerUp: () => end(false),
    onPointerCancel: () => end(true),
    // A key press is never the tail of a drag: Enter and Space always add.
    onKeyDown: () => {
      suppressClick.current = false;
    },
    onClick: () => {
      if (suppressClick.current) {
        suppressClick.current = false;
        return;
      }
      void addIntoSelection(changes, item);
    },
  });

  return { state, handlers };
}

function PaletteButton({ item, handlers }: { item: PaletteItem; handlers: ReturnType<typeof usePaletteDrag>['handlers'] }) {
  const title = item.kind === 'component' ? `${item.component.name} (${item.component.package ?? item.component.file})` : `<${item.tag}>`;
  return (
    <li>
      <button
        type="button"
        aria-label={item.kind === 'component' ? `Add component ${item.label}` : `Add ${item.label}`}
        title={`${title}: drag onto a frame, or click to add into the selection`}
        className="w-full cursor-grab touch-none select-none truncate rounded border border-neutral-800 bg-neutral-900 px-2 py-1 text-left text-xs text-neutral-200 hover:border-sky-600 active:cursor-grabbing"
        {...handlers(item)}
      >
        {item.label}
      </button>
    </li>
  );
}

export function PalettePanel() {
  const components = useComponents();
  // Asked with the components (after the first frame), not at the studio's open: it loads the project's Tailwind.
  const themeQuery = useEditorServices().theme;
  const theme = useQuery({ ...themeQuery.options, enabled: components.status !== 'loading' }, themeQuery.client).data;
  const { state, handlers } = usePaletteDrag();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shownComponents =
    components.status === 'ready'
      ? components.items.filter((item) => !needle || [item.label, item.component.file, item.component.package ?? ''].some((text) => text.toLowerCase().includes(needle)))
      : [];
  const groups = [
    { label: 'Components', items: shownComponents.filter((item) => item.component.package === undefined) },
    { label: 'Library components', items: shownComponents.filter((item) => item.component.package !== undefined) },
  ].filter((group) => group.items.length > 0);
  return (
    // A fixed share of the column, not a share it grows to: the components arrive after the first frame, and a palette
    // that grew then would move the item under a pointer that is about to drag it.
    <section aria-label="Palette" className="flex h-[45%] min-h-0 shrink-0 flex-col border-t border-neutral-800">
      <h2 className="px-3 py-1.5 text-[11px] font-semibold uppercase tracking-wide text-neutral-400">Add elements</h2>
      <div className="min-h-0 overflow-y-auto px-3 pb-3">
        <ul aria-label="Native elements" className="grid grid-cols-2 gap-1">
          {nativeItemsFor(!lacksTailwind(theme)).map((item) => (
            <PaletteButton key={item.id} item={item} handlers={handlers} />
          ))}
        </ul>
        <h3 className="mb-1 mt-3 text-[11px] font-semibold text-neutral-300">Components</h3>
        {components.status === 'loading' && <p className="text-xs text-neutral-500">Reading the components of {servedProject().object}…</p>}
        {components.status === 'error' && (
          <p role="alert" className="text-xs text-red-300">
            The components could not be listed: {components.error}
          </p>
        )}
        {components.status === 'ready' && (
          <>
            <input
              aria-label="Filter components"
              placeholder="Filter components"
              className="mb-1 w-full rounded border border-neutral-700 bg-neutral-900 px-1.5 py-0.5 text-xs placeholder:text-neutral-500"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
            {shownComponents.length === 0 ? (
              <p className="text-xs text-neutral-500">{components.items.length === 0 ? `${servedProject().subject} exports no components.` : `No component matches “${filter}”.`}</p>
            ) : (
              groups.map((group) => (
                <ul key={group.label} aria-label={group.label} className="mb-2 space-y-1">
                  {group.items.map((item) => (
                    <PaletteButton key={item.id} item={item} handlers={handlers} />
                  ))}
                </ul>
              ))
            )}
          </>
        )}
      </div>
      {state.kind === 'dragging' && (
        <div
          role="status"
          aria-label="Dragging"
          className="pointer-events-none fixed z-50 rounded border border-sky-500 bg-neutral-900/95 px-2 py-1 text-xs text-neutral-100 shadow-lg"
          style={{ left: state.x + 12, top: state.y + 12 }}
        >
          {state.item.label}
          <span className="block text-[10px] text-neutral-400">{state.target ? state.target.description : (state.problem ?? 'Drop onto an element of a frame')}</span>
        </div>
      )}
    </section>
  );
}
