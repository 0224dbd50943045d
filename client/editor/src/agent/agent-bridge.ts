/**
 * The studio page as coding agents reach it (`contracts/agent-api.ts`): the bridge stream to the server, each request
 * answered from the page's frames and change engine, and the selection's changes reported. Started once per page by
 * the app when this studio can write source.
 */
import type { AgentBridgeHello } from '@contracts/agent-api.js';
import { STUDIO_API_PATHS } from '@contracts/studio-routes.js';
import { AgentBridgeClient, newPageId } from '../api/agent-bridge-client';
import type { StudioServer } from '../api/studio-client';
import type { FrameBridge } from '../frame/frame-bridge';
import { useEditorStore } from '../state/editor-store';
import { AgentRequestError } from './agent-errors';
import { answerAgentRequest, type AgentChangeEngine } from './agent-requests';
import { ElementCaptures } from './element-captures';
import { reportSelectionChanges } from './selection-reports';

/**
 * The engine's calls for agents, each refused with a clear error by an engine that lacks it (a page built before
 * the engine took agents' changes).
 */
export function agentEngineOf(engine: object): AgentChangeEngine {
  const calls = engine as Partial<AgentChangeEngine>;
  const lacking = (what: string) => Promise.reject(new AgentRequestError('INTERNAL', `This studio page cannot ${what} for an agent: reload it`));
  return {
    applyAgentChange: (kind, body) => calls.applyAgentChange?.call(engine, kind, body) ?? lacking('make a change'),
    agentUndo: () => calls.agentUndo?.call(engine) ?? lacking('undo'),
    agentRedo: () => calls.agentRedo?.call(engine) ?? lacking('redo'),
  };
}

/** Opens the bridge for the page's life; returns the stop. */
export function startAgentBridge(frames: FrameBridge, engine: object, server: Pick<StudioServer, 'call'>): () => void {
  const captures = new ElementCaptures((listener) => frames.onFrameMessage(listener));
  const parts = {
    channel: (frameId: string) => frames.channel(frameId),
    lookUp: (codebaseIds: readonly string[]) => frames.lookups.lookUp(codebaseIds),
    capture: captures.capture.bind(captures),
    engine: agentEngineOf(engine),
  };
  const client = new AgentBridgeClient({
    pageId: newPageId(),
    canvasId: () => useEditorStore.getState().canvasId,
    handle: (request) => answerAgentRequest(request, parts),
  });
  const hello = (): AgentBridgeHello => ({ pageId: client.pageId, canvasId: useEditorStore.getState().canvasId });
  client.start();
  const stopReports = reportSelectionChanges(() => {
    // Quietly: a server without the bridge, or one that is down, only means no agent hears of it.
    server.call(STUDIO_API_PATHS.agentBridgeSelection, { method: 'POST', body: hello() }).catch(() => undefined);
  });
  // Another canvas opened in this page: the server is told by a stream that says so.
  const stopFollowingCanvas = useEditorStore.subscribe((state, previous) => {
    if (state.canvasId !== previous.canvasId) client.reconnect();
  });
  return () => {
    stopFollowingCanvas();
    stopReports();
    client.stop();
    captures.dispose();
  };
}
