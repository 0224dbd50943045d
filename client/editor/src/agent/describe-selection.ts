/**
 * What the studio has selected, told to an agent (`describe-selection` → `AgentSelection`): for each selected element,
 * grouped by frame, the name the editor shows, where the source writes it (what the element lookup knows, asked for
 * when it does not know it yet), its key computed styles as the AI context shows them, and the overlay's image of it.
 * Nothing selected is an empty list, not an error.
 */
import { AGENT_BRIDGE_TIMEOUT_MS, type AgentSelectedElement, type AgentSelectedFrame, type AgentSelection } from '@contracts/agent-api.js';
import { parseElementKey } from '@contracts/frame-protocol.js';
import type { ElementSourceInfo } from '@contracts/studio-api.js';
import { displayAddress } from '../canvas/frame-address';
import { keyStylesOf } from '../frame/key-styles';
import type { FrameChannel } from '../frame/frame-registry';
import { selectionKeys } from '../frame/selection-sync';
import { findNode, frameIdOfKey, useEditorStore } from '../state/editor-store';
import { agentImageOf, ELEMENT_CAPTURE_TIMEOUT_MS } from './element-captures';

/** What describing the selection needs of the page. */
export interface SelectionSources {
  channel(frameId: string): FrameChannel | undefined;
  /** Asks the server about codebase ids the editor has no source facts of yet (`ElementLookups.lookUp`). */
  lookUp(codebaseIds: readonly string[]): Promise<unknown>;
  /** The element's image as a `data:` URL (`ElementCaptures.capture`), waited for at most `timeoutMs`. */
  capture(channel: FrameChannel, elementKey: string, timeoutMs: number): Promise<string>;
}

/**
 * How long the images of one answer may take in all: the server gives up on the page after `AGENT_BRIDGE_TIMEOUT_MS`,
 * and an answer with some images missing (each saying why) beats none. A capture is not started with less than
 * `MIN_CAPTURE_MS` left.
 */
export const IMAGES_BUDGET_MS = AGENT_BRIDGE_TIMEOUT_MS - 5_000;
const MIN_CAPTURE_MS = 1_000;

const store = () => useEditorStore.getState();

/** The route a frame shows now: its address without the studio's parameters, or the route it was opened at. */
export function shownRoute(frameId: string): string {
  const { canvas, frames } = store();
  const href = frames[frameId]?.href;
  return href ? displayAddress(href) : (canvas?.frames.find((frame) => frame.id === frameId)?.route ?? '/');
}

function sourceOf(info: ElementSourceInfo): NonNullable<AgentSelectedElement['source']> {
  return {
    file: info.file,
    line: info.line,
    column: info.column,
    snippet: info.snippet,
    component: info.isComponent ? info.tagName : null,
    props: info.props,
    rendering: info.rendering,
    classes: info.classes ?? null,
  };
}

/** Source facts of the ids the editor does not know yet, asked for once; a failed lookup leaves them without source. */
async function learnSources(codebaseIds: readonly string[], sources: SelectionSources): Promise<void> {
  const { elementInfo, withoutSource } = store();
  const unknown = codebaseIds.filter((id) => !(id in elementInfo) && !(id in withoutSource) && !id.includes('placeholder'));
  if (unknown.length === 0) return;
  try {
    await sources.lookUp(unknown);
  } catch (error) {
    console.warn('The source of the selected elements could not be looked up for an agent', error);
  }
}

async function describeElement(key: string, channel: FrameChannel | undefined, sources: SelectionSources, deadline: number): Promise<AgentSelectedElement> {
  const { elementInfo, frames } = store();
  const frameId = frameIdOfKey(key) ?? '';
  const codebaseId = parseElementKey(key)?.codebaseId ?? key;
  const node = findNode(frames[frameId]?.navTree ?? null, key);
  const info = elementInfo[codebaseId];
  const element: AgentSelectedElement = {
    codebaseId,
    name: node?.name ?? info?.tagName ?? codebaseId,
    tagName: info?.tagName ?? node?.tagName ?? '',
    keyStyles: {},
  };
  if (info) element.source = sourceOf(info);
  if (!channel) {
    element.imageError = `The frame ${frameId} is not ready (loading, or its page has no studio overlay)`;
    return element;
  }
  try {
    element.keyStyles = Object.fromEntries(keyStylesOf((await channel.call('getCssEvals', { elementKey: key }))?.styles ?? null));
  } catch (error) {
    // The styles are a help, not the point: the rest still goes to the agent.
    console.warn('The styles of a selected element could not be read for an agent', error);
  }
  const left = deadline - Date.now();
  if (left < MIN_CAPTURE_MS) {
    element.imageError = `Not captured: the images of this selection took the ${IMAGES_BUDGET_MS / 1000} s an answer may take`;
    return element;
  }
  try {
    element.image = agentImageOf(await sources.capture(channel, key, Math.min(left, ELEMENT_CAPTURE_TIMEOUT_MS)));
  } catch (error) {
    element.imageError = error instanceof Error ? error.message : String(error);
  }
  return element;
}

export async function describeSelection(sources: SelectionSources): Promise<AgentSelection> {
  const deadline = Date.now() + IMAGES_BUDGET_MS;
  const { canvasId, canvas, selectedKey, multiSelectedKeys } = store();
  const keys = selectionKeys(selectedKey, multiSelectedKeys);
  await learnSources([...new Set(keys.map((key) => parseElementKey(key)?.codebaseId ?? key))], sources);
  const byFrame = new Map<string, string[]>();
  for (const key of keys) {
    const frameId = frameIdOfKey(key);
    if (frameId) byFrame.set(frameId, [...(byFrame.get(frameId) ?? []), key]);
  }
  const frames: AgentSelectedFrame[] = [];
  for (const [frameId, frameKeys] of byFrame) {
    const channel = sources.channel(frameId);
    const elements: AgentSelectedElement[] = [];
    // One after the other: each capture draws the page, and two at once would only wait on each other.
    for (const key of frameKeys) elements.push(await describeElement(key, channel, sources, deadline));
    frames.push({ frameId, frameName: canvas?.frames.find((frame) => frame.id === frameId)?.name ?? frameId, route: shownRoute(frameId), elements });
  }
  return { canvasId, frames };
}
