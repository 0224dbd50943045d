/**
 * The errors an agent's request meets in the page, as the bridge answers them: a code of the catalogue with its
 * message and status, whether the page refused the request itself or the server refused the page's write.
 */
import { ERRORS, type ErrorCode } from '@contracts/errors.js';

export type AgentErrorBody = { code: string; message: string; statusCode?: number };

/** A refusal of the page itself, with its catalogue code. */
export class AgentRequestError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AgentRequestError';
  }

  get statusCode(): number {
    return ERRORS[this.code].status;
  }
}

/** Any failure as an answer: a server's `{code, message, status(Code)}` keeps its code; anything else is internal. */
export function agentErrorOf(error: unknown): AgentErrorBody {
  if (error instanceof AgentRequestError) return { code: error.code, message: error.message, statusCode: error.statusCode };
  if (error && typeof error === 'object') {
    const { code, message, statusCode, status } = error as { code?: unknown; message?: unknown; statusCode?: unknown; status?: unknown };
    if (typeof code === 'string' && code && typeof message === 'string') {
      const answerStatus = typeof statusCode === 'number' ? statusCode : typeof status === 'number' && status > 0 ? status : undefined;
      return { code, message, ...(answerStatus !== undefined ? { statusCode: answerStatus } : {}) };
    }
  }
  const text = error instanceof Error ? error.message : String(error);
  return { code: 'INTERNAL', message: ERRORS.INTERNAL.message(text), statusCode: ERRORS.INTERNAL.status };
}
