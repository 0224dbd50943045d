/**
 * The codebase ids a change's body names, wherever its kind puts them (`reactElement`, `elementsToRemove[]`, …): every
 * `codebaseId` field at any depth. The agent's session resolves them (`cli/mcp/element-id-ledger.ts`) and the server
 * checks them against the writes since (`server/plugins/agent-plugin.ts`): one reading of a body for both.
 */
export function mapCodebaseIds(body: unknown, map: (id: string) => string): unknown {
  const walk = (value: unknown, key?: string): unknown => {
    if (key === 'codebaseId' && typeof value === 'string') return map(value);
    if (Array.isArray(value)) return value.map((item) => walk(item));
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    return value;
  };
  return walk(body);
}

export function codebaseIdsOf(body: unknown): string[] {
  const ids: string[] = [];
  mapCodebaseIds(body, (id) => (ids.push(id), id));
  return ids;
}
