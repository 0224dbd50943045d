/**
 * How every MCP tool answers: its work's prose and structured content, or its failure as an `isError` result with
 * the message an agent can act on (never an exception the client sees as a broken server), with progress
 * notifications while it lasts; and the annotations the tools share.
 */
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { ToolContent } from './agent-answer-text.js';

export interface ToolAnswer {
  [key: string]: unknown;
  content: ToolContent[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** What a tool's work gives: its prose (and images), and the same answer as data (`tool-outputs.ts`). */
export interface ToolResult {
  content: ToolContent[] | string;
  structured: object;
}

/** How often a call that lasts says it is still going, for a client that asked for progress. */
const PROGRESS_EVERY_MS = 1000;

/**
 * The tool's answer, or its failure as an error result with the message an agent can act on. A client that gave a
 * progress token hears, each second the call lasts, that it is still going (a page's answer can take seconds).
 */
export async function answer(extra: ToolExtra, work: () => Promise<ToolResult>): Promise<ToolAnswer> {
  const token = extra._meta?.progressToken;
  let ticks = 0;
  const timer =
    token === undefined
      ? undefined
      : setInterval(() => {
          ticks += 1;
          const params = { progressToken: token, progress: ticks, message: `waiting for the studio (${ticks} s)` };
          void extra.sendNotification({ method: 'notifications/progress', params }).catch(() => undefined);
        }, PROGRESS_EVERY_MS);
  try {
    const { content, structured } = await work();
    return { content: typeof content === 'string' ? [{ type: 'text', text: content }] : content, structuredContent: structured as Record<string, unknown> };
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: (error as Error).message }] };
  } finally {
    clearInterval(timer);
  }
}

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;
export const WRITES = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;
