/**
 * The canvas document the server puts into the studio page it serves, so the editor draws its frames (and the
 * frames start loading the console) with its first render instead of after a call for the document. The server
 * writes it with `canvasScriptOf`, the editor reads it with `canvasOfPage`.
 */

/** The id of the page's `<script type="application/json">` holding the document. */
export const STUDIO_CANVAS_SCRIPT_ID = 'plantation-studio-canvas';

/**
 * The `<script>` element carrying `document` as JSON. Why every `<` is escaped: the JSON holds text a person typed
 * (frame names, routes), and `</script>` or `<!--` in it would end or derail the element; `\u003c` is the same
 * character to `JSON.parse`. U+2028 and U+2029 are escaped too, for tools that read the JSON as script.
 */
export function canvasScriptOf(document: unknown): string {
  const json = JSON.stringify(document)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${STUDIO_CANVAS_SCRIPT_ID}">${json}</script>`;
}

/**
 * The document the page carries for `canvasId` (its script's text), or null: none given, not JSON, not an object,
 * or another canvas's (the page's address is the authority on which canvas is open).
 */
export function canvasOfPage<T extends { id: string }>(scriptText: string | null | undefined, canvasId: string): T | null {
  if (!scriptText) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(scriptText);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || (parsed as { id?: unknown }).id !== canvasId) return null;
  return parsed as T;
}
