/**
 * Capture of the selection as a thumbnail (`captureComponentPreview`): asked of the selection's frame, answered by
 * the frame's COMPONENT_PREVIEW_CAPTURED or COMPONENT_PREVIEW_ERROR message; shown with a download link, or the
 * error.
 */
import { useEffect } from 'react';
import type { FrameBridge } from '../frame/frame-bridge';
import { findNode, frameIdOfKey, useEditorStore } from '../state/editor-store';

/** The frame waits up to 2 s for images and fonts, then draws (docs/editor.md#capture); past this, it is not coming. */
export const CAPTURE_TIMEOUT_MS = 20_000;

export function startCapture(frames: Pick<FrameBridge, 'channel'>): void {
  const store = useEditorStore.getState();
  const elementKey = store.selectedKey;
  const frameId = elementKey ? frameIdOfKey(elementKey) : null;
  if (!elementKey || !frameId) return;
  const channel = frames.channel(frameId);
  if (!channel) {
    store.setCapture({ status: 'error', frameId, elementKey, error: 'The frame is not ready yet' });
    return;
  }
  store.setCapture({ status: 'pending', frameId, elementKey });
  channel.call('captureComponentPreview', { elementKey }).catch((error: unknown) => {
    const capture = useEditorStore.getState().capture;
    if (capture?.status === 'pending' && capture.elementKey === elementKey) store.setCapture({ status: 'error', frameId, elementKey, error: (error as Error).message });
  });
}

function fileNameOf(name: string): string {
  return `${name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || 'element'}.jpg`;
}

export function CaptureResult() {
  const capture = useEditorStore((state) => state.capture);
  const setCapture = useEditorStore((state) => state.setCapture);
  const name = useEditorStore((state) => (capture ? (findNode(state.frames[capture.frameId]?.navTree ?? null, capture.elementKey)?.name ?? 'element') : 'element'));

  useEffect(() => {
    if (capture?.status !== 'pending') return;
    const timer = setTimeout(() => {
      const current = useEditorStore.getState().capture;
      if (current === capture) setCapture({ ...capture, status: 'error', error: `The frame sent no capture within ${CAPTURE_TIMEOUT_MS / 1000} s` });
    }, CAPTURE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [capture, setCapture]);

  if (!capture) return null;
  return (
    <div role="dialog" aria-label="Capture" className="absolute right-2 top-11 z-50 w-80 rounded border border-neutral-700 bg-neutral-900 p-3 text-xs shadow-2xl">
      <div className="mb-2 flex items-center justify-between">
        <h2 className="font-semibold text-neutral-200">Capture of &lt;{name}&gt;</h2>
        <button type="button" aria-label="Close capture" onClick={() => setCapture(null)} className="rounded px-1 text-neutral-400 hover:text-neutral-100">
          ×
        </button>
      </div>
      {capture.status === 'pending' ? <p role="status">Capturing…</p> : null}
      {capture.status === 'error' ? (
        <p role="alert" className="text-red-300">
          The capture failed: {capture.error}
        </p>
      ) : null}
      {capture.status === 'done' ? (
        <div className="flex flex-col gap-2">
          <img src={capture.imageDataUrl} alt={`Capture of ${name}`} className="max-h-64 w-full rounded border border-neutral-700 bg-white object-contain" />
          <a href={capture.imageDataUrl} download={fileNameOf(name)} className="self-start rounded bg-neutral-700 px-3 py-1 text-neutral-100 hover:bg-neutral-600">
            Download capture
          </a>
        </div>
      ) : null}
    </div>
  );
}
