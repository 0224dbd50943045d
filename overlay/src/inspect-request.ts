/**
 * Checking an inspect request before looking anything up: a component name is needed; a request
 * with neither a component flag nor an element id is refused; a component request needs an element id or a name.
 * See docs/editor.md#editor-to-frame.
 */
import type { InspectElementPayload } from '@contracts/frame-protocol.js';

export const INSPECT_REPLIES = {
  noComponentName: 'No component name',
  elementNotFound: 'Could not find element',
  componentNotFound: 'Could not find component',
  noComponentFound: 'No component found',
} as const;

export type InspectPlan =
  | { kind: 'error'; reply: string }
  | { kind: 'component'; componentName: string; elementId: string | null }
  | { kind: 'element'; componentName: string; elementId: string };

export function planInspection(payload: InspectElementPayload): InspectPlan {
  const componentName = payload.componentName?.trim();
  if (!componentName) return { kind: 'error', reply: INSPECT_REPLIES.noComponentName };
  const elementId = payload.componentElementId ?? payload.tempoElementID ?? null;
  if (!payload.isComponent && !payload.tempoElementID) return { kind: 'error', reply: INSPECT_REPLIES.elementNotFound };
  if (payload.isComponent) return { kind: 'component', componentName, elementId };
  return { kind: 'element', componentName, elementId: payload.tempoElementID! };
}
