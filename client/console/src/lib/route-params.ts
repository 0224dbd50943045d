/** A route id from the path, parsed as an integer (docs/console.md#route-ids); anything else is refused by name. */
export function parseRouteId(raw: string, what: string): number {
  const value = /^\d+$/.test(raw) ? Number.parseInt(raw, 10) : NaN;
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${what} không hợp lệ: “${raw}”`);
  return value;
}
