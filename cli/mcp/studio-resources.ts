/**
 * The MCP resources: the studio's selection (`studio://selection`) and the undo history (`studio://changes`), as
 * JSON. A client that subscribes to one gets `notifications/resources/updated` when the `dev` server's events
 * stream says it changed, so an agent can follow what the person points at.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { AGENT_API_PATHS, type AgentChangeList, type AgentEvent, type AgentSelection } from '../../contracts/agent-api.js';
import { selectionWithoutImages } from './agent-answer-text.js';
import type { StudioLink } from './studio-link.js';

export const SELECTION_URI = 'studio://selection';
export const CHANGES_URI = 'studio://changes';

const URI_OF_EVENT: Partial<Record<AgentEvent['type'], string>> = {
  'selection-changed': SELECTION_URI,
  'history-changed': CHANGES_URI,
};

export interface StudioResources {
  /** Tells subscribers of the resource an event is about. */
  onEvent(event: AgentEvent): void;
  /** Tells every subscriber: events may have been missed. */
  onReopen(): void;
}

export function registerStudioResources(server: McpServer, link: StudioLink): StudioResources {
  const json = (uri: URL, value: unknown) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(value) }] });
  server.registerResource(
    'selection',
    SELECTION_URI,
    {
      title: 'The studio selection',
      description:
        'What the person has selected in the studio now (as get_selection answers it, without the images), as JSON. Subscribe to hear when they select something else.',
      mimeType: 'application/json',
    },
    async (uri) => json(uri, selectionWithoutImages(await link.call<AgentSelection>('GET', AGENT_API_PATHS.selection))),
  );
  server.registerResource(
    'changes',
    CHANGES_URI,
    {
      title: 'The undo history',
      description: "The canvas's written changes (as list_changes answers them), as JSON. Subscribe to hear of every change, undo and redo.",
      mimeType: 'application/json',
    },
    async (uri) => json(uri, await link.call<AgentChangeList>('GET', AGENT_API_PATHS.changes)),
  );

  const subscribed = new Set<string>();
  const known = new Set([SELECTION_URI, CHANGES_URI]);
  server.server.setRequestHandler(SubscribeRequestSchema, (request) => {
    if (!known.has(request.params.uri)) throw new McpError(ErrorCode.InvalidParams, `No resource ${request.params.uri}: there are ${[...known].join(' and ')}`);
    subscribed.add(request.params.uri);
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });
  const updated = (uri: string) => {
    if (subscribed.has(uri) && server.isConnected()) void server.server.sendResourceUpdated({ uri }).catch(() => undefined);
  };
  return {
    onEvent: (event) => {
      const uri = URI_OF_EVENT[event.type];
      if (uri) updated(uri);
    },
    onReopen: () => subscribed.forEach(updated),
  };
}
