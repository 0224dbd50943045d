/**
 * What may contain what, from the HTML standard's content models and content categories: the one rule the editor's
 * drop places and previews and the server's move, add, paste, wrap and re-tag all ask before an element is put
 * somewhere, so no change writes a nesting a browser would repair (a `<p>` in a `<p>` is split in two by the
 * parser, a `<div>` in a `<p>` closes it, an `<a>` in an `<a>` is dropped out of it) or React warns about.
 *
 * Only HTML elements are judged. A component (a capitalised or dotted name) and any tag this table does not know
 * are transparent: what a component renders is decided at run time, so it neither refuses nor is refused.
 */

/** Elements that never hold element children (void, or holding text or media only). */
const HOLDS_NO_ELEMENTS = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr',
  'textarea', 'iframe', 'canvas', 'svg', 'title', 'script', 'style', 'noscript', 'template',
]);

/** Phrasing content: text and the elements that mark it up, the only content some elements may hold. */
const PHRASING = new Set([
  'a', 'abbr', 'audio', 'b', 'bdi', 'bdo', 'br', 'button', 'canvas', 'cite', 'code', 'data', 'datalist', 'del',
  'dfn', 'em', 'embed', 'i', 'iframe', 'img', 'input', 'ins', 'kbd', 'label', 'map', 'mark', 'math', 'meter',
  'noscript', 'object', 'output', 'picture', 'progress', 'q', 'ruby', 's', 'samp', 'script', 'select', 'slot',
  'small', 'span', 'strong', 'sub', 'sup', 'svg', 'template', 'textarea', 'time', 'u', 'var', 'video', 'wbr',
]);

/** Flow content that is not phrasing: what a phrasing-only parent refuses. */
const FLOW_ONLY = new Set([
  'address', 'article', 'aside', 'blockquote', 'details', 'dialog', 'div', 'dl', 'fieldset', 'figure', 'footer',
  'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'main', 'menu', 'nav', 'ol', 'p', 'pre',
  'search', 'section', 'table', 'ul',
]);

/** Elements whose content is phrasing only (a paragraph, a heading, a label, inline text markup). */
const PHRASING_ONLY = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'span', 'button', 'label', 'em', 'strong', 'b', 'i', 'u', 's', 'small',
  'code', 'kbd', 'samp', 'var', 'sub', 'sup', 'mark', 'abbr', 'cite', 'q', 'dfn', 'time', 'data', 'bdi', 'bdo',
  'pre', 'output', 'progress', 'meter', 'legend', 'summary',
]);

/** Phrasing-only parents that take headings as well. */
const HEADINGS_TOO = new Set(['legend', 'summary']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Elements whose content model is their parent's: the rule is asked of the nearest ancestor that is not one. */
const TRANSPARENT = new Set(['a', 'ins', 'del', 'map', 'slot', 'object', 'video', 'audio']);

/** Interactive content: never inside an `<a>` or a `<button>`. */
const INTERACTIVE = new Set(['a', 'button', 'details', 'embed', 'iframe', 'input', 'label', 'select', 'textarea']);

/** Elements that hold only certain children (and script-supporting elements, which the studio never adds). */
const ONLY_CHILDREN: Record<string, readonly string[]> = {
  ul: ['li'],
  ol: ['li'],
  menu: ['li'],
  dl: ['dt', 'dd', 'div'],
  table: ['caption', 'colgroup', 'thead', 'tbody', 'tfoot', 'tr'],
  thead: ['tr'],
  tbody: ['tr'],
  tfoot: ['tr'],
  tr: ['td', 'th'],
  colgroup: ['col'],
  select: ['option', 'optgroup', 'hr'],
  optgroup: ['option'],
  datalist: ['option'],
  picture: ['source', 'img'],
  option: [],
};

/** Elements that belong only inside certain parents. */
const ONLY_PARENTS: Record<string, readonly string[]> = {
  li: ['ul', 'ol', 'menu'],
  dt: ['dl', 'div'],
  dd: ['dl', 'div'],
  tr: ['table', 'thead', 'tbody', 'tfoot'],
  td: ['tr'],
  th: ['tr'],
  thead: ['table'],
  tbody: ['table'],
  tfoot: ['table'],
  caption: ['table'],
  colgroup: ['table'],
  col: ['colgroup'],
  option: ['select', 'datalist', 'optgroup'],
  optgroup: ['select'],
  figcaption: ['figure'],
  legend: ['fieldset'],
  summary: ['details'],
  source: ['audio', 'video', 'picture'],
  track: ['audio', 'video'],
};

/** An ancestor's ban on some descendants, however deep: [ancestor, banned descendants, why]. */
const NO_DESCENDANTS: ReadonlyArray<readonly [string, ReadonlySet<string>, string]> = [
  ['a', INTERACTIVE, 'a link may not contain interactive content (links, buttons, form fields, labels)'],
  ['button', INTERACTIVE, 'a button may not contain interactive content (links, buttons, form fields, labels)'],
  ['form', new Set(['form']), 'a form may not contain another form'],
  ['label', new Set(['label']), 'a label may not contain another label'],
  ['header', new Set(['header', 'footer']), 'a header may not contain a header or a footer'],
  ['footer', new Set(['header', 'footer']), 'a footer may not contain a header or a footer'],
  ['address', new Set(['header', 'footer', 'address', 'article', 'aside', 'nav', 'section', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']), 'an address may not contain headings, sections, headers, footers or addresses'],
  ['dfn', new Set(['dfn']), 'a definition may not contain another definition'],
  ['progress', new Set(['progress']), 'a progress bar may not contain another'],
  ['meter', new Set(['meter']), 'a meter may not contain another'],
];

/** HTML's void elements: written with no closing tag and no content at all. */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

export function isVoidElement(tag: string): boolean {
  return VOID_ELEMENTS.has(tag);
}

/** Whether the table judges this tag: an HTML element, not a component or an unknown name. */
export function isKnownHtmlTag(tag: string): boolean {
  return /^[a-z][a-z0-9]*$/.test(tag) && (PHRASING.has(tag) || FLOW_ONLY.has(tag) || HOLDS_NO_ELEMENTS.has(tag) || tag in ONLY_PARENTS || tag in ONLY_CHILDREN || KNOWN_OTHER.has(tag));
}

/** Elements known to the table besides those in its sets (flow containers with no rule of their own). */
const KNOWN_OTHER = new Set(['li', 'dd', 'figcaption', 'td', 'th', 'body', 'html', 'head']);

/**
 * Why an element with this tag may not be placed with these ancestors (nearest first, as far as they are known),
 * holding these descendants (its own element tags, any depth); null when the standard allows it. Tags are
 * compared in lower case for HTML; components and unknown names pass through.
 */
export function nestingProblem(tag: string, ancestors: readonly string[], descendants: readonly string[] = []): string | null {
  const child = tag.toLowerCase() === tag ? tag : '';
  const known = ancestors.filter((ancestor) => isKnownHtmlTag(ancestor));
  // The parent whose content model decides: the nearest known ancestor that is not transparent.
  const direct = known[0];
  if (direct !== undefined && isKnownHtmlTag(child)) {
    const parent = ancestors[0] !== undefined && isKnownHtmlTag(ancestors[0]) ? ancestors[0] : undefined;
    if (parent !== undefined && HOLDS_NO_ELEMENTS.has(parent)) return `<${parent}> holds no elements`;
    if (parent !== undefined && parent in ONLY_CHILDREN && !ONLY_CHILDREN[parent]!.includes(child)) {
      const allowed = ONLY_CHILDREN[parent]!;
      return `<${parent}> holds only ${allowed.length ? allowed.map((name) => `<${name}>`).join(', ') : 'text'}, not <${child}>`;
    }
    const decides = known.find((ancestor) => !TRANSPARENT.has(ancestor));
    if (decides !== undefined && PHRASING_ONLY.has(decides) && FLOW_ONLY.has(child) && !(HEADINGS_TOO.has(decides) && HEADINGS.has(child))) {
      return `<${child}> cannot go inside <${decides}>, which holds only text and inline elements (phrasing content)`;
    }
  }
  if (isKnownHtmlTag(child) && child in ONLY_PARENTS && ancestors[0] !== undefined && isKnownHtmlTag(ancestors[0]) && !ONLY_PARENTS[child]!.includes(ancestors[0])) {
    return `<${child}> belongs only inside ${ONLY_PARENTS[child]!.map((name) => `<${name}>`).join(' or ')}, not <${ancestors[0]}>`;
  }
  const placed = [child, ...descendants.filter((name) => isKnownHtmlTag(name))].filter(Boolean);
  for (const [ancestor, banned, why] of NO_DESCENDANTS) {
    if (!known.includes(ancestor)) continue;
    const offender = placed.find((name) => banned.has(name));
    if (offender !== undefined) return `<${offender}> cannot go inside <${ancestor}>: ${why}`;
  }
  // The element's own bans over what it already holds (a re-tag to <a> of an element holding a button).
  for (const [ancestor, banned, why] of NO_DESCENDANTS) {
    if (child !== ancestor) continue;
    const offender = descendants.find((name) => banned.has(name));
    if (offender !== undefined) return `<${child}> cannot hold the <${offender}> inside it: ${why}`;
  }
  return null;
}

/** Elements that hold only their own kinds of children (options, media sources), never what a designer adds. */
const HOLDS_ONLY_OWN_PARTS = new Set(['select', 'video', 'audio', 'picture', 'optgroup', 'datalist', 'colgroup']);

/**
 * Whether an element with this tag takes elements a designer drops, pastes or adds into it (the drop places' and the
 * palette's first question; `nestingProblem` then judges the element itself). A component is not judged here.
 */
export function takesAddedElements(tag: string): boolean {
  return !HOLDS_NO_ELEMENTS.has(tag) && !HOLDS_ONLY_OWN_PARTS.has(tag) && ONLY_CHILDREN[tag]?.length !== 0;
}
