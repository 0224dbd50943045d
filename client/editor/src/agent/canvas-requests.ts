/**
 * The studio page's answers to an agent acting on the canvas (`contracts/agent-api.ts`, docs/agents.md): the elements
 * a frame shows now (from its nav tree, which the overlay keeps current), the page's errors and console messages (the
 * overlay's log), a frame opened at a route and viewport (or the one that already shows it), and the person pointed
 * at an element (selected or outlined, scrolled into its frame's view, the canvas moved to show it).
 */
import {
  AGENT_ELEMENT_TEXT_LIMIT,
  AGENT_FRAME_ELEMENTS_DEFAULT,
  type AgentFrameChoice,
  type AgentFrameElement,
  type AgentFrameElements,
  type AgentFrameElementsRequest,
  type AgentOpenedFrame,
  type AgentOpenFrameRequest,
  type AgentPageMessages,
  type AgentPageMessagesRequest,
  type AgentPointed,
  type AgentPointRequest,
} from '@contracts/agent-api.js';
import { ERRORS } from '@contracts/errors.js';
import { parseElementKey, type NavTreeNode } from '@contracts/frame-protocol.js';
import { VIEWPORT_PRESETS, type CanvasFrame } from '@contracts/studio-api.js';
import { CANVAS_SURFACE_ATTRIBUTE, fitCanvas, fitSelection } from '../canvas/canvas-actions';
import { frameElement, placeForNewFrame } from '../canvas/canvas-geometry';
import { newFrameName, nextFrameId } from '../canvas/frame-viewport';
import type { FrameChannel } from '../frame/frame-registry';
import { selectionKeys } from '../frame/selection-sync';
import { frameIdOfKey, useEditorStore } from '../state/editor-store';
import { AgentRequestError } from './agent-errors';
import { shownRoute } from './describe-selection';

const store = () => useEditorStore.getState();

/** How long an opened frame may take until its overlay has sent its first element tree. */
export const FRAME_OPEN_TIMEOUT_MS = 15_000;
/** A canvas holds at most this many frames (as the Add frame control says). */
const FRAME_LIMIT = 50;

type ChannelOf = (frameId: string) => FrameChannel | undefined;

function framesText(frames: readonly CanvasFrame[]): string {
  return frames.map((frame) => `"${frame.id}" (${frame.name}, ${shownRoute(frame.id)})`).join(', ');
}

/**
 * The frame a call means: by id, else the first showing `route` (refused when none does: `open_frame` opens one),
 * else the selection's, else the canvas's first.
 */
export function chosenFrame(choice: AgentFrameChoice): CanvasFrame {
  const { canvas, selectedKey, multiSelectedKeys } = store();
  const frames = canvas?.frames ?? [];
  if (frames.length === 0) throw new AgentRequestError('NOT_FOUND', `${ERRORS.NOT_FOUND.message('A frame')}: the canvas has no frames (open_frame opens one)`);
  if (choice.frameId !== undefined) {
    const frame = frames.find((candidate) => candidate.id === choice.frameId);
    if (!frame) throw new AgentRequestError('NOT_FOUND', `${ERRORS.NOT_FOUND.message(`Frame "${choice.frameId}"`)}: the canvas's frames are ${framesText(frames)}`);
    return frame;
  }
  if (choice.route !== undefined) {
    const frame = frameShowing(frames, choice.route);
    if (!frame) throw new AgentRequestError('NOT_FOUND', `${ERRORS.NOT_FOUND.message(`A frame showing ${choice.route}`)}: the canvas's frames are ${framesText(frames)} (open_frame opens one)`);
    return frame;
  }
  const selected = selectionKeys(selectedKey, multiSelectedKeys)[0];
  const selectedFrame = selected ? frameIdOfKey(selected) : null;
  return frames.find((candidate) => candidate.id === selectedFrame) ?? frames[0]!;
}

/** The first frame that shows `route` now, else the first opened at it. */
export function frameShowing(frames: readonly CanvasFrame[], route: string, size?: { width: number; height: number }): CanvasFrame | undefined {
  const fits = (frame: CanvasFrame) => !size || (frame.viewport.width === size.width && frame.viewport.height === size.height);
  return frames.find((frame) => fits(frame) && shownRoute(frame.id) === route) ?? frames.find((frame) => fits(frame) && frame.route === route);
}

function readyChannel(frame: CanvasFrame, channelOf: ChannelOf): FrameChannel {
  const channel = store().frames[frame.id]?.ready ? channelOf(frame.id) : undefined;
  if (!channel) throw new AgentRequestError('AGENT_FRAME_NOT_READY', ERRORS.AGENT_FRAME_NOT_READY.message(`"${frame.name}" (${frame.id})`));
  return channel;
}

/** The frame's window scroll (the frame is of this origin); none when it cannot be read. */
function frameScroll(frameId: string): { x: number; y: number } {
  try {
    const view = frameElement(frameId)?.contentWindow;
    if (view) return { x: view.scrollX, y: view.scrollY };
  } catch {
    // A frame showing another origin's page (an error page) keeps its scroll to itself.
  }
  return { x: 0, y: 0 };
}

/** The frame's elements in page order (depth first), with their depth; the tree's nodes that name no element left out. */
function elementsOf(tree: NavTreeNode | null): Array<{ node: NavTreeNode; depth: number }> {
  const out: Array<{ node: NavTreeNode; depth: number }> = [];
  const stack: Array<{ node: NavTreeNode; depth: number }> = tree ? [{ node: tree, depth: 0 }] : [];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    if (parseElementKey(entry.node.key)) out.push(entry);
    for (let index = entry.node.children.length - 1; index >= 0; index--) stack.push({ node: entry.node.children[index]!, depth: entry.depth + 1 });
  }
  return out;
}

function boxOf(node: NavTreeNode): AgentFrameElement['box'] {
  const { pageX, pageY, width, height } = node.pageBoundingBox;
  return { x: Math.round(pageX), y: Math.round(pageY), width: Math.round(width), height: Math.round(height) };
}

function textOf(node: NavTreeNode): string {
  const text = node.literalChildren.join(' ').replace(/\s+/g, ' ').trim();
  return text.length > AGENT_ELEMENT_TEXT_LIMIT ? `${text.slice(0, AGENT_ELEMENT_TEXT_LIMIT - 1)}…` : text;
}

export function frameElements(request: AgentFrameElementsRequest, channelOf: ChannelOf): AgentFrameElements {
  const frame = chosenFrame(request);
  readyChannel(frame, channelOf);
  const scroll = frameScroll(frame.id);
  const viewport = { width: frame.viewport.width, height: frame.viewport.height, scrollX: Math.round(scroll.x), scrollY: Math.round(scroll.y) };
  const meetsViewport = ({ x, y, width, height }: AgentFrameElement['box']) =>
    width > 0 && height > 0 && x < scroll.x + viewport.width && x + width > scroll.x && y < scroll.y + viewport.height && y + height > scroll.y;
  const all = elementsOf(store().frames[frame.id]?.navTree ?? null).map(({ node, depth }) => ({
    codebaseId: node.tempoElement.codebaseId,
    elementKey: node.key,
    name: node.name,
    tagName: node.tagName,
    box: boxOf(node),
    text: textOf(node),
    depth,
  }));
  const shown = request.inViewport === false ? all : all.filter((element) => meetsViewport(element.box));
  const offset = request.offset ?? 0;
  const elements = shown.slice(offset, offset + (request.limit ?? AGENT_FRAME_ELEMENTS_DEFAULT));
  const next = offset + elements.length;
  return { frameId: frame.id, route: shownRoute(frame.id), viewport, elements, total: shown.length, ...(next < shown.length ? { nextOffset: next } : {}) };
}

export async function pageMessages(request: AgentPageMessagesRequest, channelOf: ChannelOf): Promise<AgentPageMessages> {
  const frame = chosenFrame(request);
  const { since, levels, limit } = request;
  const answer = await readyChannel(frame, channelOf).call('pageMessages', { ...(since !== undefined ? { since } : {}), ...(levels ? { levels } : {}), ...(limit !== undefined ? { limit } : {}) });
  return { frameId: frame.id, route: shownRoute(frame.id), ...answer };
}

/**
 * Resolves once the frame's overlay is ready and its element tree holds an element of the project's source (the first
 * tree of a page can be its empty root, before the app has rendered), or fails after `timeoutMs`.
 */
function frameShown(frame: CanvasFrame, channelOf: ChannelOf, timeoutMs: number): Promise<void> {
  const shown = () => {
    const runtime = store().frames[frame.id];
    return Boolean(runtime?.ready && channelOf(frame.id) && elementsOf(runtime.navTree).some(({ node }) => node.tempoElement.codebaseId.startsWith('tempo-')));
  };
  if (shown()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new AgentRequestError('AGENT_FRAME_NOT_READY', ERRORS.AGENT_FRAME_NOT_READY.message(`"${frame.name}" (${frame.id}), opened ${Math.round(timeoutMs / 1000)} s ago,`)));
    }, timeoutMs);
    const stop = useEditorStore.subscribe(() => {
      if (!shown()) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

/** How long a page's element tree must stay as it is to count as settled, and the longest wait for it. */
const SETTLE_QUIET_MS = 600;
const SETTLE_LIMIT_MS = 5_000;

/**
 * Resolves once the frame's element tree has not changed for `SETTLE_QUIET_MS` (a page just opened still renders what
 * its data brings), or after `SETTLE_LIMIT_MS` whatever it does.
 */
export function frameSettled(frameId: string): Promise<void> {
  return new Promise((resolve) => {
    let tree = store().frames[frameId]?.navTree;
    let quiet = setTimeout(done, SETTLE_QUIET_MS);
    const limit = setTimeout(done, SETTLE_LIMIT_MS);
    const stop = useEditorStore.subscribe((state) => {
      if (state.frames[frameId]?.navTree === tree) return;
      tree = state.frames[frameId]?.navTree;
      clearTimeout(quiet);
      quiet = setTimeout(done, SETTLE_QUIET_MS);
    });
    function done(): void {
      clearTimeout(quiet);
      clearTimeout(limit);
      stop();
      resolve();
    }
  });
}

function viewportOf(asked: AgentOpenFrameRequest['viewport']): CanvasFrame['viewport'] {
  if (asked === undefined) return { preset: 'desktop', ...VIEWPORT_PRESETS.desktop };
  if (typeof asked === 'string') return { preset: asked, ...VIEWPORT_PRESETS[asked] };
  const preset = (Object.keys(VIEWPORT_PRESETS) as Array<keyof typeof VIEWPORT_PRESETS>).find((name) => VIEWPORT_PRESETS[name].width === asked.width && VIEWPORT_PRESETS[name].height === asked.height);
  return { preset: preset ?? 'custom', width: asked.width, height: asked.height };
}

/** The frame showing `route` at that viewport, else a new one placed right of the others as the Add frame control does. */
export async function openFrame(request: AgentOpenFrameRequest, channelOf: ChannelOf, timeoutMs = FRAME_OPEN_TIMEOUT_MS): Promise<AgentOpenedFrame> {
  const canvas = store().canvas;
  if (!canvas) throw new AgentRequestError('AGENT_FRAME_NOT_READY', ERRORS.AGENT_FRAME_NOT_READY.message('of the canvas (it is still loading)'));
  const viewport = viewportOf(request.viewport);
  let frame = frameShowing(canvas.frames, request.route, viewport);
  const opened = !frame;
  if (!frame) {
    if (canvas.frames.length >= FRAME_LIMIT) throw new AgentRequestError('BAD_REQUEST', `A canvas holds at most ${FRAME_LIMIT} frames: this one is full`);
    const place = placeForNewFrame(canvas.frames);
    const made: CanvasFrame = { id: nextFrameId(canvas.frames), name: newFrameName(canvas.frames, viewport.preset, request.route), route: request.route, viewport, x: place.x, y: place.y };
    store().updateCanvas((draft) => void draft.frames.push(made));
    // The view moves to show it, as after the Add frame control: the person sees it, and a frame out of view is not rendered.
    requestAnimationFrame(() => fitCanvas());
    frame = made;
  }
  await frameShown(frame, channelOf, timeoutMs);
  return { frameId: frame.id, frameName: frame.name, route: shownRoute(frame.id), viewport: { width: viewport.width, height: viewport.height }, opened };
}

/** Moves the canvas, keeping its zoom, so that the canvas rectangle's centre is the surface's centre. */
function centreCanvasOn(left: number, top: number, width: number, height: number): void {
  const rect = document.querySelector(`[${CANVAS_SURFACE_ATTRIBUTE}]`)?.getBoundingClientRect();
  if (!rect) return;
  store().updateCanvas((canvas) => {
    const zoom = canvas.zoomPerc / 100;
    canvas.pan = { x: rect.width / 2 - (left + width / 2) * zoom, y: rect.height / 2 - (top + height / 2) * zoom };
  });
}

/** Scrolls the frame's page so that the box is in its view (centred when it was not); answers the scroll. */
function scrollIntoFrameView(frame: CanvasFrame, box: AgentFrameElement['box']): { x: number; y: number } {
  const scroll = frameScroll(frame.id);
  const { width, height } = frame.viewport;
  const inView = box.x >= scroll.x && box.y >= scroll.y && box.x + box.width <= scroll.x + width && box.y + box.height <= scroll.y + height;
  if (inView) return scroll;
  const to = { x: Math.max(0, box.x + box.width / 2 - width / 2), y: Math.max(0, box.y + box.height / 2 - height / 2) };
  try {
    frameElement(frame.id)?.contentWindow?.scrollTo({ left: to.x, top: to.y, behavior: 'instant' });
  } catch {
    return scroll;
  }
  return frameScroll(frame.id);
}

export function pointAt(request: AgentPointRequest, channelOf: ChannelOf): AgentPointed {
  const frame = chosenFrame(request);
  readyChannel(frame, channelOf);
  const instances = elementsOf(store().frames[frame.id]?.navTree ?? null).filter(({ node }) => node.tempoElement.codebaseId === request.codebaseId);
  const index = request.index ?? 0;
  const found = instances[index]?.node;
  if (!found) {
    const detail = instances.length === 0 ? `the frame "${frame.name}" (${frame.id}) does not show it (frame_elements lists what it shows)` : `the frame shows ${instances.length} instance(s), index ${index} asked`;
    throw new AgentRequestError('ELEMENT_NOT_FOUND', ERRORS.ELEMENT_NOT_FOUND.message(request.codebaseId, detail));
  }
  const mode = request.mode ?? 'select';
  const box = boxOf(found);
  const scroll = scrollIntoFrameView(frame, box);
  if (mode === 'select') store().select(found.key);
  else store().hover(found.key);
  // The canvas follows: a selection is fitted as the Fit selection key does, a pointed element centred at the zoom kept.
  if (mode !== 'select' || !fitSelection()) centreCanvasOn(frame.x + box.x - scroll.x, frame.y + box.y - scroll.y, box.width, box.height);
  return { frameId: frame.id, elementKey: found.key, mode, box };
}
