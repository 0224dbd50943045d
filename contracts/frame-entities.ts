/**
 * What the messages of the frame channel (`frame-protocol.ts`) carry: the nav tree and its nodes, boxes, CSS rules,
 * hydration, drag, key, wheel and mouse data, and captures. Pure types and a constructor of key data; this module runs
 * in the frame, in the editor and in node tests.
 */

/** The storyboard type of the frame; the console runs as an APPLICATION. */
export type StoryboardType = 'APPLICATION' | 'STORY' | 'COMPONENT';

/** Identity of an element in one storyboard (docs/editor.md#element-keys). */
export interface TempoElementData {
  codebaseId: string;
  storyboardId: string;
  /** Dash-separated child indices from the storyboard root, which is "0". */
  uniquePath: string;
}

export type PropValueType = 'LITERAL' | 'FUNCTION' | 'JSON_OBJECT';

export interface NavTreeProp {
  value: unknown;
  type: PropValueType;
}

export interface PageBoundingBox {
  pageX: number;
  pageY: number;
  width: number;
  height: number;
}

/**
 * One node of the nav tree (docs/editor.md#nav-tree). `parent` is the parent's element key: a tree sent as JSON has
 * no cycles.
 */
export interface NavTreeNode {
  parent: string | null;
  children: NavTreeNode[];
  classList: string[];
  /** Classes written on the element itself (not added by the studio's own markers). */
  directlySetClassList: string[];
  name: string;
  tagName: string;
  isComponent: boolean;
  props: Record<string, NavTreeProp>;
  /** Text nodes directly inside the element, in order. */
  literalChildren: string[];
  /** Name of the nearest enclosing component, or null at the top. */
  scope: string | null;
  pageBoundingBox: PageBoundingBox;
  level: number;
  tempoElement: TempoElementData;
  /** The element's key (`elementKeyOf(tempoElement)`), repeated for the parent's convenience. */
  key: string;
}

/**
 * A nav tree node as one part of the tree carries it: without its children, with the index of its parent among the
 * nodes of the whole build (in depth-first order, so a parent always comes before its children; -1 for the root).
 */
export interface NavTreePartNode extends Omit<NavTreeNode, 'children'> {
  parentIndex: number;
}

export interface ProcessedCssRule {
  filename: string;
  selector: string;
  styles: Record<string, string>;
  applied: boolean;
  inherited: boolean;
  removable: boolean;
  allowChanges: boolean;
  codebaseId: string | null;
  modifiers: string[];
  eligibleToApply: boolean;
}

export type HydrationStatusKind = 'no_error' | 'error' | 'other_error';

export interface HydrationStatus {
  status: HydrationStatusKind;
  errorDescr?: string;
  errorLabel?: string;
  errorBody?: string;
}

export interface MouseDragContext {
  pageX: number;
  pageY: number;
  offsetX: number;
  offsetY: number;
  parentSelectedElementKey: string | null;
  selectedParentDisplay: string | null;
  selectedParentFlexDirection: string | null;
  dragging: boolean;
}

export interface ComponentStateAndProps {
  id: string;
  props: unknown;
  state: unknown;
}

export interface ComponentPreviewResult {
  imageDataUrl: string;
  componentKey: string;
  codebaseId: string;
  storyboardId: string;
  canvasId: string | null;
}

export interface ActiveElementInfo {
  tagName: string;
  isContentEditable: boolean;
  elementType: string | null;
}

export interface KeyboardEventData {
  key: string;
  metaKey: boolean;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey?: boolean;
  /** The physical key (`KeyC`): with Alt, macOS gives `key` another character (`ç`). */
  code?: string;
  activeElement: ActiveElementInfo | null;
}

/**
 * The key data of a keyboard event and the element focused when it happened: what a frame forwards (`KEY_DOWN`),
 * and how the editor reads its own keys, so that both go through one key handler alike.
 */
export function keyboardEventData(
  event: Pick<KeyboardEventData, 'key' | 'metaKey' | 'shiftKey' | 'ctrlKey' | 'altKey' | 'code'>,
  active: { tagName: string; isContentEditable?: boolean; getAttribute(name: string): string | null } | null,
): KeyboardEventData {
  return {
    key: event.key,
    metaKey: event.metaKey,
    shiftKey: event.shiftKey,
    ctrlKey: event.ctrlKey,
    altKey: event.altKey === true,
    code: event.code ?? '',
    activeElement: active ? { tagName: active.tagName, isContentEditable: active.isContentEditable === true, elementType: active.getAttribute('type') } : null,
  };
}

export interface ModifierFlags {
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

export interface WheelEventData extends ModifierFlags {
  deltaX: number;
  deltaY: number;
  wheelDelta: number;
  x: number;
  y: number;
}

export interface MouseEventData {
  pageX: number;
  pageY: number;
  clientX: number;
  clientY: number;
}
