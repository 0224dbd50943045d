/**
 * The agent's read calls that need no studio page: an element's relatives, the project's components with their
 * props, and the project's type check. Registered inside the agent routes (`agent-plugin.ts`), behind their guard.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import {
  AGENT_API_PATHS,
  AGENT_API_PREFIX,
  AGENT_TYPE_CHECK_DEFAULT_SECONDS,
  AGENT_TYPE_CHECK_LIMIT,
  type AgentComponents,
  type AgentIdWrites,
  type AgentRelatives,
  type AgentTypeCheck,
} from '../../contracts/agent-api.js';
import { appError, fieldErrorsOf, validationError } from '../../contracts/errors.js';
import { agentComponentsRequestSchema, agentRelativesRequestSchema, agentTypeCheckRequestSchema } from '../agent/agent-read-schemas.js';
import { ProjectTypeCheck } from '../agent/project-type-check.js';
import type { SharedSourceEditor } from '../shared-source-editor.js';

export interface AgentReadRoutesOptions {
  root: string;
  sourceEditor: SharedSourceEditor;
  bodyLimit: number;
}

function parsed<T>(schema: z.ZodType<T>, body: unknown, where: string): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw validationError(where, fieldErrorsOf(result.error.issues));
  return result.data;
}

export const agentReadRoutes: FastifyPluginAsync<AgentReadRoutesOptions> = async (app, { root, sourceEditor, bodyLimit }) => {
  const at = (path: string) => `${AGENT_API_PREFIX}${path}`;
  // One warm checker per server: its program lives between calls (made at the first call, not at start).
  const typeCheck = new ProjectTypeCheck(root);
  await app.register(agentIdWritesRoute, { root, sourceEditor, bodyLimit });
  app.addHook('onClose', () => typeCheck.close());

  app.post(at(AGENT_API_PATHS.relatives), { bodyLimit }, async (request): Promise<AgentRelatives> => {
    const body = parsed(agentRelativesRequestSchema, request.body, 'relatives request');
    const [{ elementRelatives }, editor] = await Promise.all([import('../agent/element-relatives.js'), sourceEditor.get()]);
    return editor.readSource((index) => elementRelatives(index, body));
  });

  app.post(at(AGENT_API_PATHS.components), { bodyLimit }, async (request): Promise<AgentComponents> => {
    const body = parsed(agentComponentsRequestSchema, request.body, 'components request');
    const [{ listComponents }, editor] = await Promise.all([import('../agent/component-prop-list.js'), sourceEditor.get()]);
    return editor.readSource((index) => listComponents(index, body));
  });

  app.post(at(AGENT_API_PATHS.typeCheck), { bodyLimit }, async (request): Promise<AgentTypeCheck> => {
    const { files, timeoutSeconds, limit } = parsed(agentTypeCheckRequestSchema, request.body, 'type check request');
    const ask = { ...(files && files.length > 0 ? { files } : {}), limit: limit ?? AGENT_TYPE_CHECK_LIMIT };
    return typeCheck.check(ask, (timeoutSeconds ?? AGENT_TYPE_CHECK_DEFAULT_SECONDS) * 1000);
  });
};

/**
 * The id maps of the writes since the `since` an agent session last saw (anyone's: the person's, other sessions'),
 * from the engine's log; `writes: null` when some are no longer kept. Registered with the read calls.
 */
export const agentIdWritesRoute: FastifyPluginAsync<AgentReadRoutesOptions> = async (app, { sourceEditor }) => {
  app.get(`${AGENT_API_PREFIX}${AGENT_API_PATHS.idWrites}`, async (request): Promise<AgentIdWrites> => {
    const since = (request.query as { since?: string }).since ?? '0';
    if (!/^\d{1,15}$/.test(since)) throw appError('BAD_REQUEST', 'since: a write number (0 or more)');
    return (await sourceEditor.get()).idWrites.since(Number(since));
  });
};
