/**
 * A frame's screenshot for an agent (`capture-frame` → `AgentScreenshot`): the frame asked for by id, else the first
 * showing the route (a frame opened for it when none does: never another frame's picture), else the selection's
 * frame, else the canvas's first; drawn by its overlay (`captureFrame`) at its viewport's size once its page has
 * rendered (`pageRendered`). The picture stays the frame's PNG Blob: the bridge client uploads it as it is.
 */
import type { AgentScreenshot, AgentScreenshotRequest } from '@contracts/agent-api.js';
import { ERRORS } from '@contracts/errors.js';
import type { FramePicture } from '@contracts/frame-protocol.js';
import type { CanvasFrame } from '@contracts/studio-api.js';
import type { FrameChannel } from '../frame/frame-registry';
import { selectionKeys } from '../frame/selection-sync';
import { frameIdOfKey, useEditorStore } from '../state/editor-store';
import { AgentRequestError } from './agent-errors';
import { frameSettled, frameShowing, openFrame } from './canvas-requests';
import { shownRoute } from './describe-selection';

const store = () => useEditorStore.getState();

/** A screenshot as the page answers it: the picture a Blob, which the bridge client uploads apart (`AgentAttachedImage`). */
export type PageScreenshot = Omit<AgentScreenshot, 'image'> & { image: FramePicture['png'] };

/** How long a frame's page may take to render before its picture is refused (under a frame call's answer limit). */
export const FRAME_RENDER_TIMEOUT_MS = 8_000;

/** Which frame of the canvas a screenshot request means; throws, naming the frames there are, for an unknown id. */
export function pickFrame(request: AgentScreenshotRequest, frames: readonly CanvasFrame[], routeOf: (frameId: string) => string, selectionFrameId: string | null): CanvasFrame {
  if (frames.length === 0) throw new AgentRequestError('NOT_FOUND', ERRORS.NOT_FOUND.message('A frame to capture') + ': the canvas has no frames');
  if (request.frameId !== undefined) {
    const frame = frames.find((candidate) => candidate.id === request.frameId);
    if (frame) return frame;
    const names = frames.map((candidate) => `"${candidate.id}" (${candidate.name})`).join(', ');
    throw new AgentRequestError('NOT_FOUND', `${ERRORS.NOT_FOUND.message(`Frame "${request.frameId}"`)}: the canvas's frames are ${names}`);
  }
  if (request.route !== undefined) {
    const frame = frames.find((candidate) => routeOf(candidate.id) === request.route) ?? frames.find((candidate) => candidate.route === request.route);
    if (frame) return frame;
  }
  return frames.find((candidate) => candidate.id === selectionFrameId) ?? frames[0]!;
}

export async function captureFrameFor(request: AgentScreenshotRequest, channelOf: (frameId: string) => FrameChannel | undefined): Promise<PageScreenshot> {
  if (request.frameId === undefined && request.route !== undefined && !frameShowing(store().canvas?.frames ?? [], request.route)) {
    const opened = await openFrame({ route: request.route }, channelOf);
    await frameSettled(opened.frameId);
    return captureFrameFor({ frameId: opened.frameId }, channelOf);
  }
  const { canvas, selectedKey, multiSelectedKeys } = store();
  const selected = selectionKeys(selectedKey, multiSelectedKeys)[0];
  const frame = pickFrame(request, canvas?.frames ?? [], shownRoute, selected ? frameIdOfKey(selected) : null);
  const channel = channelOf(frame.id);
  if (!channel) throw new AgentRequestError('AGENT_FRAME_NOT_READY', ERRORS.AGENT_FRAME_NOT_READY.message(`"${frame.name}" (${frame.id})`));
  // A frame just opened (here or by open_frame) shows a blank page at first: never pictured before its page has rendered.
  const { rendered } = await channel.call('pageRendered', { timeoutMs: FRAME_RENDER_TIMEOUT_MS });
  if (!rendered) throw new AgentRequestError('AGENT_FRAME_NOT_RENDERED', ERRORS.AGENT_FRAME_NOT_RENDERED.message(`"${frame.name}" (${frame.id})`, FRAME_RENDER_TIMEOUT_MS / 1000));
  const shot = await channel.call('captureFrame', {});
  return {
    frameId: frame.id,
    frameName: frame.name,
    route: shownRoute(frame.id),
    viewport: { width: shot.width, height: shot.height },
    image: shot.png,
  };
}
