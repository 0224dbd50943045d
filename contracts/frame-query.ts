/**
 * The query of a frame's address: the editor puts `storyboard=true`, the frame's storyboard id and
 * `framework=VITE` on the console route a frame shows, and the overlay in the frame reads them (with `type` and
 * `debugLog`, which a test or a person may add). See docs/editor.md#frame-address.
 */
import { hasValidIdCharacters } from './dom.js';
import type { StoryboardType } from './frame-protocol.js';

/** The framework a console served by Vite names: the overlay then reports Vite's error overlay as a hydration error. */
export const VITE_FRAMEWORK = 'VITE';

/** The storyboard id of a page whose address names none, or an invalid one. */
const DEFAULT_STORYBOARD_ID = 'console';

/** The parameters the editor adds to a frame's address, and takes away again from the address it shows. */
export const STUDIO_FRAME_PARAMS = ['storyboard', 'storyboardId', 'framework'] as const;

/**
 * Every parameter of the frame query: the editor's, and those a test or a person may add. The overlay keeps them in
 * the frame's address when the console's router moves to another screen (its addresses are built without them).
 */
export const FRAME_QUERY_PARAMS = [...STUDIO_FRAME_PARAMS, 'type', 'debugLog'] as const;

/** The editor's parameters for a frame showing storyboard `storyboardId`. */
export function studioFrameQuery(storyboardId: string): Record<(typeof STUDIO_FRAME_PARAMS)[number], string> {
  return { storyboard: 'true', storyboardId, framework: VITE_FRAMEWORK };
}

/** The WHATWG URL of both runtimes: the contracts are compiled with neither's library. */
declare const URL: new (input: string, base: string) => { pathname: string; search: string; hash: string; searchParams: { set(name: string, value: string): void } };

/** The `<iframe>` address of `route` in frame `frameId`; the route's own query and hash are kept. Always a path of this origin. */
export function frameSrc(route: string, frameId: string): string {
  const url = new URL(route, 'http://frame.invalid');
  for (const [name, value] of Object.entries(studioFrameQuery(frameId))) url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

export interface FrameQuery {
  storyboard: boolean;
  type: StoryboardType;
  framework: string | null;
  debugLog: boolean;
  storyboardId: string;
}

/** A query's parameters as `URLSearchParams` gives them. */
interface QueryParams {
  get(name: string): string | null;
}

/** What a frame's query asks of the overlay. */
export function frameQueryOf(params: QueryParams): FrameQuery {
  const type = params.get('type');
  const storyboardId = params.get('storyboardId');
  return {
    storyboard: params.get('storyboard') === 'true',
    type: type === 'STORY' || type === 'COMPONENT' ? type : 'APPLICATION',
    framework: params.get('framework'),
    debugLog: params.get('debugLog') === 'true',
    storyboardId: storyboardId && hasValidIdCharacters(storyboardId) ? storyboardId : DEFAULT_STORYBOARD_ID,
  };
}
