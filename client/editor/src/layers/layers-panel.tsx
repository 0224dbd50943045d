/**
 * The Layers panel: each frame's nav tree as a tree of rows, components told apart from host elements, open and
 * closed rows remembered, hover and selection in step with the frames both ways, elements rendered by a `.map` or
 * a condition marked, and elements without source in the project shown read-only.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type DragEvent as ReactDragEvent, type KeyboardEvent as ReactKeyboardEvent, type MouseEvent as ReactMouseEvent, type RefObject } from 'react';
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import type { ElementSourceInfo } from '@contracts/studio-api.js';
import { canWriteSource } from '../api/studio-client';
import { findNode, useEditorStore } from '../state/editor-store';
import { indexNavTree, isCurrentPosition } from '../frame/drop-position';
import { selectionKeys } from '../frame/selection-sync';
import { useEditorServices } from '../services/editor-services';
import { canHoldDrop, dropZoneAt, layerDropTarget, type DropZone } from './layer-drop';
import { layerHomeMark } from './layer-homes';
import { ancestorKeys, rowIndent, shiftToggle, treeKeyAction, visibleRows, type LayerRow, type TreeKey } from './layer-rows';
import { useLayerExpansion } from './use-layer-expansion';

const TREE_KEYS = new Set<string>(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

interface RowProps {
  row: LayerRow;
  selected: boolean;
  hovered: boolean;
  focusable: boolean;
  info: ElementSourceInfo | undefined;
  withoutSource: boolean;
  onToggle(key: string, open: boolean): void;
  onClick(key: string, event: ReactMouseEvent): void;
  onHover(key: string | null): void;
  /** Where a row being dragged would go on this row, if anywhere. */
  dropZone: DropZone | null;
  drag: RowDragHandlers;
}

interface RowDragHandlers {
  start(key: string, event: ReactDragEvent): void;
  over(key: string, event: ReactDragEvent): void;
  drop(key: string, event: ReactDragEvent): void;
  end(): void;
}

const DROP_ZONE_STYLE: Record<DropZone, string> = {
  before: 'shadow-[inset_0_2px_0_0_#38bdf8]',
  after: 'shadow-[inset_0_-2px_0_0_#38bdf8]',
  inside: 'ring-1 ring-inset ring-sky-400',
};

const RENDERING_MARKS = {
  repeated: { text: 'map', title: 'Rendered by a .map: every copy is one element in the source' },
  conditional: { text: 'if', title: 'Rendered by a condition: it shows only when the condition holds' },
} as const;

const LayerRowView = memo(function LayerRowView({ row, selected, hovered, focusable, info, withoutSource, onToggle, onClick, onHover, dropZone, drag }: RowProps) {
  const mark = info && info.rendering !== 'static' ? RENDERING_MARKS[info.rendering] : null;
  const readOnlyTitle = withoutSource ? "Not in the project's source (a library's element, for instance): it cannot be edited here" : undefined;
  const location = info ? `${info.file}:${info.line}` : undefined;
  const home = layerHomeMark(info);
  const { indent, depthCue } = rowIndent(row.depth);
  return (
    <li
      role="treeitem"
      aria-level={row.depth}
      aria-selected={selected}
      aria-expanded={row.hasChildren ? row.expanded : undefined}
      aria-label={row.name}
      aria-readonly={withoutSource || undefined}
      data-layer-key={row.key}
      tabIndex={focusable ? 0 : -1}
      // The full name on hover, however much of it the row shows.
      title={[row.name, readOnlyTitle ?? location].filter(Boolean).join(' — ')}
      onClick={(event) => onClick(row.key, event)}
      onPointerEnter={() => onHover(row.key)}
      onPointerLeave={() => onHover(null)}
      // Elements without source cannot be moved: there is nothing to write the move into.
      draggable={!withoutSource}
      onDragStart={(event) => drag.start(row.key, event)}
      onDragOver={(event) => drag.over(row.key, event)}
      onDrop={(event) => drag.drop(row.key, event)}
      onDragEnd={drag.end}
      className={`flex h-6 cursor-default select-none items-center gap-1 pr-2 outline-none focus-visible:ring-1 focus-visible:ring-inset focus-visible:ring-sky-500 ${
        selected ? 'bg-sky-800/60 text-white' : hovered ? 'bg-neutral-800' : ''
      } ${withoutSource ? 'opacity-50' : ''} ${dropZone ? DROP_ZONE_STYLE[dropZone] : ''}`}
      style={{ paddingLeft: indent }}
    >
      {row.hasChildren ? (
        <button
          type="button"
          tabIndex={-1}
          aria-label={row.expanded ? `Collapse ${row.name}` : `Expand ${row.name}`}
          onClick={(event) => {
            event.stopPropagation();
            onToggle(row.key, !row.expanded);
          }}
          className="flex h-4 w-4 shrink-0 items-center justify-center text-[10px] text-neutral-400 hover:text-neutral-100"
        >
          {row.expanded ? '▾' : '▸'}
        </button>
      ) : (
        <span className="w-4 shrink-0" />
      )}
      {depthCue !== null ? (
        <span aria-hidden="true" title={`Depth ${depthCue}`} className="shrink-0 rounded bg-neutral-800 px-0.5 text-[9px] tabular-nums text-neutral-400">
          {depthCue}
        </span>
      ) : null}
      <span aria-hidden="true" className={`shrink-0 text-[11px] ${row.isComponent ? 'text-violet-400' : 'text-sky-400'}`}>
        {row.isComponent ? '◆' : '▢'}
      </span>
      <span data-layer-name className={`min-w-0 truncate ${row.isComponent ? 'text-violet-300' : 'text-neutral-200'}`}>{row.name}</span>
      {mark ? (
        <span title={mark.title} className="shrink-0 rounded bg-amber-500/15 px-1 text-[10px] text-amber-300">
          {mark.text}
        </span>
      ) : null}
      {home ? (
        <span title={home.title} className="shrink-0 truncate text-[10px] text-emerald-400/80">
          {home.text}
        </span>
      ) : null}
      {withoutSource ? (
        <span title={readOnlyTitle} className="shrink-0 text-[10px] text-neutral-500">
          read-only
        </span>
      ) : null}
    </li>
  );
});

/** Rows dragged before, after or into another row: where each would go, shown on the row, and the move it writes. */
function useRowDrag(frameId: string, nodes: ReadonlyMap<string, NavTreeNode>) {
  const [dropHint, setDropHint] = useState<{ key: string; zone: DropZone } | null>(null);
  const dragged = useRef<string | null>(null);
  const { frames } = useEditorServices();

  const drag = useMemo<RowDragHandlers>(() => {
    const hasSource = (node: NavTreeNode) => useEditorStore.getState().elementInfo[node.tempoElement.codebaseId] !== undefined;
    const targetOf = (key: string, event: ReactDragEvent) => {
      const node = nodes.get(key);
      if (!dragged.current || !node) return null;
      const rect = event.currentTarget.getBoundingClientRect();
      const zone = dropZoneAt(event.clientY - rect.top, rect.height, canHoldDrop(node, hasSource));
      const target = layerDropTarget(nodes, dragged.current, key, zone, hasSource);
      return target ? { zone, target } : null;
    };
    return {
      start(key, event) {
        dragged.current = key;
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', nodes.get(key)?.name ?? key);
      },
      over(key, event) {
        const found = targetOf(key, event);
        if (!found) return setDropHint(null);
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setDropHint((hint) => (hint?.key === key && hint.zone === found.zone ? hint : { key, zone: found.zone }));
      },
      drop(key, event) {
        const found = targetOf(key, event);
        const draggedKey = dragged.current;
        dragged.current = null;
        setDropHint(null);
        if (!found || !draggedKey) return;
        event.preventDefault();
        if (!isCurrentPosition(nodes, draggedKey, found.target)) void frames.moveDrag.submitMove(frameId, draggedKey, found.target);
      },
      end() {
        dragged.current = null;
        setDropHint(null);
      },
    };
  }, [nodes, frameId, frames]);
  return { drag, dropHint };
}

/** The selected row is shown: its closed ancestors opened once per new selection, and the row scrolled into view. */
function useRevealedSelection({ tree, rows, selectedKey, openAll, listRef }: {
  tree: NavTreeNode;
  rows: LayerRow[];
  selectedKey: string | null;
  openAll(keys: readonly string[]): void;
  listRef: RefObject<HTMLUListElement | null>;
}) {
  // A new selection (made in the frame, say) opens the rows above it once; closing one of them later sticks.
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    if (!selectedKey || revealed.current === selectedKey || !findNode(tree, selectedKey)) return;
    revealed.current = selectedKey;
    const closed = ancestorKeys(tree, selectedKey).filter((key) => !rows.some((row) => row.key === key && row.expanded));
    if (closed.length > 0) openAll(closed);
  }, [selectedKey, tree, rows, openAll]);
  useEffect(() => {
    const reveal = () => {
      if (selectedKey) listRef.current?.querySelector(`[data-layer-key="${CSS.escape(selectedKey)}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    };
    reveal();
    // The panel's height changes after a selection too (the palette below it fills in): the row stays in view.
    const scroller = listRef.current?.closest('[data-layers-scroller]');
    if (!selectedKey || !scroller || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(reveal);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [selectedKey, rows]);
}

function FrameLayers({ frameId, frameName, tree }: { frameId: string; frameName: string; tree: NavTreeNode }) {
  const selectedKey = useEditorStore((state) => state.selectedKey);
  const multiSelectedKeys = useEditorStore((state) => state.multiSelectedKeys);
  const hoveredKey = useEditorStore((state) => state.hoveredKey);
  const elementInfo = useEditorStore((state) => state.elementInfo);
  const withoutSource = useEditorStore((state) => state.withoutSource);
  const { choices, setOpen, openAll } = useLayerExpansion(frameId);
  const listRef = useRef<HTMLUListElement>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);

  const selected = useMemo(() => new Set(selectionKeys(selectedKey, multiSelectedKeys)), [selectedKey, multiSelectedKeys]);
  const rows = useMemo(() => visibleRows(tree, choices), [tree, choices]);
  const nodes = useMemo(() => indexNavTree(tree), [tree]);
  const { drag, dropHint } = useRowDrag(frameId, nodes);

  useRevealedSelection({ tree, rows, selectedKey, openAll, listRef });

  const select = useCallback(
    (key: string) => {
      const store = useEditorStore.getState();
      store.setMultiSelected([]);
      store.select(key);
      setFocusKey(key);
    },
    [],
  );

  const onClick = useCallback(
    (key: string, event: ReactMouseEvent) => {
      const store = useEditorStore.getState();
      if (!event.shiftKey) return select(key);
      const current = selectionKeys(store.selectedKey, store.multiSelectedKeys);
      const next = shiftToggle(current, key, (candidate) => findNode(tree, candidate)?.parent ?? undefined);
      store.setMultiSelected(next.length > 1 ? next : []);
      store.select(next.includes(store.selectedKey ?? '') ? store.selectedKey : (next[0] ?? null));
    },
    [select, tree],
  );

  const onHover = useCallback((key: string | null) => useEditorStore.getState().hover(key), []);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLUListElement>) => {
    if (!TREE_KEYS.has(event.key)) return;
    const from = (event.target as HTMLElement).closest<HTMLElement>('[data-layer-key]')?.dataset.layerKey ?? focusKey ?? selectedKey ?? '';
    const action = treeKeyAction(rows, from, event.key as TreeKey);
    event.preventDefault();
    if (!action) return;
    if ('select' in action) {
      select(action.select);
      requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-layer-key="${CSS.escape(action.select)}"]`)?.focus());
    } else setOpen(action.expand, action.open);
  };

  const focusable = focusKey && rows.some((row) => row.key === focusKey) ? focusKey : (rows.find((row) => selected.has(row.key))?.key ?? rows[0]?.key);

  return (
    <div className="mb-2">
      <h3 className="sticky top-0 z-10 bg-neutral-950 px-2 py-1 text-[11px] font-semibold uppercase tracking-wide text-neutral-500">{frameName}</h3>
      {rows.length === 0 ? (
        <p className="px-2 text-neutral-500">The page has no elements yet.</p>
      ) : (
        <ul ref={listRef} role="tree" aria-label={`Layers of ${frameName}`} aria-multiselectable="true" onKeyDown={onKeyDown}>
          {rows.map((row) => (
            <LayerRowView
              key={row.key}
              row={row}
              selected={selected.has(row.key)}
              hovered={hoveredKey === row.key}
              focusable={row.key === focusable}
              info={elementInfo[row.codebaseId]}
              withoutSource={withoutSource[row.codebaseId] === true}
              onToggle={setOpen}
              onClick={onClick}
              onHover={onHover}
              dropZone={dropHint?.key === row.key ? dropHint.zone : null}
              drag={drag}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

const NO_FRAMES: never[] = [];

export function LayersPanel() {
  const frames = useEditorStore((state) => state.canvas?.frames ?? NO_FRAMES);
  const runtimes = useEditorStore((state) => state.frames);
  return (
    <section aria-label="Layers" className="flex min-h-0 flex-1 flex-col border-b border-neutral-800">
      <h2 className="px-2 py-1.5 text-xs font-semibold text-neutral-300">Layers</h2>
      <div data-layers-scroller className="min-h-0 flex-1 overflow-auto pb-2 text-xs">
        {frames.length === 0 ? <p className="px-2 text-neutral-500">No frames on this canvas.</p> : null}
        {frames.map((frame) => {
          const tree = runtimes[frame.id]?.navTree;
          return tree ? (
            <FrameLayers key={frame.id} frameId={frame.id} frameName={frame.name} tree={tree} />
          ) : (
            <p key={frame.id} className="px-2 py-1 text-neutral-500">
              {frame.name}: {canWriteSource() ? 'loading…' : 'no layers in a built project (run plantation-studio dev to edit)'}
            </p>
          );
        })}
      </div>
    </section>
  );
}
