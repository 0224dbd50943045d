import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createEditorServices } from './create-editor-services';
import { endTextEditOnEditorPointer } from './frame/end-text-edit';
import { EditorServicesProvider } from './services/editor-services';
import { StudioApp } from './studio-app';
import './styles.css';

// Made once, outside React: a component's render (run twice in strict mode) must not make a second engine.
const services = createEditorServices();
endTextEditOnEditorPointer(services.frames, document);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <EditorServicesProvider services={services}>
      <StudioApp />
    </EditorServicesProvider>
  </StrictMode>,
);
