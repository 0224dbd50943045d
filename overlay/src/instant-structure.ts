/**
 * Instant updates of structure (docs/editor.md#instant-updates): elements added, removed, moved, wrapped, duplicated
 * or re-tagged. The page's own elements are hidden, never removed, and stand-ins are marked as the studio's, so undo
 * and the hot reload that follows can put the page back as React made it.
 */
import type { ChangeFieldsByType } from '@contracts/change-kinds.js';
import {
  ADD_JSX_PLACEHOLDER_PREFIX,
  CODEBASE_ID_ATTRIBUTE,
  DUPLICATE_PLACEHOLDER_PREFIX,
  WRAP_IN_DIV_PLACEHOLDER_ID,
} from '@contracts/dom.js';
import { nearestPlace } from '@contracts/element-places.js';
import type { InstantUpdateData } from '@contracts/frame-protocol.js';
import { elementsWithCodebaseId, keyOfElement, uniquePathOf } from './element-identity.js';
import { MOVING_ELEMENT_ATTRIBUTE } from './hot-reload-filter.js';
import { fail, hide, HIDDEN_ATTRIBUTE, markAdded, unique, type InstantUpdateContext, type Outcome } from './instant-markers.js';

function placeAt(node: Element, parent: Element, before: Element | null, after: Element | null): void {
  if (before && before.parentElement === parent) parent.insertBefore(node, before);
  else if (after && after.parentElement === parent) after.after(node);
  else parent.appendChild(node);
}

/**
 * Every copy the page shows of an element (a `.map` renders one per item; the written change reaches them all),
 * those an earlier instant update took out left out.
 */
function copiesOf(id: string | undefined): Element[] {
  return id ? elementsWithCodebaseId(id).filter((element) => !element.hasAttribute(HIDDEN_ATTRIBUTE)) : [];
}

function firstOf(id: string | undefined): Element | null {
  return id ? (elementsWithCodebaseId(id)[0] ?? null) : null;
}

function recordRemoved(data: InstantUpdateData, element: Element, ctx: InstantUpdateContext): void {
  const parentKey = (element.parentElement && keyOfElement(element.parentElement, ctx.storyboardId)) ?? 'none';
  const key = keyOfElement(element, ctx.storyboardId) ?? element.getAttribute(CODEBASE_ID_ATTRIBUTE) ?? '';
  const list = ((data.parentToElementKeysRemoved ??= {})[parentKey] ??= []);
  list.push({ elementKeyRemoved: key, outerHTML: element.outerHTML });
}

let counter = 0;
const nextSuffix = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

function cloneForInstant(element: Element, id: string): Element {
  const clone = element.cloneNode(true) as Element;
  clone.removeAttribute(HIDDEN_ATTRIBUTE);
  markAdded(clone, id);
  return clone;
}

export function removeJsx(fields: ChangeFieldsByType['REMOVE_JSX'], ctx: InstantUpdateContext): Outcome {
  const data: InstantUpdateData = {};
  let any = false;
  for (const id of unique(fields.codebaseIdsToRemove)) {
    for (const element of elementsWithCodebaseId(id)) {
      recordRemoved(data, element, ctx);
      hide(element);
      any = true;
    }
  }
  return any ? { success: true, sendNewNavTree: true, data } : fail();
}

export function addJsx(fields: ChangeFieldsByType['ADD_JSX'], ctx: InstantUpdateContext): Outcome {
  const html = fields.htmlForInstantUpdate;
  const parent = firstOf(fields.codebaseIdToAddTo);
  if (!parent) {
    ctx.log('Could not find new parent element for instant update');
    return fail();
  }
  if (!html) return fail();
  const template = document.createElement('template');
  template.innerHTML = html;
  const added = [...template.content.children];
  if (!added.length) return fail();
  const id = fields.addCodebaseId || `${ADD_JSX_PLACEHOLDER_PREFIX}${nextSuffix()}`;
  const before = firstOf(fields.beforeCodebaseId);
  const after = firstOf(fields.afterCodebaseId);
  for (const element of added) {
    markAdded(element, id);
    placeAt(element, parent, before, after);
  }
  return { success: true, sendNewNavTree: true, data: { addedIds: [id] } };
}

/** The child of `parent` with this codebase id (an element a move goes before or after), if any. */
function childWithId(parent: Element, id: string | undefined): Element | null {
  return id ? ([...parent.children].find((child) => child.getAttribute(CODEBASE_ID_ATTRIBUTE) === id && !child.hasAttribute(HIDDEN_ATTRIBUTE)) ?? null) : null;
}

export function moveJsx(fields: ChangeFieldsByType['MOVE_JSX'], ctx: InstantUpdateContext): Outcome {
  const id = fields.codebaseIdToMove;
  const copies = copiesOf(id);
  const parents = copiesOf(fields.codebaseIdToMoveTo);
  if (parents.length === 0) {
    ctx.log('Could not find new parent element for instant update');
    return fail();
  }
  if (!id || copies.length === 0) {
    ctx.log('Could not find component element for instant update');
    return fail();
  }
  const data: InstantUpdateData = { addedIds: [id] };
  const parentPaths = parents.map((parent) => uniquePathOf(parent) ?? '');
  // In a list each copy moves within its own item: to the copy of the new parent nearest it.
  for (const element of copies) {
    const parent = parents[nearestPlace(parentPaths, uniquePathOf(element) ?? '')]!;
    const clone = cloneForInstant(element, id);
    clone.setAttribute(MOVING_ELEMENT_ATTRIBUTE, '');
    recordRemoved(data, element, ctx);
    placeAt(clone, parent, childWithId(parent, fields.beforeCodebaseId), childWithId(parent, fields.afterCodebaseId));
    hide(element);
  }
  return { success: true, sendNewNavTree: true, data };
}

export function wrapDiv(fields: ChangeFieldsByType['WRAP_DIV'], ctx: InstantUpdateContext): Outcome {
  const [firstId, ...otherIds] = unique(fields.codebaseIdsToWrap);
  // Each copy of the first element is wrapped with its siblings that are the other elements (one group per copy).
  const groups = copiesOf(firstId).flatMap((first) => {
    const parent = first.parentElement;
    if (!parent) return [];
    const others = otherIds.map((id) => [...parent.children].find((child) => child.getAttribute(CODEBASE_ID_ATTRIBUTE) === id && !child.hasAttribute(HIDDEN_ATTRIBUTE)));
    return [[first, ...others.filter((e): e is Element => e !== undefined)]];
  });
  if (groups.length === 0) {
    ctx.log('Could not find component element for instant update');
    return fail();
  }
  const data: InstantUpdateData = { addedIds: [WRAP_IN_DIV_PLACEHOLDER_ID] };
  for (const elements of groups) {
    const wrapper = document.createElement('div');
    markAdded(wrapper, WRAP_IN_DIV_PLACEHOLDER_ID);
    elements[0]!.before(wrapper);
    for (const element of elements) {
      wrapper.appendChild(element.cloneNode(true) as Element);
      recordRemoved(data, element, ctx);
      hide(element);
    }
  }
  return { success: true, sendNewNavTree: true, data };
}

export function duplicate(fields: ChangeFieldsByType['DUPLICATE'], ctx: InstantUpdateContext): Outcome {
  const data: InstantUpdateData = { addedIds: [] };
  for (const id of unique(fields.codebaseIdsToDuplicate)) {
    const copies = copiesOf(id);
    if (copies.length === 0) {
      ctx.log('Could not find component element for instant update');
      continue;
    }
    // One placeholder id for the copy of every rendered instance: the source gets one new element.
    const placeholder = `${DUPLICATE_PLACEHOLDER_PREFIX}${nextSuffix()}`;
    for (const element of copies) element.after(cloneForInstant(element, placeholder));
    data.addedIds!.push(placeholder);
  }
  return data.addedIds!.length ? { success: true, sendNewNavTree: true, data } : fail();
}

export function changeTag(fields: ChangeFieldsByType['CHANGE_TAG'], ctx: InstantUpdateContext): Outcome {
  const id = fields.codebaseIdToChange;
  const copies = copiesOf(id);
  const tag = fields.newTagName;
  if (!id || copies.length === 0) {
    ctx.log('Could not find component element for instant update');
    return fail();
  }
  // A component's name (`Paper`, `Card.Header`) is no DOM tag: what it renders shows once written.
  if (!tag || !/^[a-z][a-z0-9-]*$/.test(tag)) return fail();
  const data: InstantUpdateData = { addedIds: [id] };
  for (const element of copies) {
    const replacement = document.createElement(tag);
    for (const attribute of element.attributes) {
      if (attribute.name !== HIDDEN_ATTRIBUTE) replacement.setAttribute(attribute.name, attribute.value);
    }
    replacement.append(...[...element.childNodes].map((node) => node.cloneNode(true)));
    markAdded(replacement, id);
    recordRemoved(data, element, ctx);
    element.after(replacement);
    hide(element);
  }
  return { success: true, sendNewNavTree: true, data };
}
