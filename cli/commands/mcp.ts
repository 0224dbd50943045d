import { Command } from 'commander';
import { resolveConsoleRoot } from '../options.js';

interface McpFlags {
  root?: string;
}

export function mcpCommand(): Command {
  return new Command('mcp')
    .description(
      "an MCP server on stdio for coding agents: the studio's selection, the project's elements and theme, and changes written as the studio writes them, through the dev server running for the project",
    )
    .option('--root <dir>', 'the project whose dev server to use (default: a project made by init here, else the bundled console)')
    .action(async (flags: McpFlags) => {
      const root = resolveConsoleRoot(flags.root);
      // Loaded on use: the MCP SDK and zod are for this command alone, and the others start without them.
      const { runMcpServer } = await import('../mcp/run-mcp-server.js');
      await runMcpServer(root);
    });
}
