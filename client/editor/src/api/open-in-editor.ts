/**
 * Opens a file of the project at a line in the person's code editor, through the launcher the dev server already
 * has for its error overlay (`/__open-in-editor`, Vite's; the server lets only its own pages call it). The launcher
 * takes a path from the folder the server was started in, so the file is named by its full path: the project's
 * root, as the health call reports it, and the root-relative path the element lookup gives.
 */
import { STUDIO_API_PATHS } from '@contracts/studio-routes.js';
import { studioCall, StudioCallError } from './studio-client';

/** Vite's route; the same name the server's guard checks. */
const LAUNCHER = '/__open-in-editor';

let root: Promise<string> | undefined;

function projectRoot(): Promise<string> {
  root ??= studioCall<{ root: string }>(STUDIO_API_PATHS.health).then(
    (health) => health.root,
    (error: unknown) => {
      root = undefined; // asked again next time
      throw error;
    },
  );
  return root;
}

export async function openInEditor(file: string, line: number): Promise<void> {
  const base = (await projectRoot()).replace(/[\\/]+$/, '');
  const target = `${base}/${file}:${line}`;
  let response: Response;
  try {
    response = await fetch(`${LAUNCHER}?file=${encodeURIComponent(target)}`, { credentials: 'same-origin' });
  } catch (error) {
    throw new StudioCallError(`The studio server cannot be reached (${(error as Error).message})`, 0, 'NETWORK');
  }
  if (!response.ok) {
    const text = await response.text();
    let message = text.slice(0, 300) || `HTTP ${response.status}`;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? message;
    } catch {
      // Not JSON: the text itself.
    }
    throw new StudioCallError(message, response.status, `HTTP_${response.status}`);
  }
}
