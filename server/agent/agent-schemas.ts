/**
 * The zod schemas of the agent calls' bodies and of the studio pages' bridge posts (`contracts/agent-api.ts` holds
 * their types): the server checks every body before it sends anything to a page or writes anything.
 */
import { z } from 'zod';
import {
  AGENT_FIND_LIMIT,
  type AgentBridgeAnswer,
  type AgentBridgeHello,
  type AgentFindRequest,
  type AgentHandshakeRequest,
  type AgentScreenshotRequest,
} from '../../contracts/agent-api.js';
import { hasValidIdCharacters } from '../../contracts/dom.js';
import { frameRouteSchema } from '../../contracts/studio-api.js';
import { isValidCanvasId } from '../../contracts/studio-routes.js';

export const agentChangeRequestSchema = z
  .object({
    kind: z.string().min(1).max(100),
    body: z.unknown(),
    idsAsOf: z.object({ log: z.string().min(1).max(100), seq: z.number().int().min(0) }).strict().optional(),
  })
  .strict();

const filter = (max: number) => z.string().min(1).max(max).optional();

export const agentFindRequestSchema: z.ZodType<AgentFindRequest> = z
  .object({ text: filter(500), tag: filter(200), component: filter(200), file: filter(1000), limit: z.number().int().min(1).max(AGENT_FIND_LIMIT).optional() })
  .strict();

export const agentScreenshotRequestSchema: z.ZodType<AgentScreenshotRequest> = z
  .object({
    frameId: z.string().min(1).max(200).refine(hasValidIdCharacters, 'ids contain only letters, digits, hyphen and underscore').optional(),
    route: frameRouteSchema.optional(),
  })
  .strict();

/** The client's nonce, new for each handshake: 32 or more random bytes, base64url. */
export const agentHandshakeRequestSchema: z.ZodType<AgentHandshakeRequest> = z.object({ nonce: z.string().regex(/^[A-Za-z0-9_-]{43,128}$/, '32 to 96 random bytes, base64url') }).strict();

/** An empty body or `{}`: what undo and redo take. */
export const agentStepRequestSchema = z.union([z.undefined(), z.object({}).strict()]);

export const agentBridgeHelloSchema: z.ZodType<AgentBridgeHello> = z
  .object({
    pageId: z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'a page id has 1 to 100 letters, digits or hyphens'),
    canvasId: z.string().refine(isValidCanvasId, 'not a canvas id'),
  })
  .strict();

const requestIdSchema = z.string().min(1).max(100);

export const agentBridgeAnswerSchema: z.ZodType<AgentBridgeAnswer> = z.union([
  z.object({ pageId: z.string().min(1).max(100), requestId: requestIdSchema, ok: z.literal(true), result: z.unknown() }).strict(),
  z
    .object({
      pageId: z.string().min(1).max(100),
      requestId: requestIdSchema,
      ok: z.literal(false),
      error: z.object({ code: z.string().min(1).max(100), message: z.string().max(10_000), statusCode: z.number().int().min(400).max(599).optional() }),
    })
    .strict(),
]) as z.ZodType<AgentBridgeAnswer>;

/** Whose picture an `image/png` upload is (`STUDIO_API_PATHS.agentBridgeAnswerImage`'s query). */
export const agentBridgeImageQuerySchema = z.object({ pageId: z.string().min(1).max(100), requestId: requestIdSchema }).strict();

/**
 * The fields of an agent's change body that its kind's schema does not know, each with its path (`reactElement.id`):
 * the studio's schemas drop them silently, which is right for the studio's own pages but hides an agent's misspelt
 * field (`replaceExpresion`, `stylingframework`) behind a change made without it. Follows objects, optional and
 * nullable fields and arrays; what lies under any other schema is left to it.
 */
export function unknownBodyFields(schema: z.ZodType, value: unknown, at = ''): string[] {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return unknownBodyFields(schema.unwrap() as z.ZodType, value, at);
  if (schema instanceof z.ZodArray && Array.isArray(value)) return value.flatMap((item, index) => unknownBodyFields(schema.element as z.ZodType, item, `${at}${index}.`));
  if (!(schema instanceof z.ZodObject) || typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const shape = schema.shape as Record<string, z.ZodType>;
  return Object.entries(value).flatMap(([key, field]) =>
    Object.hasOwn(shape, key) ? unknownBodyFields(shape[key]!, field, `${at}${key}.`) : [`${at}${key}: not a field of this kind (its fields: ${Object.keys(shape).join(', ')})`],
  );
}
