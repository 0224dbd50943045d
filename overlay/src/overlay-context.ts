/**
 * What the overlay's parts share: the store, the channel to the parent, element lookup, and the operations that
 * move the interaction machines and redraw. Built once by the runtime and handed to the page listeners and the
 * handler table.
 */
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import type { Channel } from './channel.js';
import type { DragEffect, DragEvent } from './drag-machine.js';
import type { HoverEvent } from './hover-machine.js';
import type { NavTreeIndex } from './nav-tree.js';
import type { OverlayStore } from './overlay-store.js';
import type { SelectionEvent } from './selection-machine.js';
import type { ShadowHost } from './shadow-host.js';
import type { TextEditEvent } from './text-edit-machine.js';

export interface OverlayContext {
  store: OverlayStore;
  channel: Channel;
  shadow: ShadowHost;
  keyOf(element: Element): string | null;
  /** The key of the innermost component whose rendering starts with this element, if any. */
  componentKeyOf(element: Element): string | null;
  elementFor(key: string | null): Element | null;
  isOverlayNode(node: Node): boolean;
  /** Whether the last nav tree has this key. */
  hasKey(key: string): boolean;
  /** The last nav tree's node with this key. */
  nodeFor(key: string): NavTreeNode | undefined;
  /** The key, or the invalid-id error (spec §5). */
  checkedKey(key: string): string;
  checkedStoryboardId(id: string): string;
  redraw(): number;
  /** Runs a DOM change of the studio's own, which the hot-reload watcher must not take for a page change. */
  quiet<T>(fn: () => T): T;
  quietAsync<T>(fn: () => Promise<T>): Promise<T>;
  rebuildNavTree(): Promise<NavTreeIndex | null>;
  /** Runs `run` after a nav tree build once `matches` holds. */
  whenTreeMatches(matches: () => boolean, run: () => void): void;
  /** Remembers how to take back a temporary DOM move, done when the drag ends. */
  addTempMove(revert: () => void): void;
  setHover(event: HoverEvent): void;
  select(event: SelectionEvent): void;
  drag(event: DragEvent): DragEffect[];
  editText(event: TextEditEvent): void;
  startTextEditing(key: string, element: Element): void;
  textOf(element: Element): string;
  postHydration(): void;
}
