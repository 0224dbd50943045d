/**
 * The page the instant-update browser tests work on: a list of cards, each with a heading and a line of text, as a
 * `.map` renders it (every element's id shared by its copies), and the calls that apply a change and undo it.
 */
import { CODEBASE_ID_ATTRIBUTE } from '@contracts/dom.js';
import type { ApplyChangeResult, FrameChangeItem } from '@contracts/frame-protocol.js';
import { applyChangeItem } from './instant-updates.js';
import { undoInstantUpdate } from './instant-undo.js';

const id = (n: number) => `tempo-00000000-0000-5000-8000-${String(n).padStart(12, '0')}`;
export const [LIST, CARD, HEADING, LINE] = [id(1), id(2), id(3), id(4)];
export const CARDS = 2;

export const logged: string[] = [];
const ctx = { storyboardId: 'console', log: (message: string) => void logged.push(message) };

/** Puts the page in the document; returns it with the page's HTML, to compare after an undo. */
export function makePage(): { page: HTMLElement; html: string } {
  logged.length = 0;
  const page = document.createElement('main');
  page.setAttribute(CODEBASE_ID_ATTRIBUTE, LIST);
  const card = (n: number) =>
    `<article ${CODEBASE_ID_ATTRIBUTE}="${CARD}" class="card"><h3 ${CODEBASE_ID_ATTRIBUTE}="${HEADING}" class="title big">Card ${n + 1}</h3><p ${CODEBASE_ID_ATTRIBUTE}="${LINE}">Line</p></article>`;
  page.innerHTML = Array.from({ length: CARDS }, (_, n) => card(n)).join('');
  document.body.appendChild(page);
  return { page, html: page.outerHTML };
}

/** The elements with an id that the page shows (not hidden by an instant update). */
export function shown(codebaseId: string): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`[${CODEBASE_ID_ATTRIBUTE}="${codebaseId}"]`)].filter((element) => getComputedStyle(element).display !== 'none');
}

export async function apply(change: Omit<FrameChangeItem, 'id'> & { id?: string }): Promise<{ result: ApplyChangeResult; item: FrameChangeItem }> {
  const item = { id: 'change-1', ...change } as FrameChangeItem;
  const result = await applyChangeItem(item, ctx);
  return { result, item: { ...item, instantUpdateData: result.instantUpdateData } as FrameChangeItem };
}

export const undo = (item: FrameChangeItem) => undoInstantUpdate(item);
