/**
 * Props in the inspector: which can be edited here (literal strings, numbers and booleans; functions and objects are
 * shown, not edited), how a prop reads, and how a typed value becomes the literal the CHANGE_PROP change writes.
 */
import type { InspectElementPayload, NavTreeNode, NavTreeProp } from '@contracts/frame-protocol.js';
import { CODEBASE_ID_ATTRIBUTE } from '@contracts/dom.js';

/** Props that are not the element's own to edit here: React's, and the studio's id. */
const NOT_EDITABLE = new Set(['children', 'key', 'ref', CODEBASE_ID_ATTRIBUTE, 'style']);

export type LiteralValue = string | number | boolean;

export function isLiteralValue(value: unknown): value is LiteralValue {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

export function isEditableProp(name: string, prop: NavTreeProp): boolean {
  return prop.type === 'LITERAL' && isLiteralValue(prop.value) && !NOT_EDITABLE.has(name);
}

/** A prop's value as one line of text (objects as JSON, shortened). */
export function propText(value: unknown, limit = 200): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

export type PropInputCheck = { ok: true; value: LiteralValue } | { ok: false; error: string };

/** Reads a typed value with the type of the prop's current value, so a number stays a number in the source. */
export function readPropInput(name: string, raw: string, current: LiteralValue): PropInputCheck {
  if (typeof current === 'number') {
    const text = raw.trim();
    const value = Number(text);
    if (!text || !Number.isFinite(value)) return { ok: false, error: `${name} is a number: "${raw}" is not one` };
    return { ok: true, value };
  }
  if (typeof current === 'boolean') {
    if (raw === 'true' || raw === 'false') return { ok: true, value: raw === 'true' };
    return { ok: false, error: `${name} is true or false` };
  }
  return { ok: true, value: raw };
}

/**
 * How to ask the frame for a component's state: by its name, from an element it renders. A component's own id is a
 * prop, on no element of the page unless the component passes it on, so the first element in its subtree that is
 * not itself a component is named too: the frame walks up from that element to the component.
 */
export function inspectPayloadFor(node: NavTreeNode): InspectElementPayload {
  const payload: InspectElementPayload = { componentName: node.name, isComponent: true, tempoElementID: node.tempoElement.codebaseId };
  const stack = [...node.children].reverse();
  while (stack.length > 0) {
    const child = stack.pop()!;
    if (!child.isComponent) return { ...payload, componentElementId: child.tempoElement.codebaseId };
    for (let index = child.children.length - 1; index >= 0; index--) stack.push(child.children[index]!);
  }
  return payload;
}
