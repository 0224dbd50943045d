/**
 * The editor itself, loaded by the page's entry (`main.tsx`) once the frames the page started have their documents.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createEditorServices } from './create-editor-services';
import { endTextEditOnEditorPointer } from './frame/end-text-edit';
import { EditorServicesProvider } from './services/editor-services';
import { canvasIdFromLocation, StudioApp } from './studio-app';
import { takePageCanvas } from './canvas/use-canvas-document';
import { useEditorStore } from './state/editor-store';

// Made once, outside React: a component's render (run twice in strict mode) must not make a second engine.
const services = createEditorServices();
endTextEditOnEditorPointer(services.frames, document);
// Before the first render: with the canvas the page brought, that render already makes the frames, whose console
// starts loading at once.
const pageCanvas = takePageCanvas(canvasIdFromLocation(window.location.pathname));
if (pageCanvas) useEditorStore.getState().setCanvas(pageCanvas);

// In a transition: the first render yields every few milliseconds, so the consoles loading in the frames (the same
// page's thread) go on between its slices.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <EditorServicesProvider services={services}>
        <StudioApp />
      </EditorServicesProvider>
    </StrictMode>,
  );
});
