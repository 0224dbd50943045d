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
import { THEME_SCALES, type ProjectTheme, type ThemeScale } from '../../contracts/project-theme.js';
import type { HistoryStepAnswer } from '../../contracts/studio-api.js';
import { changesText, changeText, foundText, screenshotContent, selectionContent, selectionWithoutImages, stepText, themeText } from './agent-answer-text.js';
import { registerCanvasTools } from './agent-canvas-tools.js';
import { registerAgentReadTools } from './agent-read-tools.js';
import { applyWithIds, callGivingIds, ElementIdLedger, syncIds } from './element-id-ledger.js';
import { mutationBodySignatures } from './mutation-body-signatures.js';
import {
  CHANGE_OUTPUT,
  CHANGES_OUTPUT,
  FIND_OUTPUT,
  FOUND_FIELDS,
  foundWithFields,
  free,
  latestChanges,
  SCREENSHOT_OUTPUT,
  SELECTION_OUTPUT,
  STEP_OUTPUT,
  THEME_OUTPUT,
  themeOutput,
  type FoundField,
} from './tool-outputs.js';
import type { StudioLink } from './studio-link.js';
import { answer, READ_ONLY, WRITES } from './tool-answer.js';

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
      outputSchema: SELECTION_OUTPUT,
      annotations: READ_ONLY,
    },
    (extra) =>
      answer(extra, async () => {
        const selection = await callGivingIds(
          ids,
          link,
          extra.signal,
          () => link.call<AgentSelection>('GET', AGENT_API_PATHS.selection, undefined, extra.signal),
          (given) => given.frames.flatMap((frame) => frame.elements.map((element) => element.codebaseId)),
        );
        return { content: selectionContent(selection), structured: selectionWithoutImages(selection) };
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
        fields: z.array(z.enum(FOUND_FIELDS)).optional().describe('Only these fields of each element (codebaseId always); e.g. ["file", "line"] without the snippets.'),
      },
      outputSchema: FIND_OUTPUT,
      annotations: READ_ONLY,
    },
    ({ fields, ...request }: AgentFindRequest & { fields?: FoundField[] }, extra) =>
      answer(extra, async () => {
        const found = await callGivingIds(
          ids,
          link,
          extra.signal,
          async () => foundWithFields(await link.call<AgentFindAnswer>('POST', AGENT_API_PATHS.findElements, request, extra.signal), fields),
          (given) => given.elements.map((element) => element.codebaseId),
        );
        return { content: foundText(found), structured: found };
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
        route: z.string().min(1).max(2000).optional().describe('The first frame showing this route ("/drone"); one is opened for it when none does.'),
      },
      outputSchema: SCREENSHOT_OUTPUT,
      annotations: READ_ONLY,
    },
    (request: AgentScreenshotRequest, extra) =>
      answer(extra, async () => {
        const { image: _image, ...shot } = await link.call<AgentScreenshot>('POST', AGENT_API_PATHS.screenshot, request, extra.signal);
        return { content: screenshotContent({ ...shot, image: _image }), structured: shot };
      }),
  );

  server.registerTool(
    'theme',
    {
      title: "The project's design tokens",
      description:
        "The project's design tokens as its own Tailwind states them (colours, spacing, font sizes, weights and families, line heights, letter spacing, radii, shadows, breakpoints): the names its utilities use, their values and where each is declared. Without a scale: each scale's count and first names; with one: its tokens and values. Use them rather than raw values in apply_change.",
      inputSchema: {
        scale: z.enum(THEME_SCALES).optional().describe('This scale, with its tokens and values.'),
        limit: z.number().int().min(1).max(1000).optional().describe("At most this many of the scale's tokens."),
      },
      outputSchema: THEME_OUTPUT,
      annotations: READ_ONLY,
    },
    ({ scale, limit }: { scale?: ThemeScale; limit?: number }, extra) =>
      answer(extra, async () => {
        const theme = themeOutput(await link.call<ProjectTheme>('GET', AGENT_API_PATHS.theme, undefined, extra.signal), scale, limit);
        return { content: themeText(theme), structured: theme };
      }),
  );

  server.registerTool(
    'list_changes',
    {
      title: 'The undo history',
      description:
        "The canvas's written changes, oldest first: what undo takes back (the last done) and what redo writes again (the first undone), each with its name, kind, files, time, who made it (studio or agent) and whether a file changed on disk since.",
      inputSchema: { limit: z.number().int().min(1).max(1000).optional().describe('Only the latest this many done steps (and the first this many undone).') },
      outputSchema: CHANGES_OUTPUT,
      annotations: READ_ONLY,
    },
    ({ limit }: { limit?: number }, extra) =>
      answer(extra, async () => {
        const list = latestChanges(await link.call<AgentChangeList>('GET', AGENT_API_PATHS.changes, undefined, extra.signal), limit);
        return { content: changesText(list), structured: list };
      }),
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
        body: free(z.record(z.string(), z.unknown())).describe("The kind's request body (see the list in the description)."),
      },
      outputSchema: CHANGE_OUTPUT,
      annotations: WRITES,
    },
    ({ kind, body }: { kind: MutationKind; body: Record<string, unknown> }, extra) =>
      answer(extra, async () => {
        // An id read before a write (anyone's) moved its element is carried to its new one, or refused.
        const { resolved, written } = await applyWithIds(ids, link, extra.signal, body, (resolvedBody, idsAsOf) =>
          // A call the client cancelled is not sent: nothing is written for it.
          link.call<AgentChangeAnswer>('POST', AGENT_API_PATHS.applyChange, { kind, body: resolvedBody, ...(idsAsOf ? { idsAsOf } : {}) }, extra.signal),
        );
        await syncIds(ids, link, extra.signal);
        ids.wrote(written);
        const structured = resolved.carried.length > 0 ? { ...written, carriedIds: Object.fromEntries(resolved.carried) } : written;
        return { content: changeText(kind, written, resolved.carried), structured };
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
        outputSchema: STEP_OUTPUT,
        annotations: WRITES,
      },
      (extra) =>
        answer(extra, async () => {
          const done = await link.call<HistoryStepAnswer>('POST', path, {}, extra.signal);
          await syncIds(ids, link, extra.signal);
          ids.wrote(done);
          return { content: stepText(step, done), structured: done };
        }),
    );
  }
}

export function registerAgentTools(server: McpServer, link: StudioLink): void {
  const ids = new ElementIdLedger();
  registerReadingTools(server, link, ids);
  registerWritingTools(server, link, ids);
  registerAgentReadTools(server, link, ids);
  registerCanvasTools(server, link, ids);
}
