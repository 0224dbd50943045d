/**
 * Every JSX element of one source file with its structural path and codebase id. The one definition of element
 * identity: the Vite plugin (marking the served page) and the mutation engine (finding the element to change)
 * both call it on a parse of the same text, so they cannot disagree.
 *
 * Structural path: the element's ordinal among the JSX elements that share its nearest enclosing JSX element
 * (document order), prefixed by the ordinals of its ancestors; top-level JSX trees are numbered in document order
 * across the file. Fragments carry no id and are transparent. Example: `0-2-1`.
 */
import { ts } from 'ts-morph';
import { codebaseIdFor } from './codebase-id-for.js';

/** How an element comes to be rendered: once where it is written, or by a `.map(...)` or a condition. */
export type ElementRendering = 'static' | 'repeated' | 'conditional';

export interface JsxElementEntry {
  id: string;
  structuralPath: string;
  /** Where the element's text starts (its `<`), leading trivia excluded. */
  start: number;
  /** The element node: a `JsxElement` or a `JsxSelfClosingElement`. */
  node: ts.JsxElement | ts.JsxSelfClosingElement;
  /** The opening (or self-closing) tag. */
  opening: ts.JsxOpeningElement | ts.JsxSelfClosingElement;
  /** The tag name as written (`div`, `Card`, `motion.div`, `svg:path`). */
  tagName: string;
  /** A host (DOM) element rather than a component. */
  isHost: boolean;
  rendering: ElementRendering;
  /** Where an attribute can be inserted in the opening tag: right after the tag name and type arguments. */
  attributeInsertPosition: number;
  /** The id of the nearest enclosing element, or null for a top-level element. */
  parentId: string | null;
}

function isHostTagName(tagName: ts.JsxTagNameExpression): boolean {
  if (ts.isJsxNamespacedName(tagName)) return true;
  if (ts.isIdentifier(tagName)) return /^[a-z]/.test(tagName.text) || tagName.text.includes('-');
  return false;
}

/** Why the element may render zero or many times: looks between the element and its enclosing JSX element. */
function renderingOf(node: ts.Node): ElementRendering {
  let rendering: ElementRendering = 'static';
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isJsxElement(current) || ts.isJsxSelfClosingElement(current) || ts.isSourceFile(current)) break;
    if (ts.isCallExpression(current) && ts.isPropertyAccessExpression(current.expression)) {
      const method = current.expression.name.text;
      if (method === 'map' || method === 'flatMap') return 'repeated';
    }
    if (ts.isConditionalExpression(current)) rendering = 'conditional';
    if (
      ts.isBinaryExpression(current) &&
      (current.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken ||
        current.operatorToken.kind === ts.SyntaxKind.BarBarToken ||
        current.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    ) {
      rendering = 'conditional';
    }
  }
  return rendering;
}

export function indexJsxElements(sourceFile: ts.SourceFile, relativePath: string): JsxElementEntry[] {
  return indexJsxSubtree(sourceFile, sourceFile, relativePath, { enclosing: null, ordinal: 0, offset: 0, rendering: null });
}

/** Where a subtree sits in its file, for indexing it alone (`indexJsxSubtree`). */
export interface SubtreePlace {
  /** The entry of the element that encloses the subtree's root, or null at the top level. */
  enclosing: JsxElementEntry | null;
  /** The ordinal the subtree's first element takes under `enclosing`. */
  ordinal: number;
  /** What to add to positions read from `sourceFile` to get positions in the whole file. */
  offset: number;
  /** How the root element is rendered, when its parents are not in `sourceFile` (null: read from its parents). */
  rendering: ElementRendering | null;
}

/**
 * The entries of the elements in `root`'s subtree, numbered as `indexJsxElements` numbers them in the whole file.
 * Why: a change re-parses only the element it touched, and the ids of that element's subtree are worked out from
 * the local parse without walking the rest of the file.
 */
export function indexJsxSubtree(root: ts.Node, sourceFile: ts.SourceFile, relativePath: string, place: SubtreePlace): JsxElementEntry[] {
  const entries: JsxElementEntry[] = [];
  // Ordinals handed out so far per enclosing element (null = top level).
  const nextOrdinal = new Map<JsxElementEntry | null, number>([[place.enclosing, place.ordinal]]);
  const { offset } = place;

  const visit = (node: ts.Node, enclosing: JsxElementEntry | null): void => {
    if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node)) {
      const ordinal = nextOrdinal.get(enclosing) ?? 0;
      nextOrdinal.set(enclosing, ordinal + 1);
      const structuralPath = enclosing ? `${enclosing.structuralPath}-${ordinal}` : String(ordinal);
      const opening = ts.isJsxElement(node) ? node.openingElement : node;
      const entry: JsxElementEntry = {
        id: codebaseIdFor(relativePath, structuralPath),
        structuralPath,
        start: node.getStart(sourceFile) + offset,
        node,
        opening,
        tagName: opening.tagName.getText(sourceFile),
        isHost: isHostTagName(opening.tagName),
        rendering: node === root && place.rendering ? place.rendering : renderingOf(node),
        attributeInsertPosition: (opening.typeArguments ? opening.typeArguments.end + 1 : opening.tagName.end) + offset,
        parentId: enclosing?.id ?? null,
      };
      entries.push(entry);
      ts.forEachChild(node, (child) => visit(child, entry));
      return;
    }
    ts.forEachChild(node, (child) => visit(child, enclosing));
  };
  visit(root, place.enclosing);
  return entries;
}

/** Parses `text` as TSX (or JSX) the way the engine and the Vite plugin both do. */
export function parseJsxSource(fileName: string, text: string): ts.SourceFile {
  const kind = fileName.endsWith('.jsx') ? ts.ScriptKind.JSX : ts.ScriptKind.TSX;
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
}
