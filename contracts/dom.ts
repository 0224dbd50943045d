/**
 * Names shared by the studio's server, the overlay in the console frame and the editor: how an element of the
 * console carries its codebase id, and the ids that are not derived from source (docs/editor.md#element-identity).
 * Pure constants and checks: this module runs in node, in the frame and in the editor.
 */

/** Every codebase id starts with this; derived ids continue with a UUID (docs/editor.md#codebase-ids). */
export const CODEBASE_ID_PREFIX = 'tempo-';

/**
 * The attribute a host element carries its id in. Component elements get the same name as a prop: a `data-*`
 * prop is passed through to the DOM by components that spread their props, and React accepts it without warning
 * on host elements, so one name serves both cases; the overlay reads it from React fibers otherwise.
 */
export const CODEBASE_ID_ATTRIBUTE = 'data-codebase-id';

/** The codebase id of a storyboard's root: a storyboard is a frame, not an element of the source. */
export const STORYBOARD_CODEBASE_ID = 'tempo-storyboard-root';

/** The id an instant update gives the div that a wrap-in-div is creating, until the server answers. */
export const WRAP_IN_DIV_PLACEHOLDER_ID = 'tempo-wrap-in-div-placeholder';

/** Prefix of the ids an instant update gives duplicated elements, until the server answers. */
export const DUPLICATE_PLACEHOLDER_PREFIX = 'tempo-duplicate-placeholder-';

/** Prefix of the ids an instant update gives added elements, until the server answers. */
export const ADD_JSX_PLACEHOLDER_PREFIX = 'tempo-add-jsx-placeholder-';

/** Class prefix that forces a pseudo-state (hover, focus, …) on the selected element while it is styled. */
export const FORCE_STATE_CLASS_PREFIX = 'tempo-force-';

/** Class carried by an element while an instant styling change is shown on it. */
export const TEMPORARY_STYLING_CLASS = 'arb89-temp-styling';

/** Prefix of the classes an instant update shows a class or a style with (`tempo-instant-p-4`). */
export const GENERATED_CLASS_PREFIX = 'tempo-instant-';

/**
 * A class the studio itself puts on an element in a frame (a forced state, an instant update's class or marker),
 * which is not part of what the source sets: the nav tree and the inspector leave these out.
 */
export function isStudioClass(name: string): boolean {
  return name.startsWith(FORCE_STATE_CLASS_PREFIX) || name === TEMPORARY_STYLING_CLASS || name.startsWith(GENERATED_CLASS_PREFIX);
}

/**
 * Prefix of the ids of the elements the overlay adds to a console page (its host, its style elements): the
 * inspector leaves stylesheets with such an owner out of an element's matched rules.
 */
export const STUDIO_ELEMENT_ID_PREFIX = 'plantation-studio-';

/** The id of the overlay's Shadow-DOM host in a console page. */
export const OVERLAY_HOST_ID = `${STUDIO_ELEMENT_ID_PREFIX}overlay`;

const ID_CHARACTERS = /^[A-Za-z0-9_-]+$/;
const DERIVED_ID = /^tempo-[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const PLACEHOLDER_ID = /^(?:tempo-wrap-in-div-placeholder|tempo-duplicate-placeholder-[A-Za-z0-9_-]+|tempo-add-jsx-placeholder-[A-Za-z0-9_-]+)$/;

/** Letters, digits, hyphen and underscore only: what a codebase or storyboard id may hold (docs/editor.md#id-rules). */
export function hasValidIdCharacters(id: string): boolean {
  return ID_CHARACTERS.test(id);
}

/** A placeholder id given by an instant update (wrap, duplicate or add) before the server's answer. */
export function isPlaceholderCodebaseId(id: string): boolean {
  return PLACEHOLDER_ID.test(id);
}

/** `tempo-` + a UUID of version 1–5, or a placeholder id (docs/editor.md#id-rules). */
export function isValidCodebaseId(id: string): boolean {
  return hasValidIdCharacters(id) && (DERIVED_ID.test(id) || isPlaceholderCodebaseId(id));
}

/** The request header a studio call carries the per-start studio token in (docs/editor.md#studio-guard). */
export const STUDIO_TOKEN_HEADER = 'x-studio-token';

/** The `<meta name>` of the studio page that holds the per-start studio token. */
export const STUDIO_TOKEN_META = 'plantation-studio-token';
