/**
 * The ids the editor passes to the frame, checked before use: a bad id is refused with an error that says why,
 * never half-used.
 */
import { hasValidIdCharacters, isValidCodebaseId, STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import { parseElementKey } from '@contracts/frame-protocol.js';

export function checkedStoryboardId(id: string): string {
  if (!hasValidIdCharacters(id)) throw new Error(`Invalid storyboard id "${id}": only letters, digits, hyphen and underscore are allowed`);
  return id;
}

export function checkedKey(key: string): string {
  const tempo = parseElementKey(key);
  if (!tempo) throw new Error(`Invalid element key "${key}"`);
  if (tempo.codebaseId !== STORYBOARD_CODEBASE_ID && !isValidCodebaseId(tempo.codebaseId)) {
    throw new Error(`Invalid codebase id "${tempo.codebaseId}": "tempo-" and a UUID, or a placeholder id, is expected`);
  }
  checkedStoryboardId(tempo.storyboardId);
  return key;
}
