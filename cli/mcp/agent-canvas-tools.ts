/**
 * The MCP tools that act on the studio's canvas (docs/agents.md#acting-on-the-canvas): the elements a frame shows now,
 * its page's errors and console messages, a frame opened at a route and viewport, and the person pointed at an element.
 * Each is one agent call that the studio page answers through the bridge, so each needs a studio page open.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import {
  AGENT_API_PATHS,
  AGENT_FRAME_ELEMENTS_DEFAULT,
  AGENT_FRAME_ELEMENTS_LIMIT,
  PAGE_MESSAGE_LEVELS,
  PAGE_MESSAGE_LIMIT,
  type AgentFrameElements,
  type AgentFrameElementsRequest,
  type AgentOpenedFrame,
  type AgentOpenFrameRequest,
  type AgentPageMessages,
  type AgentPageMessagesRequest,
  type AgentPointed,
  type AgentPointRequest,
} from '../../contracts/agent-api.js';
import { answer, READ_ONLY } from './tool-answer.js';
import { callGivingIds, syncIds, type ElementIdLedger } from './element-id-ledger.js';
import type { StudioLink } from './studio-link.js';

const frameChoice = {
  frameId: z.string().min(1).max(200).optional().describe('A frame id (open_frame, get_selection and frame_elements name them).'),
  route: z.string().min(1).max(2000).optional().describe('The first frame showing this route ("/drone"); refused when none does (open_frame opens one).'),
};
const box = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

/** Acting on the canvas changes what the person sees, never the source. */
const MOVES_THE_CANVAS = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export const FRAME_ELEMENTS_OUTPUT = {
  frameId: z.string(),
  route: z.string(),
  viewport: z.object({ width: z.number(), height: z.number(), scrollX: z.number(), scrollY: z.number() }),
  elements: z.array(z.object({ codebaseId: z.string(), elementKey: z.string(), name: z.string(), tagName: z.string(), box, text: z.string(), depth: z.number().int() })),
  total: z.number().int(),
  nextOffset: z.number().int().optional(),
};

export const PAGE_MESSAGES_OUTPUT = {
  frameId: z.string(),
  route: z.string(),
  messages: z.array(z.object({ at: z.number(), level: z.enum(PAGE_MESSAGE_LEVELS), source: z.enum(['console', 'error', 'rejection']), text: z.string(), location: z.string().optional() })),
  dropped: z.number().int(),
};

export const OPENED_FRAME_OUTPUT = {
  frameId: z.string(),
  frameName: z.string(),
  route: z.string(),
  viewport: z.object({ width: z.number(), height: z.number() }),
  opened: z.boolean(),
};

export const POINTED_OUTPUT = { frameId: z.string(), elementKey: z.string(), mode: z.enum(['select', 'point']), box };

const boxText = ({ x, y, width, height }: z.infer<typeof box>) => `${width}×${height} at (${x}, ${y})`;

export function frameElementsText(found: AgentFrameElements): string {
  const { viewport } = found;
  const lines = [
    `Frame ${found.frameId} at ${found.route}, viewport ${viewport.width}×${viewport.height} scrolled to (${viewport.scrollX}, ${viewport.scrollY}): ${found.elements.length} of ${found.total} element(s)` +
      (found.nextOffset !== undefined ? ` (next page: offset ${found.nextOffset})` : '') +
      ':',
  ];
  for (const element of found.elements) {
    lines.push(`${'  '.repeat(Math.min(element.depth, 12))}${element.name} <${element.tagName}> ${boxText(element.box)}  codebaseId: ${element.codebaseId}${element.text ? `  "${element.text}"` : ''}`);
  }
  return lines.join('\n');
}

export function pageMessagesText(read: AgentPageMessages): string {
  const head = `Frame ${read.frameId} at ${read.route}: ${read.messages.length} message(s)${read.dropped > 0 ? ` (${read.dropped} older ones no longer kept)` : ''}${read.messages.length > 0 ? ':' : '.'}`;
  const lines = read.messages.map((message) => `${new Date(message.at).toISOString()} ${message.level} (${message.source}) ${message.text}${message.location ? ` at ${message.location}` : ''}`);
  return [head, ...lines].join('\n');
}

export function registerCanvasTools(server: McpServer, link: StudioLink, ids: ElementIdLedger): void {
  server.registerTool(
    'frame_elements',
    {
      title: 'The elements a frame shows now',
      description: `The elements a studio frame shows now, in page order: each one's codebaseId (what apply_change and point_at take), name, tag, box in the page (CSS pixels from the document's top left) and the text written directly in it. By default only those meeting the frame's viewport as it is scrolled now; ${AGENT_FRAME_ELEMENTS_DEFAULT} at a time (at most ${AGENT_FRAME_ELEMENTS_LIMIT}), with nextOffset for the next page. Needs a studio page open in a browser.`,
      inputSchema: {
        ...frameChoice,
        inViewport: z.boolean().optional().describe('false: every element of the page, also those scrolled out of view.'),
        offset: z.number().int().min(0).optional().describe('Skip this many (the previous answer\'s nextOffset).'),
        limit: z.number().int().min(1).max(AGENT_FRAME_ELEMENTS_LIMIT).optional().describe(`How many to answer (default ${AGENT_FRAME_ELEMENTS_DEFAULT}).`),
      },
      outputSchema: FRAME_ELEMENTS_OUTPUT,
      annotations: READ_ONLY,
    },
    (request: AgentFrameElementsRequest, extra) =>
      answer(extra, async () => {
        const found = await callGivingIds(
          ids,
          link,
          extra.signal,
          () => link.call<AgentFrameElements>('POST', AGENT_API_PATHS.frameElements, request, extra.signal),
          (given) => given.elements.map((element) => element.codebaseId),
        );
        return { content: frameElementsText(found), structured: found };
      }),
  );

  server.registerTool(
    'page_messages',
    {
      title: "A frame's page errors and console messages",
      description: `What a studio frame's page logged: its console messages, uncaught errors and unhandled promise rejections, oldest first, since a time (epoch milliseconds; e.g. just before your change). The studio keeps the newest ${PAGE_MESSAGE_LIMIT} of each page load. Needs a studio page open in a browser.`,
      inputSchema: {
        ...frameChoice,
        since: z.number().min(0).optional().describe('Only messages at or after this time, in epoch milliseconds.'),
        levels: z.array(z.enum(PAGE_MESSAGE_LEVELS)).min(1).optional().describe('Only these levels, e.g. ["error", "warn"].'),
        limit: z.number().int().min(1).max(PAGE_MESSAGE_LIMIT).optional().describe('At most this many, the newest.'),
      },
      outputSchema: PAGE_MESSAGES_OUTPUT,
      annotations: READ_ONLY,
    },
    (request: AgentPageMessagesRequest, extra) =>
      answer(extra, async () => {
        const read = await link.call<AgentPageMessages>('POST', AGENT_API_PATHS.pageMessages, request, extra.signal);
        return { content: pageMessagesText(read), structured: read };
      }),
  );

  server.registerTool(
    'open_frame',
    {
      title: 'Open a frame at a route',
      description:
        'Opens a frame on the studio canvas at a route of the project and a viewport (a preset or a size; default desktop 1280×800), and answers its frameId once its page has loaded; a frame that already shows that route at that size is answered instead (opened: false). The person sees it on the canvas. Needs a studio page open in a browser.',
      inputSchema: {
        route: z.string().min(1).max(2000).describe('A path of the project\'s pages: "/drone", "/countries/FR".'),
        viewport: z
          .union([z.enum(['desktop', 'tablet', 'mobile']), z.object({ width: z.number().int().min(200).max(3840), height: z.number().int().min(200).max(3840) })])
          .optional()
          .describe('"desktop" (1280×800), "tablet" (768×1024), "mobile" (375×812), or {width, height} in CSS pixels.'),
      },
      outputSchema: OPENED_FRAME_OUTPUT,
      annotations: MOVES_THE_CANVAS,
    },
    (request: AgentOpenFrameRequest, extra) =>
      answer(extra, async () => {
        const frame = await link.call<AgentOpenedFrame>('POST', AGENT_API_PATHS.openFrame, request, extra.signal);
        const how = frame.opened ? 'Opened' : 'Already open:';
        return { content: `${how} frame "${frame.frameName}" (frameId ${frame.frameId}) at ${frame.route}, viewport ${frame.viewport.width}×${frame.viewport.height}.`, structured: frame };
      }),
  );

  server.registerTool(
    'point_at',
    {
      title: 'Show the person an element',
      description:
        'Shows the person an element of a studio frame: its page is scrolled to it and the canvas moved to it, and it is selected as a click would select it (mode "select", the default: the inspector then shows it) or only outlined (mode "point", the person\'s selection kept). For a repeated element, index names the instance (page order). Needs a studio page open in a browser.',
      inputSchema: {
        ...frameChoice,
        codebaseId: z.string().min(1).max(200).describe('The element (from frame_elements, find_elements or get_selection).'),
        index: z.number().int().min(0).optional().describe('Which instance of a repeated element, 0-based in page order (default 0).'),
        mode: z.enum(['select', 'point']).optional().describe('"select" (default) or "point" (outline only).'),
      },
      outputSchema: POINTED_OUTPUT,
      annotations: MOVES_THE_CANVAS,
    },
    (request: AgentPointRequest, extra) =>
      answer(extra, async () => {
        await syncIds(ids, link, extra.signal);
        const pointed = await link.call<AgentPointed>('POST', AGENT_API_PATHS.pointAt, { ...request, codebaseId: ids.resolve(request.codebaseId) }, extra.signal);
        const what = pointed.mode === 'select' ? 'Selected' : 'Pointed at';
        return { content: `${what} ${pointed.elementKey} in frame ${pointed.frameId}, ${boxText(pointed.box)} in its page.`, structured: pointed };
      }),
  );
}
