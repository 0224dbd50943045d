/**
 * The zod schemas of the agent's read calls (`element_relatives`, `list_components`, `type_check`): the server
 * checks every body before it reads anything.
 */
import { z } from 'zod';
import {
  AGENT_COMPONENTS_LIMIT,
  AGENT_RELATIVES_LIMIT,
  AGENT_TYPE_CHECK_LIMIT,
  AGENT_TYPE_CHECK_MAX_SECONDS,
  type AgentComponentsRequest,
  type AgentRelativesRequest,
  type AgentTypeCheckRequest,
} from '../../contracts/agent-api.js';

export const agentRelativesRequestSchema: z.ZodType<AgentRelativesRequest> = z
  .object({ codebaseId: z.string().min(1).max(200), limit: z.number().int().min(1).max(AGENT_RELATIVES_LIMIT).optional() })
  .strict();

export const agentComponentsRequestSchema: z.ZodType<AgentComponentsRequest> = z
  .object({
    name: z.string().min(1).max(200).optional(),
    offset: z.number().int().min(0).max(1_000_000).optional(),
    limit: z.number().int().min(1).max(AGENT_COMPONENTS_LIMIT).optional(),
  })
  .strict();

export const agentTypeCheckRequestSchema: z.ZodType<AgentTypeCheckRequest> = z
  .object({
    files: z.array(z.string().min(1).max(1000)).max(200).optional(),
    timeoutSeconds: z.number().min(1).max(AGENT_TYPE_CHECK_MAX_SECONDS).optional(),
    limit: z.number().int().min(1).max(AGENT_TYPE_CHECK_LIMIT).optional(),
  })
  .strict();
