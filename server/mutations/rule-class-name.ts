/**
 * The class CSS mode gives an element for its rule, named as a developer would name it: after the component that
 * renders the element and the element's part in it (`.country-card` for the component's own root element,
 * `.country-card-title` for a heading inside it, `.country-card-price-tag` for a `<PriceTag>` in it), made unique
 * within the stylesheet with a number (`.country-card-title-2`).
 */
import { ts } from 'ts-morph';
import type { JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';

/** What an element is to a reader, by its tag: headings are titles, paragraphs text, and so on. */
const ROLES: Record<string, string> = {
  h1: 'title', h2: 'title', h3: 'title', h4: 'title', h5: 'title', h6: 'title',
  p: 'text', span: 'label', img: 'image', a: 'link', ul: 'list', ol: 'list', li: 'item', div: 'box', section: 'section',
  button: 'button', input: 'input', label: 'label', form: 'form', nav: 'nav', header: 'header', footer: 'footer', main: 'main',
  table: 'table', tr: 'row', td: 'cell', th: 'heading', svg: 'icon',
};

function kebab(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

/** The name of the function or class a node is in (`function CountryCard`, `const CountryCard = memo(() => …)`). */
export function componentNameOf(node: ts.Node): { name: string; body: ts.Node } | null {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if ((ts.isFunctionDeclaration(at) || ts.isClassDeclaration(at)) && at.name) return { name: at.name.text, body: at };
    if (ts.isVariableDeclaration(at) && ts.isIdentifier(at.name) && at.initializer && (ts.isArrowFunction(at.initializer) || ts.isFunctionExpression(at.initializer) || ts.isCallExpression(at.initializer))) {
      return { name: at.name.text, body: at };
    }
  }
  return null;
}

/** Whether the element is what its component returns (no JSX element or fragment encloses it within the component). */
function isRootOf(entry: JsxElementEntry, body: ts.Node): boolean {
  for (let at: ts.Node | undefined = entry.node.parent; at && at !== body; at = at.parent) {
    if (ts.isJsxElement(at) || ts.isJsxFragment(at)) return false;
  }
  return true;
}

/** What a plain element is to a reader (`title` for an `<h2>`), kebab-case. */
export function tagRole(tagName: string): string {
  return ROLES[tagName] ?? kebab(tagName);
}

function partOf(entry: JsxElementEntry): string {
  if (entry.isHost) return tagRole(entry.tagName);
  return kebab(entry.tagName.split('.').pop() ?? entry.tagName);
}

/** Whether the stylesheet has a rule for the class (its selector starts a rule or a compound of one). */
export function stylesheetSelects(stylesheet: string, className: string): boolean {
  const escaped = className.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\.${escaped}(?![\\w-])`).test(stylesheet);
}

/** The name the element's rule class is made from: the component, and the element's part when it is not the root. */
function ruleClassBase(entry: JsxElementEntry, fileBase: string): string {
  const component = componentNameOf(entry.node);
  const name = kebab(component?.name ?? fileBase);
  // A CSS class cannot start with a digit (`404.tsx`): such a name is prefixed.
  const owner = !name ? 'element' : /^\d/.test(name) ? `page-${name}` : name;
  return component && isRootOf(entry, component.body) ? owner : `${owner}-${partOf(entry)}`;
}

/**
 * The class of the element's rule: one of its classes the studio named for it before (`studio-3b889e6b` of earlier
 * versions, or the readable name with its number) when the stylesheet still has its rule, else a readable class
 * no rule of the stylesheet uses yet. `isNew` says whether the element must be given the class.
 */
export function ruleClassFor(entry: JsxElementEntry, classes: readonly string[], stylesheet: string, fileBase: string): { className: string; isNew: boolean } {
  const base = ruleClassBase(entry, fileBase);
  // The base is kebab-case (letters, digits, hyphens): nothing in it needs escaping.
  const own = new RegExp(`^${base}(?:-\\d+)?$`);
  const legacy = classes.find((c) => /^studio-[0-9a-f]{8}$/.test(c));
  if (legacy) return { className: legacy, isNew: false };
  const existing = classes.find((c) => own.test(c) && stylesheetSelects(stylesheet, c));
  if (existing) return { className: existing, isNew: false };
  if (!stylesheetSelects(stylesheet, base)) return { className: base, isNew: true };
  for (let n = 2; ; n += 1) if (!stylesheetSelects(stylesheet, `${base}-${n}`)) return { className: `${base}-${n}`, isNew: true };
}
