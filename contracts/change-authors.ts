/**
 * Who made a change: a person in the studio, or a coding agent through the agent calls (`agent-api.ts`). A module of
 * its own, without zod, because the server's history reads it at start-up, before anything loads zod.
 */
export const CHANGE_AUTHORS = ['studio', 'agent'] as const;
export type ChangeAuthor = (typeof CHANGE_AUTHORS)[number];

/**
 * One agent session: the name its MCP client gives itself (`clientInfo.name`) and an id the `mcp` process makes when
 * it starts. An agent's undo and redo take back only the steps of its own session.
 */
export interface AgentSessionRef {
  client: string;
  session: string;
}

/**
 * The header an agent call, and the studio page's write carrying it out, names its session with:
 * `<session> <client, percent-encoded>` (a header is ASCII; a client's name may not be).
 */
export const AGENT_SESSION_HEADER = 'x-plantation-studio-agent-session';

const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;
const CLIENT_NAME_LIMIT = 100;

/** Why a session is not one to keep, or null: an id of letters, digits, `-`, `_`; a name of plain text. */
export function agentSessionProblem(value: unknown): string | null {
  const ref = value as AgentSessionRef;
  if (typeof ref !== 'object' || ref === null || typeof ref.session !== 'string' || typeof ref.client !== 'string') return 'it is not a session';
  if (!SESSION_ID.test(ref.session)) return 'its id is not 1 to 64 letters, digits, - or _';
  if (ref.client.length === 0 || ref.client.length > CLIENT_NAME_LIMIT || /\p{Cc}/u.test(ref.client)) {
    return `its client name is not 1 to ${CLIENT_NAME_LIMIT} characters of plain text`;
  }
  return null;
}

export function agentSessionHeaderValue(ref: AgentSessionRef): string {
  return `${ref.session} ${encodeURIComponent(ref.client)}`;
}

/** The session a header names, or null when it names none that may be kept. */
export function agentSessionOfHeader(value: string | string[] | undefined): AgentSessionRef | null {
  if (typeof value !== 'string') return null;
  const space = value.indexOf(' ');
  if (space < 0) return null;
  let client: string;
  try {
    client = decodeURIComponent(value.slice(space + 1));
  } catch {
    return null;
  }
  const ref = { session: value.slice(0, space), client };
  return agentSessionProblem(ref) === null ? ref : null;
}

/** Whose steps an undo or redo takes back: the person's, any agent's, or one agent session's. */
export type StepOwner = { by: 'studio' } | { by: 'agent'; agent?: AgentSessionRef };

/** Why a stored owner (who undid a step) is not one, or null. */
export function stepOwnerProblem(value: unknown): string | null {
  const owner = value as StepOwner;
  if (typeof owner !== 'object' || owner === null || !CHANGE_AUTHORS.includes(owner.by)) return 'it is not an author';
  if (owner.by === 'agent' && owner.agent !== undefined) return agentSessionProblem(owner.agent);
  return Object.keys(owner).every((key) => key === 'by' || (key === 'agent' && owner.by === 'agent')) ? null : 'it is not an author';
}

/** Whether a step made by `by` (absent: the studio) in session `agent` is one of `owner`'s. */
export function ownsStep(owner: StepOwner, by: ChangeAuthor | undefined, agent: AgentSessionRef | undefined): boolean {
  if (owner.by === 'studio') return (by ?? 'studio') === 'studio';
  if (by !== 'agent') return false;
  return owner.agent === undefined || agent?.session === owner.agent.session;
}

/** Whether `other` (who undid a step) is `owner`, or one of its sessions when `owner` names none. */
export function ownedBy(owner: StepOwner, other: StepOwner): boolean {
  return ownsStep(owner, other.by, other.by === 'agent' ? other.agent : undefined);
}

/** How a step's author is said: `the studio`, `an agent`, `Claude Code (session 1a2b…)`. */
export function authorLabel(by: ChangeAuthor | undefined, agent: AgentSessionRef | undefined): string {
  if ((by ?? 'studio') === 'studio') return 'the person in the studio';
  return agent ? `the agent ${agent.client} (session ${agent.session.slice(0, 8)})` : 'an agent';
}
