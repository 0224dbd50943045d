import type { SourceTextAnswer } from '@contracts/studio-api.js';
import { STUDIO_API_PATHS } from '@contracts/studio-routes.js';
import { studioCall } from './studio-client';

/**
 * A project file's text as it is on disk, from the studio's own API. Not Vite's `?raw`: a module Vite once served
 * as `?raw` has no hot-reload boundary any more, so every later write of that file would reload whole frames.
 */
export async function readProjectFile(file: string): Promise<string> {
  const answer = await studioCall<SourceTextAnswer>(STUDIO_API_PATHS.sourceText, { body: { file } });
  return answer.text;
}
