/**
 * The zod schemas of the agent calls that act on the canvas (`contracts/agent-api.ts`: a frame's elements and
 * messages, opening a frame, pointing at an element): checked by the server before anything goes to a page.
 */
import { z } from 'zod';
import {
  AGENT_FRAME_ELEMENTS_LIMIT,
  PAGE_MESSAGE_LEVELS,
  PAGE_MESSAGE_LIMIT,
  type AgentFrameElementsRequest,
  type AgentOpenFrameRequest,
  type AgentPageMessagesRequest,
  type AgentPointRequest,
} from '../../contracts/agent-api.js';
import { hasValidIdCharacters } from '../../contracts/dom.js';
import { frameRouteSchema, VIEWPORT_LIMITS } from '../../contracts/studio-api.js';

const frameIdSchema = z.string().min(1).max(200).refine(hasValidIdCharacters, 'ids contain only letters, digits, hyphen and underscore');
const frameChoice = { frameId: frameIdSchema.optional(), route: frameRouteSchema.optional() };
const size = z.number().int().min(VIEWPORT_LIMITS.min).max(VIEWPORT_LIMITS.max);

export const agentFrameElementsRequestSchema: z.ZodType<AgentFrameElementsRequest> = z
  .object({ ...frameChoice, inViewport: z.boolean().optional(), offset: z.number().int().min(0).max(1_000_000).optional(), limit: z.number().int().min(1).max(AGENT_FRAME_ELEMENTS_LIMIT).optional() })
  .strict();

export const agentPageMessagesRequestSchema: z.ZodType<AgentPageMessagesRequest> = z
  .object({ ...frameChoice, since: z.number().finite().min(0).optional(), levels: z.array(z.enum(PAGE_MESSAGE_LEVELS)).min(1).max(PAGE_MESSAGE_LEVELS.length).optional(), limit: z.number().int().min(1).max(PAGE_MESSAGE_LIMIT).optional() })
  .strict();

export const agentOpenFrameRequestSchema: z.ZodType<AgentOpenFrameRequest> = z
  .object({ route: frameRouteSchema, viewport: z.union([z.enum(['desktop', 'tablet', 'mobile']), z.object({ width: size, height: size }).strict()]).optional() })
  .strict();

export const agentPointRequestSchema: z.ZodType<AgentPointRequest> = z
  .object({
    ...frameChoice,
    codebaseId: z.string().min(1).max(200).refine(hasValidIdCharacters, 'ids contain only letters, digits, hyphen and underscore'),
    index: z.number().int().min(0).max(100_000).optional(),
    mode: z.enum(['select', 'point']).optional(),
  })
  .strict();
