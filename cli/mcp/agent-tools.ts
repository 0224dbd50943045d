/**
 * The MCP tools: each one agent call of the `dev` server (`AGENT_API_PATHS`), its input checked by a zod schema, its
 * answer made readable (`agent-answer-text.ts`). A call that fails is a tool result with `isError` and the server's
 * catalogue message, never an exception the client sees as a broken server.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import {
  AGENT_API_PATHS,
  AGENT_FIND_LIMIT,
  type AgentChangeAnswer,
  type AgentChangeList,
  type AgentFindAnswer,
  type AgentFindRequest,
  type AgentScreenshot,
  type AgentScreenshotRequest,
  type AgentSelection,
} from '../../contracts/agent-api.js';
import { MUTATION_KINDS, type MutationKind } from '../../contracts/change-kinds.js';
import { THEME_SCALES, type ProjectTheme } from '../../contracts/project-theme.js';
import type { HistoryStepAnswer } from '../../contracts/studio-api.js';
import { changesText, changeText, foundText, screenshotContent, selectionContent, stepText, themeText, type ToolContent } from './agent-answer-text.js';
import { ElementIdLedger } from './element-id-ledger.js';
import { mutationBodySignatures } from './mutation-body-signatures.js';
import type { StudioLink } from './studio-link.js';

interface ToolAnswer {
  [key: string]: unknown;
  content: ToolContent[];
  isError?: boolean;
}

/** The tool's answer, or its failure as an error result with the message an agent can act on. */
async function answer(work: () => Promise<ToolContent[] | string>): Promise<ToolAnswer> {
  try {
    const result = await work();
    return { content: typeof result === 'string' ? [{ type: 'text', text: result }] : result };
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: (error as Error).message }] };
  }
}

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;
const WRITES = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

const APPLY_CHANGE_DESCRIPTION = `Change the project's source code the way the plantation-studio editor does. \`kind\` is one of the studio's change kinds, \`body\` that kind's request (listed below). Elements are referenced as Element = {"codebaseId": "tempo-…"}, with ids from get_selection or find_elements.
The change goes through every check a change made in the studio goes through (each value against the source grammar, the result must parse, files must be as the history last wrote them, writes stay inside the project) and is refused with the reason otherwise. With a studio page open it shows at once in every frame and is listed in Changes as the agent's; undo takes it back byte for byte.
A change can move elements: the answer lists ids that changed and the ids of new elements; use those from then on.
Every body may also carry "changeName": the name Changes shows (plain text, up to 200 characters).
Examples:
addClass {"reactElement": {"codebaseId": "tempo-…"}, "className": "italic"}
styling {"reactElement": {"codebaseId": "tempo-…"}, "styling": {"color": "#b91c1c", "padding-top": "12px"}, "stylingFramework": "Tailwind"}
editText {"element": {"codebaseId": "tempo-…"}, "oldText": "Save", "newText": "Lưu"}
Bodies:
`;

function registerReadingTools(server: McpServer, link: StudioLink, ids: ElementIdLedger): void {
  server.registerTool(
    'get_selection',
    {
      title: 'What the person selected in the studio',
      description:
        'What the person has selected in the plantation-studio editor right now, frame by frame. For each element: its name, tag and codebaseId (what apply_change takes), file:line:column, its source snippet, the component it is an instance of and its props (literals or {expressions}), its classes, its key computed styles, whether a .map (repeated) or a condition renders it, and a picture of it. Needs a studio page open in a browser.',
      annotations: READ_ONLY,
    },
    () =>
      answer(async () => {
        const selection = await link.call<AgentSelection>('GET', AGENT_API_PATHS.selection);
        ids.gave(selection.frames.flatMap((frame) => frame.elements.map((element) => element.codebaseId)));
        return selectionContent(selection);
      }),
  );

  server.registerTool(
    'find_elements',
    {
      title: 'Find elements in the source',
      description: `Elements of the project's JSX by text, tag, component or file (give at least one; all given must match), with their codebaseId (what apply_change takes), file:line:column, the component they are written in, whether a .map or a condition renders them, and their source snippet. Works without a studio page. At most ${AGENT_FIND_LIMIT} elements; the answer says how many matched in all.`,
      inputSchema: {
        text: z.string().min(1).max(500).optional().describe('Text the element shows or its source contains (case-insensitive).'),
        tag: z.string().min(1).max(200).optional().describe('The tag as written, exact: "button", "Card", "motion.div".'),
        component: z.string().min(1).max(200).optional().describe('A component name: the elements written in it, or its instances.'),
        file: z.string().min(1).max(500).optional().describe('A project-relative file path, or its end: "country-card.tsx".'),
        limit: z.number().int().min(1).max(AGENT_FIND_LIMIT).optional().describe(`How many to answer (default and most: ${AGENT_FIND_LIMIT}).`),
      },
      annotations: READ_ONLY,
    },
    (request: AgentFindRequest) =>
      answer(async () => {
        const found = await link.call<AgentFindAnswer>('POST', AGENT_API_PATHS.findElements, request);
        ids.gave(found.elements.map((element) => element.codebaseId));
        return foundText(found);
      }),
  );

  server.registerTool(
    'screenshot',
    {
      title: 'A picture of a studio frame',
      description:
        'A PNG of what a frame of the studio canvas shows, at its route and viewport. Without arguments: the frame of the selection, else the first frame. Needs a studio page open in a browser.',
      inputSchema: {
        frameId: z.string().min(1).max(200).optional().describe('A frame id (get_selection names them).'),
        route: z.string().min(1).max(2000).optional().describe('The first frame showing this route ("/drone").'),
      },
      annotations: READ_ONLY,
    },
    (request: AgentScreenshotRequest) => answer(async () => screenshotContent(await link.call<AgentScreenshot>('POST', AGENT_API_PATHS.screenshot, request))),
  );

  server.registerTool(
    'theme',
    {
      title: "The project's design tokens",
      description:
        "The project's design tokens as its own Tailwind states them (colours, spacing, font sizes, weights and families, line heights, letter spacing, radii, shadows, breakpoints): the names its utilities use, their values and where each is declared. Use them rather than raw values in apply_change.",
      inputSchema: { scale: z.enum(THEME_SCALES).optional().describe('Only this scale.') },
      annotations: READ_ONLY,
    },
    ({ scale }: { scale?: (typeof THEME_SCALES)[number] }) => answer(async () => themeText(await link.call<ProjectTheme>('GET', AGENT_API_PATHS.theme), scale)),
  );

  server.registerTool(
    'list_changes',
    {
      title: 'The undo history',
      description:
        "The canvas's written changes, oldest first: what undo takes back (the last done) and what redo writes again (the first undone), each with its name, kind, files, time, who made it (studio or agent) and whether a file changed on disk since.",
      annotations: READ_ONLY,
    },
    () => answer(async () => changesText(await link.call<AgentChangeList>('GET', AGENT_API_PATHS.changes))),
  );
}

function registerWritingTools(server: McpServer, link: StudioLink, ids: ElementIdLedger): void {
  server.registerTool(
    'apply_change',
    {
      title: 'Change the source, as the studio does',
      description: APPLY_CHANGE_DESCRIPTION + mutationBodySignatures(MUTATION_KINDS),
      inputSchema: {
        kind: z.enum(MUTATION_KINDS as [MutationKind, ...MutationKind[]]).describe('The change kind.'),
        body: z.record(z.string(), z.unknown()).describe("The kind's request body (see the list in the description)."),
      },
      annotations: WRITES,
    },
    ({ kind, body }: { kind: MutationKind; body: Record<string, unknown> }) =>
      answer(async () => {
        // An id read before one of this session's writes moved its element is carried to its new one, or refused.
        const resolved = ids.resolveBody(body);
        const written = await link.call<AgentChangeAnswer>('POST', AGENT_API_PATHS.applyChange, { kind, body: resolved.body });
        ids.wrote(written, 'change');
        return changeText(kind, written, resolved.carried);
      }),
  );

  for (const [name, step, path] of [
    ['undo', 'Undid', AGENT_API_PATHS.undo],
    ['redo', 'Redid', AGENT_API_PATHS.redo],
  ] as const) {
    server.registerTool(
      name,
      {
        title: name === 'undo' ? 'Undo your last change' : 'Redo your last undone change',
        description:
          name === 'undo'
            ? "Take back this session's own last change (never the person's nor another agent's), restoring its bytes; later changes of others to other parts of its files are kept. Refused, with nothing written, when a later change of someone else touched the same part (the answer names it), or when a file was changed by hand since."
            : 'Write again the change your undo last took back, around later changes of others. Refused, with nothing written, when a later change touched the same part, or a file was changed by hand since.',
        annotations: WRITES,
      },
      () =>
        answer(async () => {
          const done = await link.call<HistoryStepAnswer>('POST', path, {});
          ids.wrote(done, name);
          return stepText(step, done);
        }),
    );
  }
}

export function registerAgentTools(server: McpServer, link: StudioLink): void {
  const ids = new ElementIdLedger();
  registerReadingTools(server, link, ids);
  registerWritingTools(server, link, ids);
}
