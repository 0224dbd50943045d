/**
 * The editor's words for the project it edits, from the name the studio page carries (`contracts/project-words.ts`):
 * "the console" only for the plantation console.
 */
import { PROJECT_NAME_META, projectWords, type ProjectWords } from '@contracts/project-words.js';

let words: ProjectWords | undefined;

export function servedProject(): ProjectWords {
  words ??= projectWords(document.querySelector<HTMLMetaElement>(`meta[name="${PROJECT_NAME_META}"]`)?.content);
  return words;
}
