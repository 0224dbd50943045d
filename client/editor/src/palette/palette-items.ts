/**
 * What the palette adds: the native elements with placeholder content a person can see and then edit, and the
 * project's own components. Where an addition goes (into the element under the drop point, or after it when it
 * cannot hold children) and the ADD_JSX fields are computed here, apart from the pointer handling.
 */
import { isVoidElement, nestingProblem, takesAddedElements } from '@contracts/content-model.js';
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import { isPlaceholderCodebaseId, STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import type { PaletteComponent } from '@contracts/studio-api.js';
import type { ChangeFieldsByType } from '@contracts/change-items.js';

export interface NativePaletteItem {
  kind: 'native';
  id: string;
  label: string;
  tag: string;
  /** Attributes written on the new element (JSX names). */
  props: Record<string, string>;
  /** Placeholder text, sent as the element's `children` prop: the engine writes it as the element's text. */
  text: string | null;
}

export interface ComponentPaletteItem {
  kind: 'component';
  id: string;
  label: string;
  component: PaletteComponent;
}

export type PaletteItem = NativePaletteItem | ComponentPaletteItem;

/** A grey 160×90 picture saying "Image": visible at once and needs no file in the project. */
export const PLACEHOLDER_IMAGE_SRC =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='160' height='90' viewBox='0 0 160 90'%3E%3Crect width='160' height='90' fill='%23d4d4d4'/%3E%3Ctext x='80' y='50' font-family='sans-serif' font-size='14' text-anchor='middle' fill='%23525252'%3EImage%3C/text%3E%3C/svg%3E";

export const NATIVE_ITEMS: readonly NativePaletteItem[] = [
  { kind: 'native', id: 'div', label: 'Div', tag: 'div', props: { className: 'min-h-10 p-4' }, text: null },
  { kind: 'native', id: 'section', label: 'Section', tag: 'section', props: { className: 'min-h-16 p-6' }, text: null },
  { kind: 'native', id: 'heading', label: 'Heading', tag: 'h2', props: { className: 'text-2xl font-semibold' }, text: 'Heading' },
  { kind: 'native', id: 'paragraph', label: 'Paragraph', tag: 'p', props: {}, text: 'Text' },
  { kind: 'native', id: 'button', label: 'Button', tag: 'button', props: { type: 'button', className: 'rounded border px-3 py-1' }, text: 'Button' },
  { kind: 'native', id: 'image', label: 'Image', tag: 'img', props: { src: PLACEHOLDER_IMAGE_SRC, alt: 'Image' }, text: null },
  { kind: 'native', id: 'link', label: 'Link', tag: 'a', props: { href: '#', className: 'underline' }, text: 'Link' },
];

/** The native items as a project can render them: without Tailwind, none of their Tailwind classes. */
export function nativeItemsFor(hasTailwind: boolean): readonly NativePaletteItem[] {
  if (hasTailwind) return NATIVE_ITEMS;
  return NATIVE_ITEMS.map(({ props: { className: _tailwind, ...props }, ...item }) => ({ ...item, props }));
}

export function componentItems(components: readonly PaletteComponent[]): ComponentPaletteItem[] {
  return components.map((component) => ({ kind: 'component', id: `component:${component.package ?? component.file}#${component.name}`, label: component.name, component }));
}

/**
 * Whether a new element may go inside this one: one that takes elements at all (not void, not a select or a
 * medium), not text-only (a paragraph or a button with just its label), not a component (what it does with
 * children is its own business).
 */
export function canHoldChildren(node: NavTreeNode): boolean {
  if (node.isComponent || !takesAddedElements(node.tagName.toLowerCase())) return false;
  const hasText = node.literalChildren.some((text) => text.trim() !== '');
  return !(hasText && node.children.length === 0);
}

export interface Placement {
  codebaseIdToAddTo: string;
  beforeCodebaseId?: string;
  afterCodebaseId?: string;
}

export type PlacementResult = { ok: true; placement: Placement; destinationKey: string } | { ok: false; error: string };

const writable = (id: string) => id !== STORYBOARD_CODEBASE_ID && !isPlaceholderCodebaseId(id);

/** The element an addition puts somewhere: its tag as written (a component's name passes the content model). */
export interface PlacedElement {
  tagName: string;
  /** The tags it holds, any depth, where they are known. */
  descendants?: readonly string[];
}

/** The tags of a node and its ancestors, nearest first. */
function selfAndAncestorTags(node: NavTreeNode, parentOf: (key: string) => NavTreeNode | null): string[] {
  const tags: string[] = [];
  for (let current: NavTreeNode | null = node; current; current = current.parent ? parentOf(current.parent) : null) tags.push(current.tagName);
  return tags;
}

/**
 * Where an addition goes for a target element: at the end inside it, or, when it cannot hold children or the HTML
 * content model refuses the element there (`contracts/content-model.ts`), right after it in its parent. `parentOf`
 * finds a node by key in the same tree.
 */
export function placementFor(target: NavTreeNode, parentOf: (key: string) => NavTreeNode | null, placed: PlacedElement): PlacementResult {
  const targetId = target.tempoElement.codebaseId;
  const problemIn = (node: NavTreeNode) => nestingProblem(placed.tagName, selfAndAncestorTags(node, parentOf), placed.descendants ?? []);
  if (canHoldChildren(target) && writable(targetId) && problemIn(target) === null) {
    return { ok: true, placement: { codebaseIdToAddTo: targetId }, destinationKey: target.key };
  }
  const parent = target.parent ? parentOf(target.parent) : null;
  if (!parent || !writable(parent.tempoElement.codebaseId)) {
    return { ok: false, error: `Nothing can be added next to ${target.name}: it has no parent element in the source` };
  }
  if (!writable(targetId)) return { ok: false, error: `${target.name} is not written in the source yet; wait for the change before it` };
  const beside = problemIn(parent);
  if (beside !== null) return { ok: false, error: `<${placed.tagName}> cannot go into or next to ${target.name}: ${beside}` };
  return { ok: true, placement: { codebaseIdToAddTo: parent.tempoElement.codebaseId, afterCodebaseId: targetId }, destinationKey: parent.key };
}

/** The import specifier from one root-relative file to another, without the extension: `../components/ui/card`. */
export function importPathBetween(fromFile: string, toFile: string): string {
  const fromDir = fromFile.split('/').slice(0, -1);
  const target = toFile.replace(/\.(tsx|ts|jsx|js|mjs)$/, '').replace(/\/index$/, '').split('/');
  let common = 0;
  while (common < fromDir.length && common < target.length - 1 && fromDir[common] === target[common]) common++;
  const up = fromDir.length - common;
  const rest = target.slice(common).join('/');
  return up === 0 ? `./${rest}` : `${'../'.repeat(up)}${rest}`;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The element as HTML, for the frame to show it before the server has written it. */
export function htmlForNative(item: NativePaletteItem): string {
  const attributes = Object.entries(item.props)
    .map(([name, value]) => ` ${name === 'className' ? 'class' : name}="${escapeHtml(value)}"`)
    .join('');
  if (isVoidElement(item.tag)) return `<${item.tag}${attributes}>`;
  return `<${item.tag}${attributes}>${escapeHtml(item.text ?? '')}</${item.tag}>`;
}

export type AddFieldsResult = { ok: true; fields: ChangeFieldsByType['ADD_JSX'] } | { ok: false; error: string };

/**
 * The ADD_JSX change of a palette item at a placement. A component is imported from its file, relative to the file
 * the destination element is written in (which must be known), a library's from its package; a native element carries the HTML the frame shows
 * until the server has written it.
 */
export function addJsxFieldsFor(item: PaletteItem, placement: Placement, destinationFile: string | null): AddFieldsResult {
  if (item.kind === 'native') {
    return {
      ok: true,
      fields: {
        ...placement,
        addNativeTag: item.tag,
        propsToSet: { ...item.props, ...(item.text !== null ? { children: item.text } : {}) },
        htmlForInstantUpdate: htmlForNative(item),
      },
    };
  }
  if (!destinationFile) return { ok: false, error: `The file of the element to add ${item.label} to is not known yet; try again in a moment` };
  return {
    ok: true,
    fields: {
      ...placement,
      addComponentName: item.component.name,
      // A library's component is imported from its package, as the project's files import it.
      addComponentImportPath: item.component.package ?? importPathBetween(destinationFile, item.component.file),
      addComponentIsDefaultImport: item.component.isDefaultExport,
    },
  };
}
