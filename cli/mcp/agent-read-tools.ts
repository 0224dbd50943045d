/**
 * The MCP tools that read the project without a studio page: an element's relatives, the project's components with
 * their props, and the project's type check. Each is one agent call of `dev` (`AGENT_API_PATHS`), answered as prose
 * and as `structuredContent` (its output schema below), with size controls where an answer can be large.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import {
  AGENT_API_PATHS,
  AGENT_COMPONENTS_LIMIT,
  AGENT_RELATIVES_LIMIT,
  AGENT_TYPE_CHECK_DEFAULT_SECONDS,
  AGENT_TYPE_CHECK_LIMIT,
  AGENT_TYPE_CHECK_MAX_SECONDS,
  type AgentComponent,
  type AgentComponents,
  type AgentComponentsRequest,
  type AgentDiagnostic,
  type AgentRelative,
  type AgentRelatives,
  type AgentRelativesRequest,
  type AgentTypeCheck,
  type AgentTypeCheckRequest,
} from '../../contracts/agent-api.js';
import { answer, READ_ONLY } from './tool-answer.js';
import { callGivingIds, type ElementIdLedger } from './element-id-ledger.js';
import type { StudioLink } from './studio-link.js';

const relativeSchema = z.object({ codebaseId: z.string(), tagName: z.string(), file: z.string(), line: z.number(), column: z.number(), text: z.string() });

const RELATIVES_OUTPUT = {
  element: relativeSchema,
  parent: relativeSchema.optional(),
  children: z.array(relativeSchema),
  siblings: z.array(relativeSchema),
  childCount: z.number().int(),
  siblingCount: z.number().int(),
};

const COMPONENTS_OUTPUT = {
  components: z.array(
    z.object({
      name: z.string(),
      file: z.string(),
      isDefaultExport: z.boolean(),
      package: z.string().optional(),
      props: z.array(z.object({ name: z.string(), type: z.string().optional(), required: z.boolean(), default: z.string().optional() })).optional(),
      moreProps: z.boolean().optional(),
    }),
  ),
  total: z.number().int(),
  nextOffset: z.number().int().optional(),
};

/** One shape for both outcomes (a union is no object schema): the fields of a finished check are absent otherwise. */
const TYPE_CHECK_OUTPUT = {
  finished: z.boolean(),
  reason: z.string().optional(),
  tsconfig: z.string().optional(),
  typescript: z.string().optional(),
  files: z.array(z.string()).optional(),
  diagnostics: z
    .array(
      z.object({
        file: z.string().optional(),
        line: z.number().optional(),
        column: z.number().optional(),
        code: z.string(),
        category: z.enum(['error', 'warning', 'suggestion', 'message']),
        message: z.string(),
      }),
    )
    .optional(),
  errorCount: z.number().int().optional(),
  total: z.number().int().optional(),
};

function relativeLine(element: AgentRelative): string {
  return `<${element.tagName}>  codebaseId: ${element.codebaseId}  at ${element.file}:${element.line}:${element.column}${element.text ? `  "${element.text}"` : ''}`;
}

export function relativesText(relatives: AgentRelatives): string {
  const list = (title: string, items: AgentRelative[], count: number) =>
    count === 0 ? [`${title}: none`] : [`${title} (${count}${count > items.length ? `, the first ${items.length}` : ''}):`, ...items.map((item) => `  ${relativeLine(item)}`)];
  return [
    `Element ${relativeLine(relatives.element)}`,
    relatives.parent ? `Parent: ${relativeLine(relatives.parent)}` : "Parent: none in its file (it is at the top of its component's JSX)",
    ...list('Children', relatives.children, relatives.childCount),
    ...list('Siblings', relatives.siblings, relatives.siblingCount),
  ].join('\n');
}

function componentText(component: AgentComponent): string {
  const from = component.package ? `from ${component.package}` : `${component.isDefaultExport ? 'default export of' : 'exported from'} ${component.file}`;
  const props = (component.props ?? []).map((prop) => `${prop.name}${prop.required ? '' : '?'}${prop.type ? `: ${prop.type}` : ''}${prop.default !== undefined ? ` = ${prop.default}` : ''}`);
  const more = component.moreProps ? ['…'] : [];
  const propsText = component.props ? `  props: ${[...props, ...more].join(', ') || 'none'}` : '';
  return `${component.name} (${from})${propsText}`;
}

export function componentsText(list: AgentComponents): string {
  if (list.components.length === 0) return list.total === 0 ? 'No component matched.' : `No component at this offset (${list.total} in all).`;
  const head = `${list.total} component${list.total === 1 ? '' : 's'}${list.nextOffset !== undefined || list.components.length < list.total ? `; these ${list.components.length}` : ''}:`;
  const tail = list.nextOffset === undefined ? [] : [`More from offset ${list.nextOffset}.`];
  return [head, ...list.components.map((component) => `  ${componentText(component)}`), ...tail].join('\n');
}

/** Past this many files checked, the prose counts them rather than naming each. */
const FILES_NAMED = 10;

function diagnosticLine(diagnostic: AgentDiagnostic): string {
  const where = diagnostic.file ? `${diagnostic.file}:${diagnostic.line}:${diagnostic.column} ` : '';
  return `  ${where}${diagnostic.category} ${diagnostic.code}: ${diagnostic.message}`;
}

export function typeCheckText(check: AgentTypeCheck): string {
  if (!check.finished) return `The type check has ${check.reason}.`;
  const scope =
    check.files.length === 0
      ? 'no file of the project (none of those asked is in its tsconfig)'
      : check.files.length <= FILES_NAMED
        ? check.files.join(', ')
        : `its ${check.files.length} files`;
  const head = `TypeScript ${check.typescript} with ${check.tsconfig}, on ${scope}: ${check.errorCount} error${check.errorCount === 1 ? '' : 's'}, ${check.total} diagnostic${check.total === 1 ? '' : 's'} in all${check.total > check.diagnostics.length ? ` (the first ${check.diagnostics.length})` : ''}.`;
  return [head, ...check.diagnostics.map(diagnosticLine)].join('\n');
}

export function registerAgentReadTools(server: McpServer, link: StudioLink, ids: ElementIdLedger): void {
  server.registerTool(
    'element_relatives',
    {
      title: "An element's parent, children and siblings",
      description: `The parent, children and siblings of an element as its file writes them, each with its codebaseId, tag, file:line:column and its own text. Works whether or not a frame shows the file, and without a studio page. At most ${AGENT_RELATIVES_LIMIT} children and siblings; the answer says how many there are.`,
      inputSchema: {
        codebaseId: z.string().min(1).max(200).describe('The element (an id from get_selection, find_elements or a write).'),
        limit: z.number().int().min(1).max(AGENT_RELATIVES_LIMIT).optional().describe(`At most this many children and siblings (default and most: ${AGENT_RELATIVES_LIMIT}).`),
      },
      outputSchema: RELATIVES_OUTPUT,
      annotations: READ_ONLY,
    },
    ({ codebaseId, limit }: AgentRelativesRequest, extra) =>
      answer(extra, async () => {
        // An id an earlier write of this session changed is read as its element's id now.
        const relatives = await callGivingIds(
          ids,
          link,
          extra.signal,
          () => link.call<AgentRelatives>('POST', AGENT_API_PATHS.relatives, { codebaseId: ids.resolve(codebaseId), ...(limit ? { limit } : {}) }, extra.signal),
          (given) => [given.element, ...(given.parent ? [given.parent] : []), ...given.children, ...given.siblings].map((element) => element.codebaseId),
        );
        return { content: relativesText(relatives), structured: relatives };
      }),
  );

  server.registerTool(
    'list_components',
    {
      title: "The project's components and their props",
      description: `The components the project can use, as the studio's palette lists them: its own exported components with their props (name, type as the source writes it, required or not, default), then the library components it renders. For adding one with apply_change (addJsxElement). Paged: at most ${AGENT_COMPONENTS_LIMIT} a page, with the next page's offset.`,
      inputSchema: {
        name: z.string().min(1).max(200).optional().describe('Only components whose name holds this (case-insensitive).'),
        offset: z.number().int().min(0).optional().describe('Where the page starts (the previous answer gives the next one).'),
        limit: z.number().int().min(1).max(AGENT_COMPONENTS_LIMIT).optional().describe(`How many in a page (default and most: ${AGENT_COMPONENTS_LIMIT}).`),
      },
      outputSchema: COMPONENTS_OUTPUT,
      annotations: READ_ONLY,
    },
    (request: AgentComponentsRequest, extra) =>
      answer(extra, async () => {
        const list = await link.call<AgentComponents>('POST', AGENT_API_PATHS.components, request, extra.signal);
        return { content: componentsText(list), structured: list };
      }),
  );

  server.registerTool(
    'type_check',
    {
      title: "The project's type check",
      description: `Type-check the project with its own TypeScript and tsconfig, and answer the diagnostics of the files given; without files, those your last change, undo or redo wrote (or the whole project when you have written nothing). Incremental: the server keeps the checked program between calls, so a check after a small change is quick. Bounded in time (default ${AGENT_TYPE_CHECK_DEFAULT_SECONDS} s): a longer check answers finished: false and goes on, so ask again. At most ${AGENT_TYPE_CHECK_LIMIT} diagnostics.`,
      inputSchema: {
        files: z.array(z.string().min(1).max(1000)).max(200).optional().describe('Project-relative files whose diagnostics to answer.'),
        timeoutSeconds: z.number().min(1).max(AGENT_TYPE_CHECK_MAX_SECONDS).optional().describe(`Answer "not finished" after this long (default ${AGENT_TYPE_CHECK_DEFAULT_SECONDS}).`),
        limit: z.number().int().min(1).max(AGENT_TYPE_CHECK_LIMIT).optional().describe(`At most this many diagnostics (default and most: ${AGENT_TYPE_CHECK_LIMIT}).`),
      },
      outputSchema: TYPE_CHECK_OUTPUT,
      annotations: READ_ONLY,
    },
    ({ files, ...rest }: AgentTypeCheckRequest, extra) =>
      answer(extra, async () => {
        const chosen = files ?? (ids.lastTouched.length > 0 ? [...ids.lastTouched] : undefined);
        const check = await link.call<AgentTypeCheck>('POST', AGENT_API_PATHS.typeCheck, { ...rest, ...(chosen ? { files: chosen } : {}) }, extra.signal);
        return { content: typeCheckText(check), structured: check };
      }),
  );
}
