/**
 * What the page itself (React, never the studio) has rendered since the editor's current write began: the elements
 * it put in or took out, and the codebase ids it rewrote. It tells whether the hot reload of a write came before
 * the write's answer, which decides what the answer's id map may still rename (`updateCodebaseIds`).
 */
import { CODEBASE_ID_ATTRIBUTE } from '@contracts/dom.js';

/**
 * Past this many elements put in or taken out since the write began, the page counts as having rendered any id: it
 * has re-rendered a large part of itself (a hot reload, a new route), and reading them all would cost more than it
 * tells.
 */
const RENDER_LOG_ELEMENT_LIMIT = 5_000;

/** The codebase ids an element and its descendants carry. */
function idsIn(element: Element): string[] {
  const own = element.getAttribute(CODEBASE_ID_ATTRIBUTE);
  const inside = [...element.querySelectorAll(`[${CODEBASE_ID_ATTRIBUTE}]`)].map((child) => child.getAttribute(CODEBASE_ID_ATTRIBUTE)!);
  return own ? [own, ...inside] : inside;
}

export class PageRenderLog {
  private active = false;
  /** Elements the page put in or took out; read only when asked (most writes are answered before any). */
  private elements: Element[] = [];
  /** The elements the page put in (each the root of what it added). */
  private added = new WeakSet<Element>();
  /** The old and new values of the codebase ids the page rewrote. */
  private readonly rewritten = new Set<string>();
  private overflow = false;

  /** A write begins: the page's renders count from now on. */
  begin(): void {
    this.clear();
    this.active = true;
  }

  /** The next write of the same flush begins (after the answer to the one before): counted from now. */
  restart(): void {
    if (this.active) this.begin();
  }

  /** No write is under way: nothing is kept. */
  end(): void {
    this.clear();
    this.active = false;
  }

  /**
   * Takes in the page's changes. `studios` says which nodes are the studio's own (the overlay, its stand-ins, an
   * element it is moving): their changes are not the page's.
   */
  record(records: readonly MutationRecord[], studios: (node: Node) => boolean): void {
    if (!this.active) return;
    for (const record of records) {
      if (studios(record.target)) continue;
      if (record.type === 'attributes' && record.attributeName === CODEBASE_ID_ATTRIBUTE) {
        if (record.oldValue) this.rewritten.add(record.oldValue);
        const now = (record.target as Element).getAttribute(CODEBASE_ID_ATTRIBUTE);
        if (now) this.rewritten.add(now);
      } else if (record.type === 'childList') {
        for (const node of record.addedNodes) {
          if (node instanceof Element && !studios(node)) {
            this.added.add(node);
            this.keep(node);
          }
        }
        for (const node of record.removedNodes) if (node instanceof Element && !studios(node)) this.keep(node);
      }
    }
  }

  /** Whether, since the write began, the page has put in, taken out or renamed an element that carries one of `ids`. */
  renderedAny(ids: ReadonlySet<string>): boolean {
    if (this.overflow) return true;
    for (const id of this.rewritten) if (ids.has(id)) return true;
    return this.elements.some((element) => idsIn(element).some((id) => ids.has(id)));
  }

  /** Whether the page put this element in since the write began. */
  addedByPage(element: Element): boolean {
    return this.added.has(element);
  }

  private keep(element: Element): void {
    if (this.overflow) return;
    if (this.elements.length >= RENDER_LOG_ELEMENT_LIMIT) {
      this.overflow = true;
      this.elements = [];
      return;
    }
    this.elements.push(element);
  }

  private clear(): void {
    this.elements = [];
    this.added = new WeakSet();
    this.rewritten.clear();
    this.overflow = false;
  }
}
