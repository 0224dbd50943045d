/**
 * The `dev` server's events stream, kept open for as long as the MCP server runs: each event goes to `onEvent`; a
 * stream that drops (the server restarted, a laptop slept) is opened again after a growing delay, through a
 * connection file written since if there is one. Events sent while it was down are lost, so a stream opened again
 * says so with `onReopen` (whoever listens treats everything as possibly changed).
 */
import { AGENT_API_PATHS, AGENT_STREAM_KEEPALIVE_MS, type AgentEvent } from '../../contracts/agent-api.js';
import { agentStream, type AgentStream } from './agent-http.js';
import type { StudioLink } from './studio-link.js';

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 5_000;
/** Two keepalives missed: the connection is dead even if no error said so. */
const SILENCE_MS = AGENT_STREAM_KEEPALIVE_MS * 2 + 5_000;

const EVENT_TYPES = new Set<AgentEvent['type']>(['selection-changed', 'history-changed', 'keepalive']);

function isEvent(value: unknown): value is AgentEvent {
  return typeof value === 'object' && value !== null && EVENT_TYPES.has((value as { type: AgentEvent['type'] }).type);
}

export interface EventWatch {
  stop(): void;
}

export function watchAgentEvents(link: StudioLink, handlers: { onEvent: (event: AgentEvent) => void; onReopen: () => void }): EventWatch {
  let stopped = false;
  let stream: AgentStream | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = FIRST_RETRY_MS;
  let opened = 0;

  const again = async () => {
    if (stopped) return;
    // A `dev` started meanwhile has a new secret and maybe a new port (or is the first one found).
    await link.refresh();
    if (stopped) return;
    retry = setTimeout(open, delay);
    delay = Math.min(delay * 2, LAST_RETRY_MS);
  };
  const open = () => {
    if (stopped) return;
    const connection = link.current();
    if (!connection) return void again();
    stream = agentStream(connection, AGENT_API_PATHS.events, {
      silenceMs: SILENCE_MS,
      onOpen: () => {
        delay = FIRST_RETRY_MS;
        if (opened++ > 0) handlers.onReopen();
      },
      onLine: (value) => {
        if (isEvent(value) && value.type !== 'keepalive') handlers.onEvent(value);
      },
    });
    void stream.ended.then(again);
  };
  open();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(retry);
      stream?.close();
    },
  };
}
