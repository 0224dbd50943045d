/**
 * Loads the canvas document of the open canvas (unless the studio page brought it), and saves it back into the project (`.plantation-studio/`) a
 * moment after each change of its frames, zoom, pan, styling framework or change records, and once more when
 * the page goes away. A failed save keeps the document in memory and says so; the next change tries again.
 */
import { useEffect } from 'react';
import { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from '@contracts/dom.js';
import { designerChoseStylingFramework, type CanvasDocument } from '@contracts/studio-api.js';
import { STUDIO_API_PATHS, STUDIO_API_PREFIX, withCanvasId } from '@contracts/studio-routes.js';
import { canvasOfPage, STUDIO_CANVAS_SCRIPT_ID } from '@contracts/studio-page-canvas.js';
import { canWriteSource, isUnreachable, studioCall } from '../api/studio-client';
import { useEditorStore } from '../state/editor-store';

export const SAVE_DELAY_MS = 400;
/** How often a save that found no server tries again. */
const SAVE_RETRY_MS = 2_000;

const canvasPath = (canvasId: string) => withCanvasId(STUDIO_API_PATHS.canvas, canvasId);

/** The part of the document that is saved: everything but what only this page's session knows. */
export function savedFieldsChanged(previous: CanvasDocument | null, next: CanvasDocument | null): boolean {
  if (!previous || !next || previous === next) return false;
  return (
    previous.frames !== next.frames ||
    previous.zoomPerc !== next.zoomPerc ||
    previous.pan !== next.pan ||
    designerChoseStylingFramework(previous) !== designerChoseStylingFramework(next) ||
    // A framework that follows the project's is found again at each open: following it writes nothing.
    (previous.stylingFramework !== next.stylingFramework && designerChoseStylingFramework(next)) ||
    previous.changes !== next.changes ||
    previous.name !== next.name
  );
}

/**
 * The document the studio page came with for `canvasId` (the server puts it there, see
 * `contracts/studio-page-canvas.ts`), taken once: the element is removed, so a later open asks the server for what
 * is saved by then. Null when the page has none for this canvas.
 */
export function takePageCanvas(canvasId: string, page: Pick<Document, 'getElementById'> = document): CanvasDocument | null {
  const script = page.getElementById(STUDIO_CANVAS_SCRIPT_ID);
  if (!script) return null;
  script.remove();
  return canvasOfPage<CanvasDocument>(script.textContent, canvasId);
}

/** Whether the open canvas still has to be asked for: the page did not bring it (`takePageCanvas`). */
export function canvasToLoad(current: Pick<CanvasDocument, 'id'> | null, canvasId: string): boolean {
  return current?.id !== canvasId;
}

export function useCanvasDocument(canvasId: string): void {
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let unsaved: CanvasDocument | null = null;
    let lastErrorShown: string | null = null;

    const save = async () => {
      timer = null;
      const pending = unsaved;
      unsaved = null;
      if (!pending) return;
      try {
        await studioCall(canvasPath(canvasId), { method: 'PUT', body: pending });
        lastErrorShown = null;
      } catch (error) {
        if (isUnreachable(error)) {
          // The server is gone for now (the studio's banner says so): the document is kept and saved once it answers.
          unsaved ??= pending;
          timer ??= setTimeout(() => void save(), SAVE_RETRY_MS);
          return;
        }
        const message = `The canvas could not be saved: ${(error as Error).message}`;
        // One notice per kind of failure, not one per pan step.
        if (message !== lastErrorShown) useEditorStore.getState().notify('error', message);
        lastErrorShown = message;
      }
    };

    const unsubscribe = useEditorStore.subscribe((state, previous) => {
      if (cancelled || !canWriteSource() || state.canvas?.id !== canvasId) return;
      if (!savedFieldsChanged(previous.canvas, state.canvas)) return;
      unsaved = state.canvas;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void save(), SAVE_DELAY_MS);
    });

    // Best effort when the page goes away with a save still waiting: a keepalive request outlives the page.
    const onPageHide = () => {
      if (!unsaved || !canWriteSource()) return;
      const token = document.querySelector<HTMLMetaElement>(`meta[name="${STUDIO_TOKEN_META}"]`)?.content ?? '';
      void fetch(`${STUDIO_API_PREFIX}${canvasPath(canvasId)}`, {
        method: 'PUT',
        keepalive: true,
        headers: { 'content-type': 'application/json', [STUDIO_TOKEN_HEADER]: token },
        body: JSON.stringify(unsaved),
      }).catch(() => undefined);
      unsaved = null;
    };
    window.addEventListener('pagehide', onPageHide);

    useEditorStore.getState().setLoadError(null);
    if (canvasToLoad(useEditorStore.getState().canvas, canvasId)) {
      studioCall<CanvasDocument>(canvasPath(canvasId))
        .then((loaded) => {
          if (!cancelled) useEditorStore.getState().setCanvas(loaded);
        })
        .catch((error: unknown) => {
          if (!cancelled) useEditorStore.getState().setLoadError(`The canvas "${canvasId}" could not be loaded: ${(error as Error).message}`);
        });
    }

    return () => {
      cancelled = true;
      unsubscribe();
      window.removeEventListener('pagehide', onPageHide);
      if (timer) {
        clearTimeout(timer);
        void save();
      }
    };
  }, [canvasId]);
}
