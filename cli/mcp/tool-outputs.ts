/**
 * What each MCP tool answers as `structuredContent`, beside its prose: the output schemas its `tools/list` entry
 * declares (the SDK checks every answer against them) and the size controls that keep an answer to what the agent
 * asked (`fields` of a found element, `limit` of the history, the theme summarised unless a scale is asked).
 * Nested parts the agent reads as they come (a history item, a prop) are declared loosely, so a field the server adds
 * later never fails an answer.
 */
import { z } from 'zod';
import type { AgentChangeList, AgentFindAnswer, AgentFoundElement } from '../../contracts/agent-api.js';
import { THEME_SCALES, type ProjectTheme, type ThemeScale } from '../../contracts/project-theme.js';

/**
 * An object whose other fields are free, said so in its JSON Schema (`additionalProperties: true`): zod writes an
 * empty schema there, which accepts anything without saying it means to (the Inspector's strict check warns).
 */
export const free = <T extends z.ZodType>(schema: T): T => schema.meta({ additionalProperties: true });
const loose = free(z.looseObject({}));
const idMap = z.record(z.string(), z.string());
const changedFiles = z.array(z.object({ path: z.string(), beforeHash: z.string(), afterHash: z.string() }));

export const SELECTION_OUTPUT = {
  canvasId: z.string(),
  frames: z.array(free(z.looseObject({ frameId: z.string(), frameName: z.string(), route: z.string(), elements: z.array(free(z.looseObject({ codebaseId: z.string() }))) }))),
};

/** The fields of a found element an agent may ask for; `codebaseId` is always given. */
export const FOUND_FIELDS = ['file', 'line', 'column', 'tagName', 'writtenIn', 'rendering', 'snippet'] as const;
export type FoundField = (typeof FOUND_FIELDS)[number];

export const FIND_OUTPUT = {
  elements: z.array(
    z.object({
      codebaseId: z.string(),
      file: z.string().optional(),
      line: z.number().optional(),
      column: z.number().optional(),
      tagName: z.string().optional(),
      // Absent rather than null when not written in a component: a nullable field is a type array in JSON Schema,
      // which clients that map schemas onto a single-type dialect reject.
      writtenIn: z.string().optional(),
      rendering: z.string().optional(),
      snippet: z.string().optional(),
    }),
  ),
  total: z.number().int(),
};

/** The found elements with only the fields asked (all when none are named), and no null `writtenIn`. */
export function foundWithFields(answer: AgentFindAnswer, fields: readonly FoundField[] | undefined): AgentFindAnswer {
  const keep = new Set<string>(['codebaseId', ...(fields ?? FOUND_FIELDS)]);
  const elements = answer.elements.map(
    (element) => Object.fromEntries(Object.entries(element).filter(([key, value]) => keep.has(key) && value !== null)) as unknown as AgentFoundElement,
  );
  return { ...answer, elements };
}

export const SCREENSHOT_OUTPUT = {
  frameId: z.string(),
  frameName: z.string(),
  route: z.string(),
  viewport: z.object({ width: z.number(), height: z.number() }),
};

export const CHANGE_OUTPUT = {
  changedFiles,
  prevIdToNewIdMap: idMap,
  addedIds: z.array(z.string()),
  removedIds: z.array(z.string()).optional(),
  /** Ids of the body an earlier write of this session had changed → the ids they were sent as. */
  carriedIds: idMap.optional(),
  appliedBy: z.enum(['page', 'server']),
  canvasId: z.string(),
  item: loose.optional(),
  notice: z.string().optional(),
};

export const STEP_OUTPUT = {
  changedFiles,
  prevIdToNewIdMap: idMap,
  addedIds: z.array(z.string()),
  item: loose,
};

export const CHANGES_OUTPUT = {
  canvasId: z.string(),
  undoCount: z.number().int(),
  redoCount: z.number().int(),
  done: z.array(loose),
  undone: z.array(loose),
};

/** The history with at most the `limit` latest steps of each side (the counts stay whole). */
export function latestChanges(list: AgentChangeList, limit: number | undefined): AgentChangeList {
  if (limit === undefined) return list;
  return { ...list, done: list.done.slice(-limit), undone: list.undone.slice(0, limit) };
}

/** How many token names the theme's summary shows of each scale. */
const SUMMARY_NAMES = 12;

export const THEME_OUTPUT = {
  tailwind: z.union([loose, z.null()]),
  stylingFramework: z.string().optional(),
  scales: z.record(z.string(), z.object({ count: z.number().int(), names: z.array(z.string()).optional(), tokens: z.array(loose).optional() })),
};

export type ThemeOutput = {
  tailwind: ProjectTheme['tailwind'];
  stylingFramework?: string;
  scales: Record<string, { count: number; names?: string[]; tokens?: ProjectTheme['scales'][ThemeScale] }>;
};

/**
 * The theme as an agent asks it: one scale's tokens with their values (at most `limit`), or, unless `scale` is
 * given, each scale's count and first names (a whole theme is tens of kilobytes, more than an agent needs at once).
 */
export function themeOutput(theme: ProjectTheme, scale: ThemeScale | undefined, limit: number | undefined): ThemeOutput {
  const scales: ThemeOutput['scales'] = {};
  for (const name of scale ? [scale] : THEME_SCALES) {
    const tokens = theme.scales[name] ?? [];
    scales[name] = scale ? { count: tokens.length, tokens: tokens.slice(0, limit) } : { count: tokens.length, names: tokens.slice(0, SUMMARY_NAMES).map((token) => token.name) };
  }
  return { tailwind: theme.tailwind, ...(theme.stylingFramework ? { stylingFramework: theme.stylingFramework } : {}), scales };
}
