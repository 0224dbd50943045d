/**
 * Component inspection: a component's props and state read from React fibers, with functions
 * and objects replaced by markers, and the reply texts of the catalogue. See docs/editor.md#editor-to-frame.
 */
import type { ComponentStateAndProps, InspectElementPayload } from '@contracts/frame-protocol.js';
import { elementsWithCodebaseId, storyboardRoot } from './element-identity.js';
import { INSPECT_REPLIES, planInspection } from './inspect-request.js';
import { componentName, enclosingComponent, findComponentFibers, isComponentFiber, propsOfFiber, rootFiberOf, stateOfFiber, type Fiber } from './react-fibers.js';
import { toMarkedValue } from './value-markers.js';

export type InspectAnswer = { result: ComponentStateAndProps; error: null } | { result: null; error: string };

function report(fiber: Fiber, id: string): ComponentStateAndProps {
  return { id, props: toMarkedValue(propsOfFiber(fiber)), state: toMarkedValue(stateOfFiber(fiber)) };
}

function rootFiber(): Fiber | null {
  const root = storyboardRoot();
  for (const container of [root, ...root.querySelectorAll(':scope > *')]) {
    const fiber = rootFiberOf(container);
    if (fiber) return fiber;
  }
  return null;
}

/** The component named `name` that renders the element with this codebase id (or is given it as a prop). */
function componentAround(elementId: string, name: string): Fiber | null | 'no-element' {
  const elements = elementsWithCodebaseId(elementId);
  if (!elements.length) return 'no-element';
  for (const element of elements) {
    for (let fiber = enclosingComponent(element); fiber; fiber = fiber.return) {
      if (isComponentFiber(fiber) && componentName(fiber) === name) return fiber;
    }
  }
  return null;
}

export function inspectElement(payload: InspectElementPayload, warn: (message: string) => void): InspectAnswer {
  const plan = planInspection(payload);
  if (plan.kind === 'error') return { result: null, error: plan.reply };
  if (plan.elementId) {
    const found = componentAround(plan.elementId, plan.componentName);
    if (found === 'no-element') return { result: null, error: INSPECT_REPLIES.elementNotFound };
    if (found) return { result: report(found, plan.elementId), error: null };
    if (plan.kind === 'element') return { result: null, error: INSPECT_REPLIES.componentNotFound };
  }
  const root = rootFiber();
  const matches = root ? findComponentFibers(root, plan.componentName) : [];
  if (!matches.length) return { result: null, error: INSPECT_REPLIES.noComponentFound };
  if (matches.length > 1) warn(`Found ${matches.length} components named ${plan.componentName}; using the first`);
  return { result: report(matches[0]!, plan.elementId ?? plan.componentName), error: null };
}
