/**
 * When the nav tree is rebuilt: everything that makes the last tree stale asks for a build, and the asks of one
 * edit are served by one build.
 *
 * - A change of the page (a hot reload, the console's own rendering): a build once the page has been still for
 *   `SETTLE_MS`; the markers of flushed instant updates are cleared before its walk. Until a tree has shown the
 *   page's first element (the page loading, a full reload), the very next task instead: its first render is what a
 *   person waits on to start editing, and a page that keeps rendering is walked again by the keeper.
 * - An edit shown in the frame (an instant update, ids the server remapped): the same wait; and while the editor is
 *   writing (its flush), until the write has been answered and the hot reload it brings has changed the page, so
 *   that the edit and its hot reload are one build. A write that never ends holds it `WRITE_WAIT_LIMIT_MS` at
 *   most; a hot reload that does not come, `HOT_RELOAD_WAIT_MS` after the answer.
 * - A tree wanted now (the editor connecting, element names changed, a selection reported while a build waits): at
 *   once.
 * - While a drag shows its element at a place of its own (held), no build: a wait that ends then builds on release.
 *
 * A pure machine: the keeper runs its effects (one timer, the builds).
 */
import { unreachable } from './unreachable.js';

export const SETTLE_MS = 300;
/** The wait for a page change while no tree has shown any of the page's elements yet. */
export const FIRST_CONTENT_MS = 0;
export const WRITE_WAIT_LIMIT_MS = 2_000;
/** Vite notices the written file, the frame fetches the module and React renders it: a few hundred ms, more under load. */
export const HOT_RELOAD_WAIT_MS = 1_000;

export interface RebuildSchedule {
  /** The last tree is stale: a build is on its way. */
  wanted: boolean;
  /** The wait is over, but a drag holds the build back. */
  due: boolean;
  /** The page itself changed since the last build: instant markers due at a hot reload go before the walk. */
  pageChanged: boolean;
  writing: boolean;
  held: boolean;
}

export type RebuildEvent =
  /** `beforeFirstContent`: no tree sent so far has any of the page's elements. */
  | { type: 'PAGE_CHANGED'; beforeFirstContent?: boolean }
  | { type: 'EDITED' }
  | { type: 'NOW' }
  /** Builds now only when a build is waiting anyway. */
  | { type: 'IF_WANTED' }
  | { type: 'WRITING'; writing: boolean }
  | { type: 'TIMER' }
  | { type: 'HOLD' }
  | { type: 'RELEASE' };

export type RebuildEffect = { type: 'arm'; ms: number } | { type: 'disarm' } | { type: 'build'; clearMarkers: boolean };

export interface RebuildStep {
  state: RebuildSchedule;
  effects: RebuildEffect[];
}

export const initialRebuildSchedule: RebuildSchedule = { wanted: false, due: false, pageChanged: false, writing: false, held: false };

function buildNow(state: RebuildSchedule, effects: RebuildEffect[] = []): RebuildStep {
  if (state.held) return { state: { ...state, wanted: true, due: true }, effects };
  return {
    state: { ...state, wanted: false, due: false, pageChanged: false },
    effects: [...effects, { type: 'build', clearMarkers: state.pageChanged }],
  };
}

export function rebuildTransition(state: RebuildSchedule, event: RebuildEvent): RebuildStep {
  switch (event.type) {
    case 'PAGE_CHANGED':
      return {
        state: { ...state, wanted: true, due: false, pageChanged: true },
        effects: [{ type: 'arm', ms: event.beforeFirstContent ? FIRST_CONTENT_MS : SETTLE_MS }],
      };
    case 'EDITED':
      return { state: { ...state, wanted: true, due: false }, effects: [{ type: 'arm', ms: state.writing ? WRITE_WAIT_LIMIT_MS : SETTLE_MS }] };
    case 'NOW':
      return buildNow(state, [{ type: 'disarm' }]);
    case 'IF_WANTED':
      return state.wanted ? buildNow(state, [{ type: 'disarm' }]) : { state, effects: [] };
    case 'WRITING': {
      const next = { ...state, writing: event.writing };
      if (!state.wanted || state.due) return { state: next, effects: [] };
      // A page change waits for the page alone: it may be the hot reload of the write itself.
      if (!event.writing) return { state: next, effects: [{ type: 'arm', ms: state.pageChanged ? SETTLE_MS : HOT_RELOAD_WAIT_MS }] };
      return { state: next, effects: state.pageChanged ? [] : [{ type: 'arm', ms: WRITE_WAIT_LIMIT_MS }] };
    }
    case 'TIMER':
      return state.wanted ? buildNow(state) : { state, effects: [] };
    case 'HOLD':
      return { state: { ...state, held: true }, effects: [] };
    case 'RELEASE': {
      const released = { ...state, held: false };
      return state.due ? buildNow(released) : { state: released, effects: [] };
    }
    default:
      return unreachable(event, 'rebuild event');
  }
}
