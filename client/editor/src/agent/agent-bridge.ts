/**
 * The studio page as coding agents reach it (`contracts/agent-api.ts`): the bridge stream to the server, each request
 * answered from the page's frames and change engine, and the selection's changes reported. Started once per page by
 * the app when this studio can write source.
 */
import type { AgentBridgeHello } from '@contracts/agent-api.js';
import { canvasIdOfStudioPath, DEFAULT_CANVAS_ID, STUDIO_API_PATHS } from '@contracts/studio-routes.js';
import { AgentBridgeClient, newPageId } from '../api/agent-bridge-client';
import type { StudioServer } from '../api/studio-client';
import type { FrameBridge } from '../frame/frame-bridge';
import { useEditorStore } from '../state/editor-store';
import { answerAgentRequest, type AgentChangeEngine } from './agent-requests';
import { ElementCaptures } from './element-captures';
import { reportSelectionChanges } from './selection-reports';

/**
 * The canvas the page shows: the loaded one, else the one its address opens (the store says `default` until the
 * canvas has come, and the stream is opened before).
 */
function pageCanvasId(): string {
  const loaded = useEditorStore.getState().canvas?.id;
  if (loaded) return loaded;
  return (typeof window === 'undefined' ? null : canvasIdOfStudioPath(window.location.pathname)) ?? DEFAULT_CANVAS_ID;
}

/** Opens the bridge for the page's life; returns the stop. */
export function startAgentBridge(frames: FrameBridge, engine: AgentChangeEngine, server: Pick<StudioServer, 'call'>): () => void {
  const captures = new ElementCaptures((listener) => frames.onFrameMessage(listener));
  const parts = {
    channel: (frameId: string) => frames.channel(frameId),
    lookUp: (codebaseIds: readonly string[]) => frames.lookups.lookUp(codebaseIds),
    capture: captures.capture.bind(captures),
    engine,
  };
  const client = new AgentBridgeClient({
    pageId: newPageId(),
    canvasId: pageCanvasId,
    handle: (request) => answerAgentRequest(request, parts),
  });
  const hello = (): AgentBridgeHello => ({ pageId: client.pageId, canvasId: pageCanvasId() });
  client.start();
  const stopReports = reportSelectionChanges(() => {
    // Quietly: a server without the bridge, or one that is down, only means no agent hears of it.
    server.call(STUDIO_API_PATHS.agentBridgeSelection, { method: 'POST', body: hello() }).catch(() => undefined);
  });
  // Another canvas opened in this page: the server is told by a stream that says so.
  let streamCanvasId = pageCanvasId();
  const stopFollowingCanvas = useEditorStore.subscribe(() => {
    const canvasId = pageCanvasId();
    if (canvasId === streamCanvasId) return;
    streamCanvasId = canvasId;
    client.reconnect();
  });
  return () => {
    stopFollowingCanvas();
    stopReports();
    client.stop();
    captures.dispose();
  };
}
