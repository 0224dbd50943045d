/**
 * `plantation-studio mcp`: an MCP server on stdio for coding agents, over the `dev` server running for the same
 * project (docs/agents.md). It checks that server before it speaks the protocol; a client that starts it with no
 * server running (or one it may not use) gets the reason in one line on stderr and as each tool's error, until a
 * `dev` that passes the checks runs: then it connects by itself.
 */
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { agentSessionProblem } from '../../contracts/change-authors.js';
import { PACKAGE_VERSION } from '../../server/package-info.js';
import { watchAgentEvents } from './agent-events.js';
import { registerAgentTools } from './agent-tools.js';
import { boundedLines, MCP_LINE_LIMIT } from './bounded-lines.js';
import { StudioLink } from './studio-link.js';
import { registerStudioResources } from './studio-resources.js';

const INSTRUCTIONS = `plantation-studio edits a React project's source through its visual studio, which a person has open in a browser.
Start from what the person points at (get_selection, or the studio://selection resource) or find elements in the source (find_elements). Change the source with apply_change, which writes it exactly, shows it at once in the studio and lists it in Changes as yours; undo takes it back byte for byte. Prefer the project's tokens (theme) to raw values.`;

/**
 * Why: stdout carries the protocol, one JSON message a line; a stray `console.log` of any module loaded later would
 * break the client's reading of it. Whatever is logged goes to stderr, which clients show as the server's log.
 */
function keepStdoutForProtocol(): void {
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
}

export async function runMcpServer(root: string): Promise<void> {
  keepStdoutForProtocol();
  const { link, problem } = await StudioLink.open(root);
  // Served all the same: each tool answers why until a `dev` that passes the checks runs.
  if (problem) console.error(`plantation-studio mcp: ${problem}`);
  const server = new McpServer(
    { name: 'plantation-studio', version: PACKAGE_VERSION },
    { capabilities: { resources: { subscribe: true } }, instructions: INSTRUCTIONS },
  );
  // Why a session of its own: the history keeps each step's author, and this agent's undo takes back only its own.
  const session = randomUUID();
  link.session = () => {
    const client = server.server.getClientVersion()?.name;
    return { client: client && agentSessionProblem({ client, session }) === null ? client : 'MCP client', session };
  };
  registerAgentTools(server, link);
  const resources = registerStudioResources(server, link);
  const input = process.stdin.pipe(
    boundedLines(MCP_LINE_LIMIT, ({ bytes, id }) => {
      const message = `a message of ${bytes} bytes is longer than the limit of ${MCP_LINE_LIMIT} bytes a line: it was dropped`;
      console.error(`plantation-studio mcp: ${message}${id === undefined ? '' : ` (request ${JSON.stringify(id)})`}`);
      // Answered when its id could be read: the client learns at once instead of waiting for its own timeout.
      if (id !== undefined) void transport.send({ jsonrpc: '2.0', id, error: { code: ErrorCode.InvalidRequest, message: `Invalid request: ${message}` } });
    }),
  );
  const transport = new StdioServerTransport(input);
  await server.connect(transport);
  const events = watchAgentEvents(link, resources);

  let closing = false;
  const close = () => {
    if (closing) return;
    closing = true;
    events.stop();
    void server.close().finally(() => process.exit(0));
  };
  // The client ends the session by closing our stdin (then, if we linger, by SIGTERM).
  process.stdin.once('end', close);
  process.stdin.once('close', close);
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}
