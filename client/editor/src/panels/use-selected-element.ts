/**
 * The element the inspector shows: the selection's nav tree node in its frame, and what the source says about it.
 * An element is read-only when the studio cannot write (no token: a `start` page), when the lookup found it in no
 * file of the project (library internals), or while its id is an instant update's placeholder.
 */
import { useMemo } from 'react';
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import { isPlaceholderCodebaseId, STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import { parseElementKey } from '@contracts/frame-protocol.js';
import type { ElementSourceInfo } from '@contracts/studio-api.js';
import { canWriteSource } from '../api/studio-client';
import { findNode, findNodeByCodebaseId, useEditorStore } from '../state/editor-store';

export interface SelectedElement {
  /** The element's key in the frame's latest tree (the selection's own key until the tree has the element). */
  key: string;
  /** The selection's key as the editor holds it. */
  selectedKey: string;
  frameId: string;
  codebaseId: string;
  /** The node in the frame's latest nav tree; null until the tree has it. */
  node: NavTreeNode | null;
  navTree: NavTreeNode | null;
  info: ElementSourceInfo | null;
  /** Why edits are not offered, or null when they are. */
  readOnlyReason: string | null;
}

export function readOnlyReasonOf(codebaseId: string, info: ElementSourceInfo | null, withoutSource: boolean, writable: boolean): string | null {
  if (!writable) return 'This studio page cannot write source (it was not started with `dev`).';
  if (codebaseId === STORYBOARD_CODEBASE_ID) return 'The frame itself is not an element of the source.';
  if (isPlaceholderCodebaseId(codebaseId)) return 'This element is being written; it can be edited once the change is done.';
  if (withoutSource) return 'This element is not written in the project\u2019s source (it comes from a library), so it is read-only.';
  if (!info) return 'Looking the element up in the source\u2026';
  return null;
}

export function useSelectedElement(): SelectedElement | null {
  const key = useEditorStore((state) => state.selectedKey);
  const parts = key ? parseElementKey(key) : null;
  const navTree = useEditorStore((state) => (parts ? (state.frames[parts.storyboardId]?.navTree ?? null) : null));
  const info = useEditorStore((state) => (parts ? (state.elementInfo[parts.codebaseId] ?? null) : null));
  const withoutSource = useEditorStore((state) => (parts ? state.withoutSource[parts.codebaseId] === true : false));
  // A wrap or a move changes the element's place in the page, so its key's path can be older than the tree: the
  // element is then found by its codebase id (the first of a list's copies).
  const node = useMemo(() => (key ? (findNode(navTree, key) ?? (parts ? findNodeByCodebaseId(navTree, parts.codebaseId) : null)) : null), [navTree, key]);
  if (!key || !parts) return null;
  return {
    key: node?.key ?? key,
    selectedKey: key,
    frameId: parts.storyboardId,
    codebaseId: parts.codebaseId,
    node,
    navTree,
    info,
    readOnlyReason: readOnlyReasonOf(parts.codebaseId, info, withoutSource, canWriteSource()),
  };
}
