/**
 * The body each change kind takes, as one line of TypeScript-like text an agent reads in `apply_change`'s
 * description: made from the very schemas the server validates with (`contracts/changes.ts`), so the description
 * never drifts from what the server accepts.
 */
import { z } from 'zod';
import type { MutationKind } from '../../contracts/change-kinds.js';
import { mutationBodySchemas } from '../../contracts/changes.js';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
}

/** Fields every body may carry, said once rather than in each line. */
const COMMON_FIELDS = new Set(['changeName']);

/** An element reference (`{codebaseId, storyboardId?, uniquePath?}`), written `Element` in the lines. */
function isElementReference(schema: JsonSchema): boolean {
  return schema.properties !== undefined && 'codebaseId' in schema.properties && schema.required?.length === 1 && schema.required[0] === 'codebaseId';
}

function signature(schema: JsonSchema, top = false): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((member) => signature(member)).join(' | ');
  if (isElementReference(schema)) return 'Element';
  if (schema.type === 'array') return `${wrapped(schema.items ? signature(schema.items) : 'unknown')}[]`;
  if (schema.type === 'object' || schema.properties) {
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties ?? {})
      .filter(([name]) => !(top && COMMON_FIELDS.has(name)))
      .map(([name, field]) => `${name}${required.has(name) ? '' : '?'}: ${signature(field)}`);
    if (fields.length === 0 && typeof schema.additionalProperties === 'object') return `{[key: string]: ${signature(schema.additionalProperties)}}`;
    return `{${fields.join(', ')}}`;
  }
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  return schema.type ?? 'unknown';
}

const wrapped = (type: string) => (type.includes(' | ') ? `(${type})` : type);

/** `kind: {field: type, …}` for each kind, one per line. */
export function mutationBodySignatures(kinds: readonly MutationKind[]): string {
  return kinds
    .map((kind) => {
      const schema = z.toJSONSchema(mutationBodySchemas[kind], { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      return `${kind}: ${signature(schema, true)}`;
    })
    .join('\n');
}
