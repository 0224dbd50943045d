/**
 * Opens a project file at a line in the person's code editor, with launch-editor (the launcher Vite's error overlay
 * uses), and says plainly what went wrong: no editor configured or found running, or an editor command that failed.
 * Vite's own `/__open-in-editor` answers 200 whatever happens and tells only the terminal, so a button calling it
 * did nothing, silently, on a machine without an editor set.
 */
import { createRequire } from 'node:module';
import { appError } from '../contracts/errors.js';

const require = createRequire(import.meta.url);

type ErrorCallback = (fileName: string, errorMessage: string | null) => void;
type LaunchEditor = (file: string, specifiedEditor: string | undefined, onError: ErrorCallback) => void;
type GuessEditor = (specifiedEditor?: string) => Array<string | null>;

/** How long a launch may take to fail (a missing command fails at once) before it counts as opened. */
const LAUNCH_SETTLE_MS = 400;

/** Launches the editor on `absolutePath:line`; rejects with a catalogue error when none is found or it fails. */
export function openInCodeEditor(absolutePath: string, line: number, shownPath: string): Promise<{ editor: string }> {
  // Loaded when asked: dev's start-up loads none of it.
  const guessEditor = require('launch-editor/guess.js') as GuessEditor;
  const [editor] = guessEditor();
  if (!editor) return Promise.reject(appError('NO_CODE_EDITOR', shownPath));
  const launchEditor = require('launch-editor') as LaunchEditor;
  return new Promise((resolve, reject) => {
    const settled = setTimeout(() => resolve({ editor }), LAUNCH_SETTLE_MS);
    launchEditor(`${absolutePath}:${line}`, undefined, (_fileName, errorMessage) => {
      clearTimeout(settled);
      reject(appError('CODE_EDITOR_FAILED', editor, errorMessage ?? 'it could not be started'));
    });
  });
}
