import { ts } from 'ts-morph';
import type { MutationBody } from '../../contracts/changes.js';
import { appError } from '../../contracts/errors.js';
import { describeElement, unwritable } from '../engine/jsx-source.js';
import type { MutationTransform } from '../engine/mutation-transform.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** What a person sees of JSX text: whitespace runs shown as one space, entities decoded. */
export function visibleText(raw: string): string {
  return decodeEntities(raw).replace(/\s+/g, ' ').trim();
}

/**
 * Characters JSX text cannot hold literally (or UTF-8 cannot: a lone surrogate), and control characters, written
 * as entities so the text stays static and exact.
 */
function encodeJsxText(text: string): string {
  return text.replace(/[&{}<>]|(?!\t)\p{Cc}|[\uD800-\uDFFF]/gu, (c) => `&#${c.charCodeAt(0)};`);
}

/** Replaces an element's static text; `oldText` must be what the source says (else the editor is stale: 409). */
export const editText: MutationTransform<MutationBody<'editText'>> = (context, body) => {
  const located = context.element(body.element, 'element to edit the text of');
  const { file, entry } = located;
  if (/[\r\n]/.test(body.newText)) throw unwritable(located, 'JSX text cannot hold a line break (it would show as a space)');
  const node = entry.node;
  const children = ts.isJsxElement(node) ? [...node.children] : [];
  const dynamic = children.find((child) => !ts.isJsxText(child));
  if (dynamic) {
    throw unwritable(located, ts.isJsxExpression(dynamic) ? `its text is computed (\`${dynamic.getText()}\`), not static` : 'it has child elements, not only text');
  }
  const raw = children.map((c) => c.getText()).join('');
  if (visibleText(raw) !== visibleText(body.oldText)) {
    throw appError('SOURCE_CONFLICT', `The text of ${describeElement(located)} is "${visibleText(raw)}" in the source, not "${visibleText(body.oldText)}"; nothing was written`);
  }
  const encoded = encodeJsxText(body.newText);
  if (!ts.isJsxElement(node)) {
    file.replace(node.attributes.end, node.end, `>${encoded}</${entry.tagName}>`);
    return [file];
  }
  const from = node.openingElement.end;
  const to = node.closingElement.pos;
  const text = file.text.slice(from, to);
  if (text.trim() === '') {
    file.replace(from, to, encoded);
    return [file];
  }
  const lead = /^\s*/.exec(text)?.[0].length ?? 0;
  const trail = /\s*$/.exec(text)?.[0].length ?? 0;
  file.replace(from + lead, to - trail, encoded);
  return [file];
};
