/**
 * An agent beside the studio, as the agent end-to-end tests start it: the real `dev` on a fresh `init` copy of the
 * console, and `plantation-studio mcp` on it driven by the MCP SDK's client over stdio.
 */
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { initConsoleCopy } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

const BIN = fileURLToPath(new URL('../bin/plantation-studio.js', import.meta.url));

export interface AgentSession {
  /** The console copy the studio edits. */
  root: string;
  server: StudioProcess;
  client: Client;
  /** Closes the client, stops `dev` and removes the copy. */
  stop(): Promise<void>;
}

export async function startAgentSession(prefix: string, clientName: string): Promise<AgentSession> {
  const { dir, root } = await initConsoleCopy(prefix);
  const server = await startStudio(['dev', '--root', root]);
  const client = new Client({ name: clientName, version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--root', root], stderr: 'pipe' }));
  return {
    root,
    server,
    client,
    async stop() {
      await client.close();
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
