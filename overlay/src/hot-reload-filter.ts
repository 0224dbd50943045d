/**
 * Which DOM changes rebuild the nav tree (docs/editor.md#nav-tree): class-attribute changes, and nodes added or
 * removed — except the overlay's own host, elements the studio is moving, scripts and the insides of SVGs. When
 * the rebuild follows: `rebuild-schedule.ts`.
 */

/** Marks elements an instant update is moving, so their churn does not count as a change of the page. */
export const MOVING_ELEMENT_ATTRIBUTE = 'data-studio-moving';

export interface ChangedNode {
  nodeName: string;
  /** Whether the node is the overlay's host or inside it. */
  isOverlay: boolean;
  isMoving: boolean;
  /** Whether the node sits inside an `<svg>` (the svg element itself excluded). */
  insideSvg: boolean;
}

export interface ChangeRecord {
  type: 'attributes' | 'childList' | 'characterData';
  attributeName: string | null;
  target: ChangedNode;
  added: ChangedNode[];
  removed: ChangedNode[];
}

function nodeCounts(node: ChangedNode): boolean {
  const name = node.nodeName.toUpperCase();
  return !node.isOverlay && !node.isMoving && !node.insideSvg && name !== 'SCRIPT' && name !== '#COMMENT';
}

export function changeTriggersRebuild(record: ChangeRecord): boolean {
  if (record.target.isOverlay || record.target.isMoving) return false;
  if (record.type === 'attributes') return record.attributeName === 'class' && !record.target.insideSvg;
  if (record.type === 'childList') return [...record.added, ...record.removed].some(nodeCounts);
  return false;
}
