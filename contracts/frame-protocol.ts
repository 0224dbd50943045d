/**
 * The message channel between the studio's editor (the parent window) and the overlay script in the console
 * frame, written out by hand: every message in both directions, and the 37 functions the parent may call in the
 * frame with their argument and answer types. The overlay's handler table is checked against
 * `FrameFunctionMap` at compile time, so a function that is declared here and not handled fails the build.
 *
 * Pure types and constants: this module runs in the frame, in the editor and in node tests.
 * See docs/editor.md#frame-messages.
 */

import type { FrameChangeItem, InstantUpdateData } from './change-kinds.js';
import type { PageMessage, PageMessageLevel } from './agent-api.js';
import type { TempoElementData, PageBoundingBox, NavTreePartNode, ProcessedCssRule, HydrationStatus, MouseDragContext, ComponentStateAndProps, ComponentPreviewResult, KeyboardEventData, WheelEventData, MouseEventData } from './frame-entities.js';

// The entities the messages carry (`frame-entities.ts`), named here for every user of the channel.
export { keyboardEventData, type StoryboardType, type TempoElementData, type NavTreeProp, type PageBoundingBox, type NavTreeNode, type NavTreePartNode, type ProcessedCssRule, type HydrationStatus, type MouseDragContext, type ComponentStateAndProps, type ComponentPreviewResult, type ActiveElementInfo, type KeyboardEventData, type WheelEventData, type MouseEventData } from './frame-entities.js';

// ---------------------------------------------------------------------------------------------------------------
// Change items as the frame sees them. The change types and their fields are the table's
// (`change-kinds.ts`); the frame reads an item's type, its fields typed by that type, and what its instant update did.

/** The change types, as the table of change kinds declares them. */
// The change items the frame takes are defined beside the table of kinds, whose UNDO and REDO rows carry them.
export type { FrameChangeItem, FrameChangeItemOf, FrameChangeType, InstantUpdateData } from './change-kinds.js';

// ---------------------------------------------------------------------------------------------------------------
// The 37 callable functions (docs/editor.md#frame-functions): argument and answer of each.

export interface InitProjectArgs {
  storyboardId?: string;
  canvasId?: string;
  zoomPerc?: number;
  aiContext?: boolean;
}

/** What the editor knows about codebase ids from the source: names, and which elements hold static text. */
export interface ElementLookup {
  name?: string;
  isStaticText?: boolean;
  /** The static text as a person sees it (`ElementSourceInfo.staticText`). */
  staticText?: string;
  /** Text an expression makes whose words the lookup found written as literals of the project (`textHome.editable`). */
  boundText?: boolean;
}

export interface ApplyChangeResult {
  changeId: string;
  success: boolean;
  sendNewNavTree: boolean;
  instantUpdateData: InstantUpdateData;
}

export interface CssEvals {
  styles: Record<string, string>;
  parentDisplay: string | null;
  parentFlexDirection: string | null;
  darkModeAncestor: boolean;
}

export interface SyntheticMouseArgs {
  clientX: number;
  clientY: number;
}

/**
 * The layout a dragged element's drop place is worked out from, as it is at one pointer move (the drag's
 * temporary move included): the pointer in page pixels, and the page boxes of the nav tree children of the
 * hovered element and of each of its ancestors, by key. The dragged element and elements not laid out (no size)
 * have none.
 */
export interface LiveDropLayout {
  pageX: number;
  pageY: number;
  boxes: Record<string, PageBoundingBox>;
}

/**
 * The spacing scale the selection's handles snap to (docs/editor.md#handles): the project's spacing tokens, each
 * with its name as utilities use it (`4`), its CSS value (`1rem`, which the server writes as the token's utility)
 * and its size in CSS pixels, smallest first; empty when the project has none (handles then write whole pixels).
 */
export interface HandleScale {
  spacing: { name: string; value: string; px: number }[];
  /** Whether the canvas writes Tailwind classes: the handle's label then names the class (`pt-4`), else the value. */
  tailwind: boolean;
}


/**
 * A frame's viewport as `captureFrame` answers it: the PNG as a Blob, which the message carries by reference (never
 * as a base64 string, whose copies and collection kept the studio page's main thread past 50 ms).
 */
export interface FramePicture {
  /** A `Blob` of type `image/png` (as the contracts see it, without the DOM's types). */
  png: { readonly size: number; readonly type: string };
  /** The viewport's size in CSS pixels, which is the image's size. */
  width: number;
  height: number;
}
export interface FrameFunctionMap {
  initProject: { args: InitProjectArgs; answer: { storyboardId: string; canvasId: string | null } };
  setNewLookups: { args: { lookups: Record<string, ElementLookup> }; answer: { count: number } };
  setHoveredElement: { args: { elementKey: string | null }; answer: { elementKey: string | null } };
  setSelectedElement: { args: { elementKey: string | null }; answer: { elementKey: string | null } };
  setMultiselectedElementKeys: { args: { elementKeys: string[] }; answer: { elementKeys: string[] } };
  /** Outlines, as selected, the elements of this frame that show what is selected in another frame (none: clears). */
  showSelectionElsewhere: { args: { elementKeys: string[] }; answer: { shown: number } };
  /** Shows the insertion line where a dropped element will land: after `afterKey`, or at the end of `parentKey`; null parent: none. */
  showDropLine: { args: { parentKey: string | null; afterKey?: string | null }; answer: { shown: boolean } };
  applyChangeItemToDocument: { args: { changeItem: FrameChangeItem }; answer: ApplyChangeResult };
  updateCodebaseIds: {
    args: { prevIdToNewIdMap: Record<string, string>; newTreeElementLookup?: Record<string, ElementLookup> };
    answer: { updated: number };
  };
  enableDriveMode: { args: Record<string, never>; answer: { driveMode: boolean } };
  disableDriveMode: { args: Record<string, never>; answer: { driveMode: boolean } };
  processRulesForSelectedElement: { args: Record<string, never>; answer: { rules: ProcessedCssRule[] } };
  /** Forces the states among `modifiers` on the element (the selection's primary when no key is given); none stops. */
  setModifiersForSelectedElement: { args: { modifiers: string[]; elementKey?: string }; answer: { modifiers: string[] } };
  getCssEvals: { args: { elementKey?: string }; answer: CssEvals | null };
  ruleMatchesElement: { args: { elementKey?: string; selector: string }; answer: { matches: boolean; valid: boolean } };
  getElementClassList: { args: { elementKey?: string }; answer: { classList: string[] } };
  dispatchEvent: { args: { eventName: string; detail?: unknown }; answer: { dispatched: boolean } };
  updateOutlines: { args: Record<string, never>; answer: { outlines: number } };
  goBack: { args: Record<string, never>; answer: { navigated: boolean } };
  goForward: { args: Record<string, never>; answer: { navigated: boolean } };
  refresh: { args: Record<string, never>; answer: { refreshing: boolean } };
  /** With `dropLayoutFor` (the key of an element being dragged), also answers the live layout for its drop place. */
  syntheticMouseOver: {
    args: SyntheticMouseArgs & { selectBottomMost?: boolean; dropLayoutFor?: string };
    answer: { elementKey: string | null; dropLayout?: LiveDropLayout };
  };
  syntheticMouseMove: { args: SyntheticMouseArgs; answer: { dragging: boolean } };
  syntheticMouseUp: { args: SyntheticMouseArgs; answer: { dragEnded: boolean } };
  clearHoveredOutlines: { args: Record<string, never>; answer: { cleared: boolean } };
  setZoomPerc: { args: { zoomPerc: number }; answer: { zoomPerc: number } };
  setAiContext: { args: { aiContext: boolean }; answer: { aiContext: boolean } };
  tempMoveElement: {
    args: { elementKey: string; beforeElementKey?: string | null; afterElementKey?: string | null };
    answer: { moved: boolean };
  };
  tempAddDiv: { args: { parentElementKey: string; index?: number; width?: number; height?: number }; answer: { added: boolean } };
  tempMoveToNewParent: {
    args: { elementKey: string; newParentElementKey: string; index?: number };
    answer: { moved: boolean };
  };
  checkIfHydrationError: { args: Record<string, never>; answer: HydrationStatus };
  triggerDragStart: { args: { elementKey?: string; clientX?: number; clientY?: number }; answer: { dragging: boolean } };
  triggerDragCancel: { args: Record<string, never>; answer: { cancelled: boolean } };
  setIsFlushing: { args: { isFlushing: boolean }; answer: { isFlushing: boolean; prepared: number } };
  captureComponentPreview: {
    args: { elementKey?: string; codebaseId?: string; componentKey?: string };
    answer: { started: boolean };
  };
  /** The page's visible viewport as a PNG at its own size (pixel ratio 1), without the overlay: answered directly. */
  captureFrame: { args: Record<string, never>; answer: FramePicture };
  /** The scale the selection's resize, padding, margin and gap handles snap to; answers how many tokens it took. */
  setHandleScale: { args: HandleScale; answer: { tokens: number } };
  /** The page's errors and console messages the overlay kept (`PageMessage`), since a time, newest last. */
  pageMessages: { args: { since?: number; levels?: PageMessageLevel[]; limit?: number }; answer: { messages: PageMessage[]; dropped: number } };
  /** Waits until the page has rendered what it shows (loaded, an element of its own in view, quiet, painted), at most `timeoutMs`. */
  pageRendered: { args: { timeoutMs: number }; answer: { rendered: boolean } };
}

export type FrameFunctionName = keyof FrameFunctionMap;

/** The names as a value, in the order of the map; its type is checked against the map in both directions. */
export const FRAME_FUNCTION_NAMES = [
  'initProject',
  'setNewLookups',
  'setHoveredElement',
  'setSelectedElement',
  'setMultiselectedElementKeys',
  'showSelectionElsewhere',
  'showDropLine',
  'applyChangeItemToDocument',
  'updateCodebaseIds',
  'enableDriveMode',
  'disableDriveMode',
  'processRulesForSelectedElement',
  'setModifiersForSelectedElement',
  'getCssEvals',
  'ruleMatchesElement',
  'getElementClassList',
  'dispatchEvent',
  'updateOutlines',
  'goBack',
  'goForward',
  'refresh',
  'syntheticMouseOver',
  'syntheticMouseMove',
  'syntheticMouseUp',
  'clearHoveredOutlines',
  'setZoomPerc',
  'setAiContext',
  'tempMoveElement',
  'tempAddDiv',
  'tempMoveToNewParent',
  'checkIfHydrationError',
  'triggerDragStart',
  'triggerDragCancel',
  'setIsFlushing',
  'captureComponentPreview',
  'captureFrame',
  'setHandleScale',
  'pageMessages',
  'pageRendered',
] as const satisfies readonly FrameFunctionName[];

// Fails to compile when a function of the map is missing from the list above.
type MissingFromNames = Exclude<FrameFunctionName, (typeof FRAME_FUNCTION_NAMES)[number]>;
true satisfies [MissingFromNames] extends [never] ? true : MissingFromNames;

/**
 * The shape a handler table must have: one function per name, taking that function's arguments and answering
 * (possibly later) with its answer. Used as `satisfies FrameFunctionHandlers` so a missing entry fails to compile.
 */
export type FrameFunctionHandlers = {
  [Name in FrameFunctionName]: (
    args: FrameFunctionMap[Name]['args'],
  ) => FrameFunctionMap[Name]['answer'] | Promise<FrameFunctionMap[Name]['answer']>;
};

// ---------------------------------------------------------------------------------------------------------------
// Parent → frame messages

export interface ExecuteFunctionPayload {
  functionName: string;
  /** The function's argument object; or, instead, `compressedArgs`: the JSON of it compressed by lz-string. */
  args?: unknown;
  compressedArgs?: string;
}

export interface InspectElementPayload {
  componentName?: string;
  isComponent?: boolean;
  tempoElementID?: string;
  componentElementId?: string;
}

export type ParentToFrameMessage =
  | { type: 'executeFunction'; id: string; payload: ExecuteFunctionPayload }
  | { type: 'inspectElement'; id: string; payload: InspectElementPayload }
  | { type: 'GET_STATE_AND_PROPS'; id: string; payload: { componentName: string } };

// ---------------------------------------------------------------------------------------------------------------
// Frame → parent messages

export interface FrameToParentPayloads {
  /** The overlay has started in a studio frame and listens for messages. */
  OVERLAY_READY: { href: string; storyboardId: string };
  FUNCTION_RESULT: { requestId: string; functionName: string; result: unknown };
  FUNCTION_ERROR: { requestId: string; functionName: string; error: string };
  INSPECT_ELEMENT_RESULT: { requestId: string; result: ComponentStateAndProps | null; error: string | null };
  HOVERED_ELEMENT_KEY: { elementKey: string | null };
  SELECTED_ELEMENT_KEY: { elementKey: string | null; outerHTML: string | null };
  MULTI_SELECTED_ELEMENT_KEYS: { elementKeys: string[] };
  /**
   * One part of a nav tree: a big tree's structured clone in one message is a main-thread task far over the frame
   * budget, so the tree goes in parts, each posted in a task of its own. `buildId` grows with each build
   * of this frame; a part of another build than the one being received starts over (`nav-tree-parts.ts`).
   */
  NAV_TREE_PART: { buildId: number; partIndex: number; partCount: number; nodes: NavTreePartNode[] };
  /** The end of a build's parts: the whole tree has been sent, with the document's HTML. */
  NAV_TREE: { buildId: number; partCount: number; nodeCount: number; documentHtml: string };
  LATEST_HREF: { href: string };
  KEY_DOWN: KeyboardEventData;
  KEY_UP: KeyboardEventData;
  MOUSE_MOVE: MouseEventData;
  DRAG_START: MouseDragContext & { elementKey: string };
  /** `copy`: Alt was held at the release: the drop writes a copy of the element there, which stays where it was. */
  DRAG_END: MouseDragContext & { elementKey: string | null; copy?: boolean };
  DRAG_CANCEL: { elementKey: string | null };
  /** A right click at a point of the frame's viewport, on the element `elementKey` (now selected), or on none. */
  CONTEXT_REQUESTED: { clientX: number; clientY: number; elementKey: string | null };
  WHEEL: WheelEventData;
  /**
   * A handle of the selection released where it changes the element's box: the CSS values to write (`padding-top`
   * → `1rem`, a token's value or whole pixels), which the frame shows until the change's instant update does.
   */
  STYLE_HANDLE_RELEASED: { elementKey: string; codebaseId: string; styling: Record<string, string> };
  START_EDITING_TEXT: { elementKey: string; oldText: string };
  /** `instance`: the codebase ids of the component elements the page rendered the element through, innermost first. */
  EDITED_TEXT: { elementKey: string; codebaseId: string; newText: string; oldText: string; instance?: string[] };
  INSTANT_UPDATE_DONE: ApplyChangeResult;
  EDIT_DYNAMIC_TEXT: { elementKey: string; codebaseId: string };
  HYDRATION_STATUS: HydrationStatus;
  COMPONENT_PREVIEW_CAPTURED: ComponentPreviewResult;
  COMPONENT_PREVIEW_ERROR: {
    error: string;
    componentKey: string;
    codebaseId: string;
    storyboardId: string;
    canvasId: string | null;
  };
}

export type FrameToParentType = keyof FrameToParentPayloads;

export type FrameToParentMessage = {
  [Type in FrameToParentType]: { type: Type; payload: FrameToParentPayloads[Type] };
}[FrameToParentType];

/** The source marker every frame message carries, so the parent can tell them from other windows' messages. */
export const FRAME_MESSAGE_SOURCE = 'plantation-studio-overlay';

// ---------------------------------------------------------------------------------------------------------------
// Element keys

const KEY_SEPARATOR = '|';

/** The key of an element: its three identity parts (ids contain no `|`, paths are digits and dashes). */
export function elementKeyOf(element: TempoElementData): string {
  return element.codebaseId + KEY_SEPARATOR + element.storyboardId + KEY_SEPARATOR + element.uniquePath;
}

/** Parses a key made by `elementKeyOf`; null when it does not have the three parts. */
export function parseElementKey(key: string): TempoElementData | null {
  const parts = key.split(KEY_SEPARATOR);
  if (parts.length !== 3 || parts.some((part) => part === '')) return null;
  const [codebaseId, storyboardId, uniquePath] = parts as [string, string, string];
  if (!/^0(?:-\d+)*$/.test(uniquePath)) return null;
  return { codebaseId, storyboardId, uniquePath };
}

/**
 * The key with its codebase id renamed by `map` (the server's new ids after a write, docs/editor.md#id-remapping):
 * the same element at the same place; a key the map does not name, or that is no key, is kept.
 */
export function remapElementKey(key: string, map: Readonly<Record<string, string>>): string {
  const parts = parseElementKey(key);
  const next = parts && Object.hasOwn(map, parts.codebaseId) ? map[parts.codebaseId] : undefined;
  return parts && next ? elementKeyOf({ ...parts, codebaseId: next }) : key;
}

/**
 * The event the editor dispatches in a frame (`dispatchEvent`, detail `{elementKey}`) to start editing that
 * element's text in place, as Enter on a selected static text does: the same start as clicking it once selected.
 */
export const START_TEXT_EDIT_EVENT = 'plantation-studio:start-text-edit';

/**
 * The event the editor dispatches in a frame (`dispatchEvent`) to end a text edit in place, writing what was typed:
 * a click in the editor (the empty canvas, a panel) is outside the frame being edited but never reaches it.
 */
export const COMMIT_TEXT_EDIT_EVENT = 'plantation-studio:commit-text-edit';

/** Where the studio's `dev` serves the overlay script. */
export const OVERLAY_SCRIPT_PATH = '/_studio/overlay.js';
