/**
 * Props in the inspector: which can be edited here, how a prop reads, and how a typed value becomes the literal the
 * CHANGE_PROP change writes. What the source says decides, not the value the frame shows: a prop written as a
 * literal (string, number, boolean, null) is edited as a value, with the choices its declared union type names; a
 * prop bound to an expression (`value={data ? n : '—'}`) shows the expression where it is written, read-only,
 * because the 6 the frame shows is not what the source holds and writing over it would destroy the binding.
 */
import type { InspectElementPayload, NavTreeNode, NavTreeProp } from '@contracts/frame-protocol.js';
import { CODEBASE_ID_ATTRIBUTE } from '@contracts/dom.js';
import type { ElementSourceInfo } from '@contracts/studio-api.js';

/** Props that are not the element's own to edit here: React's, and the studio's id. */
const NOT_EDITABLE = new Set(['children', 'key', 'ref', CODEBASE_ID_ATTRIBUTE, 'style']);

export type LiteralValue = string | number | boolean;

export function isLiteralValue(value: unknown): value is LiteralValue {
  return typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
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

/** A constant of the project a prop is bound to: where it is declared, its other uses, the value the page shows. */
export interface BoundConstant {
  file: string;
  line: number;
  alsoUsedBy: string[];
  value: LiteralValue;
}

/** How the inspector shows one prop. */
export type PropPresentation =
  /** A literal in the source: edited as a value, from a list when its type names the choices. */
  | { mode: 'value'; value: LiteralValue | null; choices: Array<string | number> | null }
  /**
   * Bound to an expression: its text and where it is written. Read-only, unless the expression names a constant of
   * the project holding a literal: then the value is edited where the constant is declared (what CHANGE_PROP writes
   * there), its other uses said first, since they show the new value too.
   */
  | { mode: 'expression'; text: string; file: string; line: number; constant?: BoundConstant }
  /** Shown as the frame has it, not edited, and why. */
  | { mode: 'shown'; why: string | null };

export function presentProp(name: string, prop: NavTreeProp, info: ElementSourceInfo | null, readOnly: boolean): PropPresentation {
  const written = info?.props?.[name];
  if (written?.kind === 'expression') {
    const shown = { mode: 'expression', text: written.text, file: info!.file, line: written.line } as const;
    // The value typed is read with the type the page shows (a number stays a number), as the constant holds it.
    if (readOnly || !written.constant || !isLiteralValue(prop.value)) return shown;
    return { ...shown, constant: { ...written.constant, value: prop.value } };
  }
  if (readOnly || NOT_EDITABLE.has(name) || !info) return { mode: 'shown', why: null };
  if (!written) {
    return { mode: 'shown', why: prop.type === 'FUNCTION' ? null : 'Not written on this element (it comes through a spread or a default), so it is not edited here.' };
  }
  const choices = info.propChoices?.[name] ?? null;
  const value = written.value;
  if (value === null || isLiteralValue(value)) {
    // A list only when the value is one of its choices (or not set): anything else is edited as it is.
    const offered = choices && (value === null || (typeof value !== 'boolean' && choices.includes(value))) ? choices : null;
    return { mode: 'value', value, choices: offered };
  }
  return { mode: 'shown', why: null };
}

/** A choice of a union as the select's option value, and back (numbers stay numbers). */
export function choiceKey(choice: string | number): string {
  return `${typeof choice}:${choice}`;
}

export function choiceOfKey(key: string, choices: ReadonlyArray<string | number>): string | number | null {
  return choices.find((choice) => choiceKey(choice) === key) ?? null;
}

export type PropInputCheck = { ok: true; value: LiteralValue } | { ok: false; error: string };

/**
 * Reads a typed value with the type of the prop's current value, so a number stays a number in the source; a prop
 * written as `null` takes what is typed as a string.
 */
export function readPropInput(name: string, raw: string, current: LiteralValue | null): PropInputCheck {
  if (typeof current === 'number') {
    const text = raw.trim();
    const value = Number(text);
    if (!text || !Number.isFinite(value)) return { ok: false, error: `${name} is a number: "${raw}" is not one` };
    return { ok: true, value };
  }
  if (current === null) return { ok: true, value: raw };
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
