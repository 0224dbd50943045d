/**
 * The 400s of the engine's calls: a change's body that its schema refuses, a canvas id that is not one, an undo or
 * redo body that is not empty or a `changeName`.
 */
import type { z } from 'zod';
import { chosenStepBodySchema, type ChosenStepBody, historyStepBodySchema } from '../../contracts/changes.js';
import { isValidCanvasId, MAX_CANVAS_ID_LENGTH } from '../../contracts/studio-routes.js';
import { AppError, appError } from '../../contracts/errors.js';

export function bodyError(kind: string, error: z.ZodError): AppError {
  const idIssue = error.issues.find((issue) => (issue as { params?: { invalidId?: boolean } }).params?.invalidId);
  if (idIssue) return appError('INVALID_CODEBASE_ID', idIssue.message);
  const detail = error.issues
    .map((issue) => {
      // A record's bad key (a prop or CSS property name): the key's own rule says why, not zod's "Invalid key".
      const keyIssues = issue.code === 'invalid_key' ? (issue as { issues?: Array<{ message: string }> }).issues : undefined;
      const message = keyIssues?.length ? keyIssues.map((inner) => inner.message).join(', ') : issue.message;
      return `${issue.path.length > 0 ? issue.path.map((part) => String(part)).join('.') : 'body'}: ${message}`;
    })
    .join('; ');
  return appError('INVALID_CHANGE', kind, detail);
}

/** Canvas ids key the history: letters, digits, hyphen and underscore, like every id of the studio. */
export function canvasError(canvasId: string): AppError | null {
  if (isValidCanvasId(canvasId)) return null;
  return appError('INVALID_CHANGE', 'canvas', `"${canvasId.slice(0, 200)}" is not a canvas id (1 to ${MAX_CANVAS_ID_LENGTH} letters, digits, hyphens or underscores)`);
}

/** Undo and redo take an empty body or only a `changeName` (`{}` and no body are the same thing). */
export function historyStepBodyError(call: string, body: unknown): AppError | null {
  if (body === undefined || body === null) return null;
  const parsed = historyStepBodySchema.safeParse(body);
  return parsed.success ? null : bodyError(call, parsed.error);
}

/** The undo of a chosen step takes its id (and may take a `changeName`): the body parsed, or why not. */
export function chosenStepBody(body: unknown): ChosenStepBody | AppError {
  const parsed = chosenStepBodySchema.safeParse(body ?? {});
  return parsed.success ? parsed.data : bodyError('undoStepToFiles', parsed.error);
}
