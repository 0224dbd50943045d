/**
 * The Layers panel's rows: a frame's nav tree flattened to the rows that show (children of collapsed rows are
 * hidden), which rows are open, where the arrow keys go, and Shift-click multi-selection among siblings.
 */
import { STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import type { NavTreeNode } from '@contracts/frame-protocol.js';

export interface LayerRow {
  key: string;
  codebaseId: string;
  name: string;
  isComponent: boolean;
  /** 1 for the storyboard's children. */
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
  parentKey: string | null;
}

/** Levels indented in full (12px each); deeper ones are compressed, so a deep row keeps room for its name. */
export const FULL_INDENT_DEPTH = 8;
const FULL_STEP = 12;
const COMPRESSED_STEP = 3;
/** The most any row is indented: past it, only the depth cue tells the levels apart. */
export const MAX_INDENT = 4 + (FULL_INDENT_DEPTH - 1) * FULL_STEP + 12 * COMPRESSED_STEP;

/**
 * How a row at `depth` is drawn: its left indent in pixels, and past the fully indented levels a cue naming its
 * depth, since the compressed indent no longer shows it. Why: a panel 288px wide would otherwise push a row at depth
 * 15+ past its right edge, its name cut to nothing.
 */
export function rowIndent(depth: number): { indent: number; depthCue: number | null } {
  const level = Math.max(1, depth);
  if (level <= FULL_INDENT_DEPTH) return { indent: 4 + (level - 1) * FULL_STEP, depthCue: null };
  const full = 4 + (FULL_INDENT_DEPTH - 1) * FULL_STEP;
  return { indent: Math.min(MAX_INDENT, full + (level - FULL_INDENT_DEPTH) * COMPRESSED_STEP), depthCue: level };
}

/** Rows shallower than this are open until the user closes them. */
export const OPEN_DEPTH = 3;

/** Whether a row is open: the user's choice when there is one, else open near the top. */
export function isExpanded(key: string, depth: number, choices: Readonly<Record<string, boolean>>): boolean {
  return choices[key] ?? depth < OPEN_DEPTH;
}

/** The rows that show, in order; the storyboard itself is the tree's label, not a row. */
export function visibleRows(root: NavTreeNode, choices: Readonly<Record<string, boolean>>): LayerRow[] {
  const rows: LayerRow[] = [];
  const top = root.tempoElement.codebaseId === STORYBOARD_CODEBASE_ID ? root.children : [root];
  const stack: { node: NavTreeNode; depth: number; parentKey: string | null }[] = [];
  for (let index = top.length - 1; index >= 0; index--) stack.push({ node: top[index]!, depth: 1, parentKey: null });
  while (stack.length) {
    const { node, depth, parentKey } = stack.pop()!;
    const expanded = node.children.length > 0 && isExpanded(node.key, depth, choices);
    rows.push({
      key: node.key,
      codebaseId: node.tempoElement.codebaseId,
      name: node.name,
      isComponent: node.isComponent,
      depth,
      hasChildren: node.children.length > 0,
      expanded,
      parentKey,
    });
    if (expanded) for (let index = node.children.length - 1; index >= 0; index--) stack.push({ node: node.children[index]!, depth: depth + 1, parentKey: node.key });
  }
  return rows;
}

/** The keys of every ancestor of `key` in the tree (nearest first), the storyboard left out; empty when absent. */
export function ancestorKeys(root: NavTreeNode, key: string): string[] {
  const path: NavTreeNode[] = [];
  const walk = (node: NavTreeNode): boolean => {
    if (node.key === key) return true;
    path.push(node);
    for (const child of node.children) if (walk(child)) return true;
    path.pop();
    return false;
  };
  if (!walk(root)) return [];
  return path
    .filter((node) => node.tempoElement.codebaseId !== STORYBOARD_CODEBASE_ID)
    .map((node) => node.key)
    .reverse();
}

export type TreeKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';

/** What an arrow key does on row `key`: move to another row, or open / close this one. */
export function treeKeyAction(rows: readonly LayerRow[], key: string, pressed: TreeKey): { select: string } | { expand: string; open: boolean } | null {
  const at = rows.findIndex((row) => row.key === key);
  if (at < 0) return rows[0] ? { select: rows[0].key } : null;
  const row = rows[at]!;
  switch (pressed) {
    case 'ArrowDown':
      return rows[at + 1] ? { select: rows[at + 1]!.key } : null;
    case 'ArrowUp':
      return rows[at - 1] ? { select: rows[at - 1]!.key } : null;
    case 'Home':
      return rows[0] && at !== 0 ? { select: rows[0].key } : null;
    case 'End':
      return at !== rows.length - 1 ? { select: rows[rows.length - 1]!.key } : null;
    case 'ArrowRight':
      if (!row.hasChildren) return null;
      return row.expanded ? { select: rows[at + 1]!.key } : { expand: row.key, open: true };
    case 'ArrowLeft':
      if (row.expanded) return { expand: row.key, open: false };
      return row.parentKey ? { select: row.parentKey } : null;
  }
}

/**
 * Shift-click on `key`: toggles it in the selection when it is a sibling of everything selected; anything else
 * leaves the selection as it is (Shift multi-select works only between siblings: docs/editor.md#selection).
 */
export function shiftToggle(selected: readonly string[], key: string, parentOf: (key: string) => string | null | undefined): string[] {
  if (selected.includes(key)) return selected.filter((candidate) => candidate !== key);
  if (selected.length === 0) return [key];
  const parent = parentOf(key);
  if (parent === undefined || !selected.every((candidate) => parentOf(candidate) === parent)) return [...selected];
  return [...selected, key];
}
