/**
 * Props and state as plain data for the parent: functions and objects that cannot be sent are
 * replaced by markers naming their type, and every prop gets a type LITERAL, FUNCTION or JSON_OBJECT.
 * See docs/editor.md#editor-to-frame.
 */
import type { NavTreeProp } from '@contracts/frame-protocol.js';

export function markerOf(value: unknown): string {
  if (typeof value === 'function') return `[Function${value.name ? `: ${value.name}` : ''}]`;
  if (typeof value === 'symbol') return `[Symbol]`;
  if (typeof value === 'bigint') return `[BigInt: ${value.toString()}]`;
  const name = (value as object)?.constructor?.name;
  return `[${name || 'Object'}]`;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * A JSON-safe copy: literals as they are, arrays and plain objects copied to `depth`, everything else (functions,
 * React elements, DOM nodes, class instances, cycles) replaced by a type marker.
 */
export function toMarkedValue(value: unknown, depth = 4, seen: WeakSet<object> = new WeakSet()): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value !== 'object') return markerOf(value);
  if (seen.has(value)) return '[Circular]';
  if ('$$typeof' in value) return '[ReactElement]';
  if (!Array.isArray(value) && !isPlainObject(value)) return markerOf(value);
  if (depth <= 0) return Array.isArray(value) ? '[Array]' : '[Object]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => toMarkedValue(item, depth - 1, seen));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = toMarkedValue(item, depth - 1, seen);
  seen.delete(value);
  return copy;
}

export function navTreeProp(value: unknown): NavTreeProp {
  if (typeof value === 'function') return { value: markerOf(value), type: 'FUNCTION' };
  if (value !== null && typeof value === 'object') return { value: toMarkedValue(value), type: 'JSON_OBJECT' };
  return { value: toMarkedValue(value), type: 'LITERAL' };
}
