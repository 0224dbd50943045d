/**
 * Instant updates (docs/editor.md#instant-updates): each change type's
 * effect on the preview before the server has rewritten the source, what it did (so undo can take it back), and
 * the markers cleared once hot reload has brought the real result.
 *
 * One entry per change type of the table of change kinds (`contracts/change-kinds.ts`), each reading the fields
 * its type has: a type added to the table without an entry here does not compile.
 */
import { isChangeType, type ChangeFieldsByType, type ChangeType } from '@contracts/change-kinds.js';
import { redoShowsInstantly } from '@contracts/change-items.js';
import { kebabCase } from '@contracts/css-properties.js';
import {
  ADD_JSX_PLACEHOLDER_PREFIX,
  CODEBASE_ID_ATTRIBUTE,
  DUPLICATE_PLACEHOLDER_PREFIX,
  GENERATED_CLASS_PREFIX,
  STUDIO_ELEMENT_ID_PREFIX,
  TEMPORARY_STYLING_CLASS,
  WRAP_IN_DIV_PLACEHOLDER_ID,
} from '@contracts/dom.js';
import { nearestPlace } from '@contracts/element-places.js';
import type { ApplyChangeResult, FrameChangeItem, FrameChangeItemOf, InstantUpdateData } from '@contracts/frame-protocol.js';
import { modifiersShowInstantly } from '@contracts/tailwind-variants.js';
import { instantRule, sanitizeClassName } from './class-names.js';
import { elementsWithCodebaseId, keyOfElement, uniquePathOf } from './element-identity.js';
import { MOVING_ELEMENT_ATTRIBUTE } from './hot-reload-filter.js';
import { fetchTailwindCss } from './tailwind-client.js';
import { overrideThemeVariable, shownThemeValue } from './theme-overrides.js';

/** An element an instant update added; removed again by undo, or after the refresh that follows a flush. */
export const ADDED_ATTRIBUTE = 'data-studio-added';
/** An element an instant update hid (removed, moved, wrapped, re-tagged); shown again by undo. */
export const HIDDEN_ATTRIBUTE = 'data-studio-hidden';
/** Set on the markers above when a flush starts: the next hot reload brings the real result, so they go. */
export const DELETE_AFTER_REFRESH_ATTRIBUTE = 'data-studio-delete-after-refresh';
/** The style element instant updates add their rules to: the matched-rules report leaves it out of the page's sheets. */
export const STYLE_ELEMENT_ID = `${STUDIO_ELEMENT_ID_PREFIX}instant-styles`;

export interface InstantUpdateContext {
  storyboardId: string;
  log: (message: string, error?: unknown) => void;
}

/** Each id or class of a list once, in its first order; an absent list is empty. */
const unique = (list: readonly string[] | undefined): string[] => [...new Set(list ?? [])];

function styleSheet(): HTMLStyleElement {
  let style = document.getElementById(STYLE_ELEMENT_ID) as HTMLStyleElement | null;
  if (!style) {
    style = document.createElement('style');
    style.id = STYLE_ELEMENT_ID;
    document.head.appendChild(style);
  }
  return style;
}

/** Adds CSS text as rules of the studio's own style element; 'Error adding rule' is logged for each it refuses. */
function addRules(cssText: string, ruleName: string, ctx: InstantUpdateContext): boolean {
  const sheet = styleSheet().sheet;
  if (!sheet) {
    ctx.log('Error adding rule');
    return false;
  }
  const probe = new CSSStyleSheet();
  try {
    probe.replaceSync(cssText);
  } catch (error) {
    ctx.log(`Error adding ${ruleName}`, error);
    return false;
  }
  let ok = true;
  for (const rule of probe.cssRules) {
    try {
      sheet.insertRule(rule.cssText, sheet.cssRules.length);
    } catch (error) {
      ok = false;
      ctx.log(`Error adding ${ruleName}`, error);
    }
  }
  return ok;
}

function removeRulesFor(className: string): void {
  const sheet = (document.getElementById(STYLE_ELEMENT_ID) as HTMLStyleElement | null)?.sheet;
  if (!sheet) return;
  for (let i = sheet.cssRules.length - 1; i >= 0; i--) {
    if (sheet.cssRules[i]!.cssText.includes(`.${className}`)) sheet.deleteRule(i);
  }
}

function hide(element: Element): void {
  if (!(element instanceof HTMLElement || element instanceof SVGElement)) return;
  element.setAttribute(HIDDEN_ATTRIBUTE, element.getAttribute('style') ?? '');
  element.style.setProperty('display', 'none', 'important');
}

function unhide(element: Element): void {
  const previous = element.getAttribute(HIDDEN_ATTRIBUTE);
  if (previous === null) return;
  if (previous) element.setAttribute('style', previous);
  else element.removeAttribute('style');
  element.removeAttribute(HIDDEN_ATTRIBUTE);
  element.removeAttribute(DELETE_AFTER_REFRESH_ATTRIBUTE);
}

function markAdded(element: Element, id: string): void {
  element.setAttribute(ADDED_ATTRIBUTE, '');
  element.setAttribute(CODEBASE_ID_ATTRIBUTE, id);
}

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

async function cssForClass(fields: ChangeFieldsByType['ADD_CLASS'], className: string, modifiers: string[]): Promise<string> {
  if (fields.cssEquivalent) return fields.cssEquivalent;
  return fetchTailwindCss([{ className, modifiers }]);
}

/**
 * Reads CSS for a class: the declarations of the class's own rule, to be shown under the generated class, and the
 * rules it needs (theme variables, `@property`, keyframes), kept whole and in their layers. A bare declaration
 * list (a `cssEquivalent`) is all declarations.
 */
function splitClassCss(css: string, className: string): { declarations: string; rules: string[] } {
  const probe = new CSSStyleSheet();
  try {
    probe.replaceSync(css);
  } catch {
    return { declarations: css, rules: [] };
  }
  if (probe.cssRules.length === 0) return { declarations: css, rules: [] };
  const classSelector = `.${CSS.escape(className)}`;
  const own: string[] = [];
  const any: string[] = [];
  const visit = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSStyleRule) {
        any.push(rule.style.cssText);
        if (rule.selectorText.includes(classSelector)) own.push(rule.style.cssText);
        if (rule.cssRules?.length) visit(rule.cssRules);
      } else if (rule instanceof CSSGroupingRule) visit(rule.cssRules);
    }
  };
  visit(probe.cssRules);
  return { declarations: (own.length ? own : any).join(' '), rules: [...probe.cssRules].map((rule) => rule.cssText) };
}

type Outcome = { success: boolean; sendNewNavTree: boolean; data: InstantUpdateData };
const fail = (data: InstantUpdateData = {}): Outcome => ({ success: false, sendNewNavTree: false, data });

async function addClass(fields: ChangeFieldsByType['ADD_CLASS'], ctx: InstantUpdateContext): Promise<Outcome> {
  const { codebaseIdToAddClass: id, className } = fields;
  const modifiers = unique(fields.modifiers);
  if (!id || !className || !modifiersShowInstantly(modifiers)) return fail();
  const targets = elementsWithCodebaseId(id);
  if (!targets.length) return fail();
  const generated = `${GENERATED_CLASS_PREFIX}${sanitizeClassName(className)}`;
  let css: { declarations: string; rules: string[] };
  try {
    css = splitClassCss(await cssForClass(fields, className, []), className);
  } catch (error) {
    ctx.log('Error adding class CSS rule', error);
    return fail();
  }
  // What the class needs besides its own rule; a refusal here is logged and the class still tried.
  if (css.rules.length) addRules(css.rules.join('\n'), 'rule', ctx);
  if (!addRules(instantRule(generated, modifiers, css.declarations), 'class CSS rule', ctx)) {
    return fail();
  }
  for (const target of targets) target.classList.add(generated);
  return { success: true, sendNewNavTree: true, data: { addedClass: generated, codebaseAddedClass: className } };
}

function styling(change: FrameChangeItemOf<'STYLING'>, ctx: InstantUpdateContext): Outcome {
  const { codebaseId: id, stylingChanges } = change.changeFields;
  const modifiers = unique(change.changeFields.modifiers);
  if (!id || !modifiersShowInstantly(modifiers) || typeof stylingChanges !== 'object' || stylingChanges === null) return fail();
  const targets = elementsWithCodebaseId(id);
  if (!targets.length) return fail();
  const generated = `${GENERATED_CLASS_PREFIX}styling-${sanitizeClassName(change.id)}`;
  // A property set to null is removed from the source, which hot reload shows: the preview shows the values set.
  const declarations = Object.entries(stylingChanges)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([property, value]) => `${kebabCase(property)}: ${value} !important;`)
    .join(' ');
  if (!addRules(instantRule(generated, modifiers, declarations), 'rule', ctx)) return fail();
  for (const target of targets) target.classList.add(generated, TEMPORARY_STYLING_CLASS);
  return { success: true, sendNewNavTree: true, data: { addedClass: generated } };
}

async function updateClasses(fields: ChangeFieldsByType['UPDATE_CLASSES'], ctx: InstantUpdateContext): Promise<Outcome> {
  const id = fields.codebaseIdToUpdateClass;
  if (!id) return fail();
  const targets = elementsWithCodebaseId(id);
  if (!targets.length) return fail();
  const newClasses = unique(fields.newClasses);
  const oldClasses = unique(fields.oldClasses);
  const removed = oldClasses.filter((name) => !newClasses.includes(name));
  const added = newClasses.filter((name) => !oldClasses.includes(name));
  const involved = fields.involvedClasses ?? [];
  const missing = added.filter((name) => !involved.some((entry) => entry.tailwind === name && entry.css));
  let css = involved.filter((entry) => entry.css && added.includes(entry.tailwind)).map((entry) => entry.css).join('\n');
  if (missing.length) {
    try {
      css += '\n' + (await fetchTailwindCss(missing.map((className) => ({ className, modifiers: [] }))));
    } catch (error) {
      ctx.log('Error adding class CSS rule', error);
    }
  }
  if (css.trim()) addRules(css, 'class CSS rule', ctx);
  for (const target of targets) {
    target.classList.remove(...removed);
    target.classList.add(...added);
  }
  return { success: true, sendNewNavTree: true, data: { swappedClasses: { codebaseId: id, removed, added } } };
}

function removeJsx(fields: ChangeFieldsByType['REMOVE_JSX'], ctx: InstantUpdateContext): Outcome {
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

function addJsx(fields: ChangeFieldsByType['ADD_JSX'], ctx: InstantUpdateContext): Outcome {
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

function moveJsx(fields: ChangeFieldsByType['MOVE_JSX'], ctx: InstantUpdateContext): Outcome {
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

function wrapDiv(fields: ChangeFieldsByType['WRAP_DIV'], ctx: InstantUpdateContext): Outcome {
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

function duplicate(fields: ChangeFieldsByType['DUPLICATE'], ctx: InstantUpdateContext): Outcome {
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

function changeTag(fields: ChangeFieldsByType['CHANGE_TAG'], ctx: InstantUpdateContext): Outcome {
  const id = fields.codebaseIdToChange;
  const copies = copiesOf(id);
  const tag = fields.newTagName;
  if (!id || copies.length === 0) {
    ctx.log('Could not find component element for instant update');
    return fail();
  }
  if (!tag || !/^[a-z][a-z0-9-]*$/i.test(tag)) return fail();
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

function removeClass(fields: ChangeFieldsByType['REMOVE_CLASS']): Outcome {
  const { codebaseIdToRemoveClass: id, className } = fields;
  const targets = id ? elementsWithCodebaseId(id) : [];
  if (!className || !targets.length) return fail();
  for (const target of targets) target.classList.remove(className);
  return { success: true, sendNewNavTree: true, data: { swappedClasses: { codebaseId: id, removed: [className], added: [] } } };
}

const holdsOnlyText = (element: Element) => [...element.childNodes].every((node) => node.nodeType === Node.TEXT_NODE);

/**
 * The new text in every copy of the element that holds only text (the frame that typed it in place already shows
 * it). Set as the element's text, as React sets a static text: its own update after the hot reload writes the same
 * text over it, so nothing changes on screen then.
 */
function editText(fields: ChangeFieldsByType['EDIT_TEXT']): Outcome {
  const id = fields.codebaseIdToEditText;
  const targets = id && typeof fields.newText === 'string' ? elementsWithCodebaseId(id).filter(holdsOnlyText) : [];
  if (!targets.length) return fail();
  for (const target of targets) if (target.textContent !== fields.newText) target.textContent = fields.newText;
  return { success: true, sendNewNavTree: true, data: { replacedText: { codebaseId: id, oldText: fields.oldText, newText: fields.newText } } };
}

/** Every frame shows the token's new value at once: the variable set on the page's root element (`theme-overrides.ts`). */
function editThemeToken(fields: ChangeFieldsByType['EDIT_THEME_TOKEN']): Outcome {
  const { variable, value } = fields;
  if (typeof variable !== 'string' || !variable.startsWith('--') || typeof value !== 'string' || !value) return fail();
  const previous = shownThemeValue(variable);
  overrideThemeVariable(variable, value);
  return { success: true, sendNewNavTree: false, data: { themeOverride: { variable, value, previous } } };
}

type InstantUpdate<T extends ChangeType> = (change: FrameChangeItemOf<T>, ctx: InstantUpdateContext) => Outcome | Promise<Outcome>;

/** The preview shows nothing instantly for these (docs/editor.md#instant-updates); UNKNOWN sends no update at all. */
const shownAfterWrite = () => fail();

/** Each change type's effect on the preview. */
const INSTANT_UPDATES: { [T in ChangeType]: InstantUpdate<T> } = {
  STYLING: styling,
  ADD_JSX: ({ changeFields }, ctx) => addJsx(changeFields, ctx),
  MOVE_JSX: ({ changeFields }, ctx) => moveJsx(changeFields, ctx),
  REMOVE_JSX: ({ changeFields }, ctx) => removeJsx(changeFields, ctx),
  CHANGE_PROP: shownAfterWrite,
  WRAP_DIV: ({ changeFields }, ctx) => wrapDiv(changeFields, ctx),
  DUPLICATE: ({ changeFields }, ctx) => duplicate(changeFields, ctx),
  CHANGE_TAG: ({ changeFields }, ctx) => changeTag(changeFields, ctx),
  ADD_CLASS: ({ changeFields }, ctx) => addClass(changeFields, ctx),
  REMOVE_CLASS: ({ changeFields }) => removeClass(changeFields),
  EDIT_TEXT: ({ changeFields }) => editText(changeFields),
  UPDATE_CLASSES: ({ changeFields }, ctx) => updateClasses(changeFields, ctx),
  EDIT_THEME_TOKEN: ({ changeFields }) => editThemeToken(changeFields),
  UNDO: ({ changeFields }) => {
    const target = changeFields.changeToUndo;
    if (!target?.type) return fail();
    return { success: undoInstantUpdate(target), sendNewNavTree: true, data: {} };
  },
  REDO: ({ changeFields }, ctx) => {
    const target = changeFields.changeToRedo;
    if (!target?.type || !redoShowsInstantly(target.type)) return fail();
    return applyOne(target, ctx);
  },
  UNKNOWN: shownAfterWrite,
};

async function applyOne(change: FrameChangeItem, ctx: InstantUpdateContext): Promise<Outcome> {
  if (!isChangeType(change.type)) {
    ctx.log(`Unknown change type: ${String(change.type)}`);
    return fail();
  }
  // The item's type picks the entry, and the entry reads the fields of that type.
  const update = INSTANT_UPDATES[change.type] as InstantUpdate<ChangeType>;
  return update({ ...change, changeFields: change.changeFields ?? {} } as FrameChangeItem, ctx);
}

export async function applyChangeItem(change: FrameChangeItem, ctx: InstantUpdateContext): Promise<ApplyChangeResult> {
  let outcome: Outcome;
  try {
    outcome = await applyOne(change, ctx);
  } catch (error) {
    ctx.log(`Instant update of ${change.type} failed`, error);
    outcome = fail();
  }
  return { changeId: change.id, success: outcome.success, sendNewNavTree: outcome.sendNewNavTree, instantUpdateData: outcome.data };
}

function invert(map: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).map(([prev, next]) => [next, prev]));
}

/** Whether an element is an instant update's own (a stand-in, or inside one): the page never renders it. */
export function shownByStudio(element: Element): boolean {
  return element.closest(`[${ADDED_ATTRIBUTE}]`) !== null;
}

/**
 * Gives elements new codebase ids (after the server's answer, or in reverse when undoing); only those `only`
 * accepts, when given.
 */
export function remapCodebaseIds(map: Record<string, string>, only: (element: Element) => boolean = () => true): number {
  // Why every element is found before any is renamed: an edit shifts ids along (a → b, b → c), and renaming in
  // turn would carry the elements that were a on to c.
  const renames = Object.entries(map)
    .filter(([prev, next]) => prev !== next)
    .map(([prev, next]) => [elementsWithCodebaseId(prev).filter(only), next] as const);
  let count = 0;
  for (const [elements, next] of renames) {
    for (const element of elements) {
      element.setAttribute(CODEBASE_ID_ATTRIBUTE, next);
      count++;
    }
  }
  return count;
}

/**
 * Takes an instant update back: removed elements shown again, added classes removed, class swaps reversed, added
 * elements removed, and ids the server changed mapped back in reverse.
 */
export function undoInstantUpdate(change: FrameChangeItem): boolean {
  const data = change.instantUpdateData;
  if (!data) return false;
  if (data.prevIdToNewIdMap) remapCodebaseIds(invert(data.prevIdToNewIdMap));
  for (const id of data.addedIds ?? []) {
    for (const element of document.querySelectorAll(`[${ADDED_ATTRIBUTE}][${CODEBASE_ID_ATTRIBUTE}="${CSS.escape(id)}"]`)) element.remove();
  }
  for (const element of document.querySelectorAll(`[${HIDDEN_ATTRIBUTE}]`)) {
    const removedKeys = Object.values(data.parentToElementKeysRemoved ?? {}).flat();
    const id = element.getAttribute(CODEBASE_ID_ATTRIBUTE);
    if (removedKeys.some((entry) => entry.elementKeyRemoved.startsWith(`${id}|`) || entry.elementKeyRemoved === id)) unhide(element);
  }
  if (data.addedClass) {
    for (const element of document.querySelectorAll(`.${CSS.escape(data.addedClass)}`)) {
      element.classList.remove(data.addedClass, TEMPORARY_STYLING_CLASS);
    }
    removeRulesFor(data.addedClass);
  }
  if (data.swappedClasses) {
    for (const element of elementsWithCodebaseId(data.swappedClasses.codebaseId)) {
      element.classList.remove(...data.swappedClasses.added);
      element.classList.add(...data.swappedClasses.removed);
    }
  }
  if (data.replacedText) {
    const { codebaseId, oldText, newText } = data.replacedText;
    for (const element of elementsWithCodebaseId(codebaseId)) if (element.textContent === newText) element.textContent = oldText;
  }
  if (data.themeOverride) overrideThemeVariable(data.themeOverride.variable, data.themeOverride.previous);
  return true;
}

/** When a flush starts, every instant marker is due to go at the next hot reload. */
export function prepareDeleteAfterRefresh(): number {
  const marked = document.querySelectorAll(`[${ADDED_ATTRIBUTE}], [${HIDDEN_ATTRIBUTE}]`);
  // The time it was marked: a stand-in may wait a moment for its element (`standInWaits`).
  for (const element of marked) element.setAttribute(DELETE_AFTER_REFRESH_ATTRIBUTE, String(Date.now()));
  return marked.length;
}

/**
 * After hot reload: added elements due for deletion go, hidden ones due are shown (React has re-rendered them); an
 * added one `keep` says waits for its element stays. Answers how many were cleared and how many were kept.
 */
export function clearInstantMarkers(keep: (added: Element) => boolean = () => false): { cleared: number; kept: number } {
  let cleared = 0;
  let kept = 0;
  for (const element of document.querySelectorAll(`[${DELETE_AFTER_REFRESH_ATTRIBUTE}]`)) {
    if (element.hasAttribute(ADDED_ATTRIBUTE)) {
      if (keep(element)) {
        kept++;
        continue;
      }
      element.remove();
    } else unhide(element);
    cleared++;
  }
  return { cleared, kept };
}
