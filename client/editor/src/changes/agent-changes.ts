/**
 * What a coding agent asks of the studio page's change engine (docs/agents.md): a change given as the body of a
 * `mutate/{kind}` call, an undo, a redo. Each is made exactly as a designer's, through the engine's own path; this
 * module turns the agent's request into the change and the change's end into the agent's answer: the server's own
 * answer once written, or `{code, message, statusCode}` (the server's catalogue error as it answered) when it failed.
 */
import type { AgentInstantCss } from '@contracts/agent-api.js';
import { changeOfBody, isMutationKind, MUTATION_KINDS, type ChangeOf, type InvolvedClass, type MutationAnswer } from '@contracts/change-kinds.js';
import { mutationBodySchemas } from '@contracts/changes.js';
import { ERRORS } from '@contracts/errors.js';
import { StudioCallError, UNREACHABLE_CODE } from '../api/studio-client.js';
import type { EditorChange } from './change-store.js';

/** The answer to one write, as the engine hears it before the change ends. */
export type WriteOutcome = { ok: true; answer: MutationAnswer } | { ok: false; error: unknown };

/** Why an agent's call failed: the catalogue's code and message, and the status the server answered with. */
export interface AgentCallFailure {
  code: string;
  message: string;
  statusCode: number;
}

const failure = (code: string, message: string, statusCode: number): AgentCallFailure => ({ code, message, statusCode });

/**
 * The change an agent's body asks for, with the name it gives it (`changeName`). The server checked the body
 * already; the page checks it again with the same schema, so that no body it refuses ever becomes a change.
 * Throws an `AgentCallFailure` (`UNKNOWN_CHANGE_KIND`, `INVALID_CHANGE`) for one it refuses.
 */
export function agentChangeOf(kind: string, body: unknown, instantCss?: AgentInstantCss): ChangeOf & { name?: string } {
  if (!isMutationKind(kind)) throw failure('UNKNOWN_CHANGE_KIND', ERRORS.UNKNOWN_CHANGE_KIND.message(kind, MUTATION_KINDS), ERRORS.UNKNOWN_CHANGE_KIND.status);
  const parsed = mutationBodySchemas[kind].safeParse(body);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : 'body'}: ${issue.message}`).join('; ');
    throw failure('INVALID_CHANGE', ERRORS.INVALID_CHANGE.message(kind, detail), ERRORS.INVALID_CHANGE.status);
  }
  const name = parsed.data.changeName;
  return { ...withInstantCss(changeOfBody(kind, parsed.data), instantCss), ...(name ? { name } : {}) };
}

/** The CSS of a class whose rules came with the first one's: valid CSS that adds nothing. */
const SHARED_RULES = '/* with the first added class */';

/**
 * The change with the CSS the server computed for the classes it adds, where its instant update takes it: an added
 * class's `cssEquivalent` (as the inspector's Enter carries it), an updated list's `involvedClasses`. The same rules
 * serve every class they hold, so the first class carries them and the others a comment: each then counts as having
 * its CSS, and the rules are added once. A class without a rule is left to the frame to ask for, as before.
 */
export function withInstantCss(change: ChangeOf, instantCss: AgentInstantCss | undefined): ChangeOf {
  if (!instantCss || typeof instantCss.css !== 'string' || !instantCss.css.trim() || !Array.isArray(instantCss.classes)) return change;
  const known = instantCss.classes.filter((name): name is string => typeof name === 'string');
  if (change.type === 'ADD_CLASS') {
    if (!known.includes(change.changeFields.className)) return change;
    return { ...change, changeFields: { ...change.changeFields, cssEquivalent: instantCss.css } };
  }
  if (change.type === 'UPDATE_CLASSES') {
    const added = change.changeFields.newClasses.filter((name) => known.includes(name) && !change.changeFields.oldClasses.includes(name));
    if (added.length === 0) return change;
    const involvedClasses: InvolvedClass[] = added.map((tailwind, i) => ({ tailwind, css: i === 0 ? instantCss.css : SHARED_RULES }));
    return { ...change, changeFields: { ...change.changeFields, involvedClasses } };
  }
  return change;
}

/** What failed a write, as the agent reads it: the server's refusal as it answered, else what the page met. */
export function failureOfWrite(error: unknown): AgentCallFailure {
  if (error instanceof StudioCallError) {
    // No answer at all: the server went away while the page was writing (it answers the agent itself when it can).
    if (error.code === UNREACHABLE_CODE) return failure(UNREACHABLE_CODE, error.message, 503);
    return failure(error.code, error.message, error.status);
  }
  return failure('INTERNAL', ERRORS.INTERNAL.message(error instanceof Error ? error.message : String(error)), ERRORS.INTERNAL.status);
}

/**
 * Runs one of the engine's writes for an agent: resolves with the server's answer once the change ended written;
 * rejects with an `AgentCallFailure` when the server refused it, and when the engine ended it before it was sent
 * (a studio that cannot write, the server out of reach for an undo), with the engine's reason.
 */
export async function settleForAgent<A extends MutationAnswer>(write: (onOutcome: (outcome: WriteOutcome) => void) => Promise<EditorChange>): Promise<A> {
  let outcome: WriteOutcome | undefined;
  const change = await write((heard) => {
    outcome = heard;
  });
  const heard = outcome as WriteOutcome | undefined;
  if (heard?.ok && change.state === 'succeeded') return heard.answer as A;
  if (heard && !heard.ok) throw failureOfWrite(heard.error);
  throw failureOfWrite(new Error(change.error ?? `the change ended ${change.state}`));
}
