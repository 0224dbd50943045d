/**
 * The studio page's answer to each request of the agent bridge: the selection described, a frame captured, or a
 * change, undo or redo made through the page's own change engine (shown at once in every frame, listed in Changes as
 * the agent's). Every request gets an answer: a failure becomes `{ok: false, error}`, with the server's code when the
 * server refused the page's write.
 */
import type { AgentBridgeResults, AgentInstantCss } from '@contracts/agent-api.js';
import type { MutationKind } from '@contracts/change-kinds.js';
import type { AgentSessionRef, HistoryStepAnswer, MutationWriteAnswer } from '@contracts/studio-api.js';
import type { AgentBridgeOutcome, AgentBridgeTask } from '../api/agent-bridge-client';
import { agentErrorOf, AgentRequestError } from './agent-errors';
import { frameElements, openFrame, pageMessages, pointAt } from './canvas-requests';
import { captureFrameFor, type PageScreenshot } from './capture-frame';
import { describeSelection, type SelectionSources } from './describe-selection';

/** The change engine's calls for agents: each resolves with the write's answer or rejects with the server's error. */
export interface AgentChangeEngine {
  applyAgentChange(kind: MutationKind, body: unknown, instantCss?: AgentInstantCss, agent?: AgentSessionRef): Promise<MutationWriteAnswer>;
  agentUndo(agent?: AgentSessionRef): Promise<HistoryStepAnswer>;
  agentRedo(agent?: AgentSessionRef): Promise<HistoryStepAnswer>;
}

export interface AgentRequestParts extends SelectionSources {
  engine: AgentChangeEngine;
}

async function resultOf(request: AgentBridgeTask, parts: AgentRequestParts): Promise<unknown> {
  const channelOf = (frameId: string) => parts.channel(frameId);
  switch (request.type) {
    case 'describe-selection':
      return describeSelection(parts) satisfies Promise<AgentBridgeResults['describe-selection']>;
    case 'capture-frame': {
      const { frameId, route } = request;
      return captureFrameFor({ ...(frameId !== undefined ? { frameId } : {}), ...(route !== undefined ? { route } : {}) }, (id) => parts.channel(id)) satisfies Promise<PageScreenshot>;
    }
    case 'apply-change':
      return parts.engine.applyAgentChange(request.kind, request.body, request.instantCss, request.agent) satisfies Promise<AgentBridgeResults['apply-change']>;
    case 'undo':
      return parts.engine.agentUndo(request.agent) satisfies Promise<AgentBridgeResults['undo']>;
    case 'redo':
      return parts.engine.agentRedo(request.agent) satisfies Promise<AgentBridgeResults['redo']>;
    case 'frame-elements':
      return frameElements(request, channelOf) satisfies AgentBridgeResults['frame-elements'];
    case 'page-messages':
      return pageMessages(request, channelOf) satisfies Promise<AgentBridgeResults['page-messages']>;
    case 'open-frame':
      return openFrame(request, channelOf) satisfies Promise<AgentBridgeResults['open-frame']>;
    case 'point-at':
      return pointAt(request, channelOf) satisfies AgentBridgeResults['point-at'];
    default:
      request satisfies never;
      throw new AgentRequestError('BAD_REQUEST', `This studio page does not know the request "${(request as { type: string }).type}": reload it`);
  }
}

export async function answerAgentRequest(request: AgentBridgeTask, parts: AgentRequestParts): Promise<AgentBridgeOutcome> {
  try {
    return { ok: true, result: await resultOf(request, parts) };
  } catch (error) {
    return { ok: false, error: agentErrorOf(error) };
  }
}
