/**
 * The agent calls that act on the canvas (docs/agent-api.md): a frame's elements and page messages, a frame opened,
 * the person pointed at an element. Only a studio page can do them, so each is checked here and handed to the page
 * through the bridge. Registered inside the agent routes, under their guard.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { AGENT_API_PATHS, AGENT_API_PREFIX, type AgentBridgeRequestType } from '../../contracts/agent-api.js';
import { fieldErrorsOf, validationError } from '../../contracts/errors.js';
import type { AgentBridge } from '../agent/agent-bridge.js';
import { agentFrameElementsRequestSchema, agentOpenFrameRequestSchema, agentPageMessagesRequestSchema, agentPointRequestSchema } from '../agent/agent-canvas-schemas.js';

/** A few short fields. */
const CANVAS_CALL_BODY_LIMIT = 16 * 1024;

const CALLS = [
  [AGENT_API_PATHS.frameElements, 'frame-elements', agentFrameElementsRequestSchema, 'frame elements request'],
  [AGENT_API_PATHS.pageMessages, 'page-messages', agentPageMessagesRequestSchema, 'page messages request'],
  [AGENT_API_PATHS.openFrame, 'open-frame', agentOpenFrameRequestSchema, 'open frame request'],
  [AGENT_API_PATHS.pointAt, 'point-at', agentPointRequestSchema, 'point request'],
] as const satisfies ReadonlyArray<readonly [string, AgentBridgeRequestType, z.ZodType, string]>;

export const agentCanvasRoutes: FastifyPluginAsync<{ bridge: AgentBridge }> = async (app, { bridge }) => {
  for (const [path, type, schema, where] of CALLS) {
    app.post(`${AGENT_API_PREFIX}${path}`, { bodyLimit: CANVAS_CALL_BODY_LIMIT }, async (request) => {
      const checked = (schema as z.ZodType).safeParse(request.body ?? {});
      if (!checked.success) throw validationError(where, fieldErrorsOf(checked.error.issues));
      return bridge.request(type, checked.data as never);
    });
  }
};
