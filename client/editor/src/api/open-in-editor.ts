/**
 * Opens a file of the project at a line in the person's code editor, through the studio's own route: the server
 * finds the editor (LAUNCH_EDITOR, VISUAL, EDITOR, or one it sees running) and answers what went wrong in words a
 * person can act on (no editor configured, a command that failed), where Vite's launcher answered 200 whatever
 * happened.
 */
import type { OpenInEditorAnswer } from '@contracts/studio-api.js';
import { STUDIO_API_PATHS } from '@contracts/studio-routes.js';
import { studioCall } from './studio-client';

export async function openInEditor(file: string, line: number): Promise<void> {
  await studioCall<OpenInEditorAnswer>(STUDIO_API_PATHS.openInEditor, { body: { file, line } });
}
