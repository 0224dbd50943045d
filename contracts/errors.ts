/**
 * The one error catalogue of the server: every error it answers with has a code here, with its status and the
 * message a person reads. Handlers throw `appError(code, …)`; the error handler in create-server turns it into
 * JSON `{code, message}` (plus `errors` for validation), so no plugin invents its own error shape. A code added here
 * is documented by `npm run docs:errors`, which writes docs/errors.md (its test fails until it is run).
 */
import { MAX_CANVAS_ID_LENGTH } from './studio-routes.js';

type Catalogue = {
  [code: string]: { status: number; message: (...args: never[]) => string };
};

/** How many places a `TEXT_HOME_AMBIGUOUS` answer names before it counts the rest. */
export const AMBIGUOUS_PLACES_SHOWN = 40;

export const ERRORS = {
  BAD_REQUEST: { status: 400, message: (detail: string) => detail },
  INVALID_JSON: { status: 400, message: (detail: string) => `The request body is not valid JSON: ${detail}` },
  VALIDATION_FAILED: {
    status: 400,
    message: (where: string) => `Invalid ${where}: see errors for each field`,
  },
  INVALID_CHANGE: { status: 400, message: (kind: string, detail: string) => `Invalid change (${kind}): ${detail}` },
  INVALID_CODEBASE_ID: { status: 400, message: (detail: string) => detail },
  UNKNOWN_CHANGE_KIND: {
    status: 400,
    message: (kind: string, known: readonly string[]) => `Unknown change type: ${kind} (known: ${known.join(', ')})`,
  },
  PROJECT_READ_ONLY: {
    status: 403,
    message: (root: string) =>
      `The console in ${root} is the one installed with the studio, served read-only: nothing is written there. Run \`plantation-studio init <folder>\` to make a project of your own, then \`plantation-studio dev --root <folder>\``,
  },
  PATH_FORBIDDEN: {
    status: 403,
    message: (path: string, why: string) => `The studio may not read or write "${path}": ${why}`,
  },
  ELEMENT_NOT_FOUND: {
    status: 404,
    message: (id: string, detail: string) => `Element ${id} not found: ${detail}`,
  },
  SOURCE_CONFLICT: { status: 409, message: (detail: string) => detail },
  STALE_ELEMENT: {
    status: 409,
    message: (id: string, why: string) =>
      `Element ${id} is stale: ${why}, so the id may now name another element. Nothing was written; find the element again (find_elements, get_selection) and use the id answered then.`,
  },
  TEXT_HOME_AMBIGUOUS: {
    status: 409,
    // Why a bound: a component used a thousand times would make an answer of a thousand places; the count says the rest.
    message: (where: string, places: string[]) =>
      `The words of ${where} are written in ${places.length} places (${places.slice(0, AMBIGUOUS_PLACES_SHOWN).join(', ')}${
        places.length > AMBIGUOUS_PLACES_SHOWN ? `, and ${places.length - AMBIGUOUS_PLACES_SHOWN} more` : ''
      }); say which instance (the call sites it is rendered through) to change one`,
  },
  NOTHING_TO_UNDO: { status: 409, message: (what: 'undo' | 'redo', canvasId: string) => `Nothing to ${what} on canvas ${canvasId}` },
  STEP_NOT_DONE: {
    status: 409,
    message: (stepId: string, canvasId: string) =>
      `No step ${stepId} can be undone on canvas ${canvasId}: it is undone already or no longer in the history`,
  },
  STEP_OVERLAPPED: {
    status: 409,
    message: (what: 'Undo' | 'Redo', step: string, file: string, later: string) =>
      `${what} of "${step}" is refused: ${later} changed the same part of ${file} since, and it depends on it. Nothing was written; that step must be undone first.`,
  },
  UNWRITABLE_PATTERN: {
    status: 422,
    message: (where: string, why: string) => `Cannot write this change back faithfully (${where}): ${why}`,
  },
  INVALID_NESTING: {
    status: 422,
    message: (refused: string, why: string) => `${refused}: ${why}. Nothing was written.`,
  },
  PROP_BOUND_TO_EXPRESSION: {
    status: 422,
    message: (where: string, expression: string) =>
      `The ${where} is bound to the expression {${expression}}: a value written over it would lose that binding. Change it in the source, or send replaceExpression: true to replace it anyway.`,
  },
  FILE_NOT_WRITABLE: {
    status: 403,
    message: (path: string, why: string) => `The studio cannot write "${path}": ${why}. Nothing was written.`,
  },
  DISK_FULL: {
    status: 507,
    message: (path: string) => `The studio cannot write "${path}": the disk is full (or the user's disk quota is used up). Nothing was written: free some space and try again.`,
  },
  NO_CODE_EDITOR: {
    status: 409,
    message: (path: string) =>
      `No code editor is configured to open ${path}: set LAUNCH_EDITOR (or VISUAL or EDITOR) to your editor's command, for example \`code\`, and start dev again.`,
  },
  CODE_EDITOR_FAILED: {
    status: 502,
    message: (editor: string, why: string) => `The code editor "${editor}" could not open the file: ${why}`,
  },
  BAD_CREDENTIALS: { status: 401, message: () => 'Wrong username or password' },
  FORBIDDEN_HOST: {
    status: 403,
    message: (host: string) =>
      `Host "${host}" is not allowed. Open the studio through localhost or an IP address, or pass --allowed-host ${host}.`,
  },
  MALFORMED_HOST: {
    status: 400,
    message: (host: string, why: string) => `The request's host "${host}" is refused: ${why}`,
  },
  CROSS_SITE_REFUSED: {
    status: 403,
    message: (what: string, why: string) => `${what} refused: ${why}. Only this server's own pages may ask for it.`,
  },
  STUDIO_WRITE_REFUSED: {
    status: 403,
    message: (why: string) => `Studio call refused: ${why}. Studio calls come only from the studio page of this server.`,
  },
  INVALID_CANVAS_ID: {
    status: 400,
    message: (id: string) => `Invalid canvas id "${id}": a canvas id has 1 to ${MAX_CANVAS_ID_LENGTH} letters, digits, hyphens or underscores`,
  },
  CANVAS_ID_MISMATCH: {
    status: 400,
    message: (bodyId: string, pathId: string) => `The canvas document's id "${bodyId}" is not the id of the address ("${pathId}")`,
  },
  CANVAS_UNREADABLE: {
    status: 409,
    message: (file: string, detail: string) =>
      `The stored canvas ${file} cannot be used: ${detail}. The file was left as it is: fix it or delete it to start the canvas anew.`,
  },
  EDITOR_NOT_BUILT: {
    status: 500,
    message: (file: string) => `The studio's editor is not built (${file} is missing): run npm run build in the plantation-studio package.`,
  },
  NOT_FOUND: { status: 404, message: (what: string) => `${what} not found` },
  ROUTE_NOT_FOUND: {
    status: 404,
    message: (method: string, url: string) => `Route ${method} ${url} not found`,
  },
  SOCKET_NOT_FOUND: {
    status: 404,
    message: (path: string) => `No WebSocket is served at ${path}: the only one here is the console's live-reload socket`,
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    message: (method: string, url: string, allowed: readonly string[]) => `Method ${method} is not allowed on ${url} (allowed: ${allowed.join(', ')})`,
  },
  USERNAME_TAKEN: { status: 409, message: (username: string) => `The username "${username}" is already taken` },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    message: (limit: number) => `The request body is larger than the limit of ${limit} bytes`,
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: (type: string) => `Unsupported content type "${type}": send application/json`,
  },
  TAILWIND_ENTRY_FAILED: {
    status: 422,
    message: (entry: string, detail: string) => `The project's Tailwind entry ${entry} does not compile: ${detail}`,
  },
  FORCED_STATUS: {
    status: 500,
    message: (status: number, why: string) => `Mock answered ${status} because ${why}`,
  },
  AGENT_REFUSED: {
    status: 401,
    message: (why: string) => `Agent call refused: ${why}`,
  },
  AGENT_NO_STUDIO_PAGE: {
    status: 409,
    message: (url: string, what: string) => `No studio page is open to ${what}: open ${url}/_studio/ in a browser`,
  },
  AGENT_PAGE_TIMEOUT: {
    status: 504,
    message: (what: string, ms: number) => `The studio page did not ${what} within ${ms} ms`,
  },
  AGENT_FRAME_NOT_READY: {
    status: 409,
    message: (frame: string) => `The frame ${frame} has no studio overlay ready: it is loading, or its page did not start the overlay`,
  },
  AGENT_FRAME_NOT_RENDERED: {
    status: 409,
    message: (frame: string, seconds: number) =>
      `The frame ${frame} showed nothing of its page within ${seconds} s (still loading, or an empty or failing page): page_messages tells its errors; try again later`,
  },
  MOCK_DATA_NOT_SAVED: {
    status: 507,
    message: (file: string, why: string) => `The mock could not save its data to ${file} (${why}): the change was not made`,
  },
  INTERNAL: { status: 500, message: (detail: string) => `Internal error: ${detail}` },
  UPSTREAM_UNREACHABLE: {
    status: 502,
    message: (upstream: string, detail: string) => `The API host ${upstream} could not be reached: ${detail}`,
  },
  UPSTREAM_BAD_ANSWER: {
    status: 502,
    message: (upstream: string, detail: string) => `The API host ${upstream} gave a broken answer: ${detail}`,
  },
  UPSTREAM_REFUSED: {
    status: 502,
    message: (upstream: string, detail: string) => `The API host ${upstream} could not be reached: it refused the connection (${detail})`,
  },
  UPSTREAM_UNKNOWN_HOST: {
    status: 502,
    message: (upstream: string, detail: string) => `The API host ${upstream} could not be reached: its name is unknown (${detail})`,
  },
  UPSTREAM_RESET: {
    status: 502,
    message: (upstream: string, detail: string) => `The API host ${upstream} closed the connection before answering: ${detail}`,
  },
  UPSTREAM_BAD_CERTIFICATE: {
    status: 502,
    message: (upstream: string, detail: string) => `The API host ${upstream} has a certificate that cannot be trusted: ${detail}`,
  },
  UPSTREAM_SATURATED: {
    status: 503,
    message: (upstream: string, limit: number) =>
      `This server already has ${limit} calls in flight to the API host ${upstream}: try again when some have answered`,
  },
  UPSTREAM_TIMEOUT: {
    status: 504,
    message: (upstream: string, ms: number) => `The API host ${upstream} did not answer in full within ${ms} ms (--api-timeout)`,
  },
} as const satisfies Catalogue;

export type ErrorCode = keyof typeof ERRORS;

export interface FieldErrorDetail {
  field: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrorDetail[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  toJSON(): { code: ErrorCode; message: string; errors?: FieldErrorDetail[] } {
    return this.errors ? { code: this.code, message: this.message, errors: this.errors } : { code: this.code, message: this.message };
  }
}

export function appError<C extends ErrorCode>(
  code: C,
  ...args: Parameters<(typeof ERRORS)[C]['message']>
): AppError {
  const entry = ERRORS[code];
  const message = (entry.message as (...a: unknown[]) => string)(...args);
  return new AppError(code, entry.status, message);
}

/** A 400 that names every bad field, as drone create and update answer (docs/console.md#drone-rules). */
export function validationError(where: string, errors: FieldErrorDetail[]): AppError {
  return new AppError('VALIDATION_FAILED', 400, ERRORS.VALIDATION_FAILED.message(where), errors);
}

/**
 * The plantation API's 400 (the mock's): the same code and fields, with its message in the console's language, like
 * every validation message of the API (contracts/api-messages.ts).
 */
export function apiValidationError(what: string, errors: FieldErrorDetail[]): AppError {
  return new AppError('VALIDATION_FAILED', 400, `Dữ liệu không hợp lệ (${what}): xem lỗi của từng trường`, errors);
}

/** A schema's failure (zod's issues) as the catalogue's list of bad fields; `whole` names an issue of the whole value. */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>, whole = 'body'): FieldErrorDetail[] {
  return issues.map((issue) => ({ field: issue.path.length > 0 ? issue.path.map(String).join('.') : whole, message: issue.message }));
}

/** An error with a status chosen at run time (the mock's forced statuses and faults). */
export function forcedError(status: number, why: string): AppError {
  return new AppError('FORCED_STATUS', status, ERRORS.FORCED_STATUS.message(status, why));
}
