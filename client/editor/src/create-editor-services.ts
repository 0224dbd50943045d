/**
 * Makes the editor's lasting objects, once per page, and wires them: the frame parts first, the change engine on
 * them, then the bridge, which is handed what it calls above the frames (the engine's submit, the key handler, the
 * canvas zoom) instead of importing it. The app provides the result through `EditorServicesProvider`.
 */
import { studioServer, type StudioServer } from './api/studio-client';
import { TailwindClasses } from './api/tailwind-classes';
import { zoomCanvasByWheel } from './canvas/canvas-actions';
import { ChangeEngine } from './changes/change-engine';
import { ElementLookups } from './frame/element-lookups';
import { FrameBridge } from './frame/frame-bridge';
import { FrameRegistry } from './frame/frame-registry';
import { MoveDrag } from './frame/move-drag';
import { handleEditorKey } from './keyboard/editor-commands';
import type { EditorServices } from './services/editor-services';

export function createEditorServices(server: StudioServer = studioServer): EditorServices {
  const registry = new FrameRegistry();
  const lookups = new ElementLookups(registry, server);
  const changes = new ChangeEngine({ frames: registry, lookups, server });
  const moveDrag = new MoveDrag(registry, (type, changeFields) => changes.submit(type, changeFields));
  const frames: FrameBridge = new FrameBridge(
    { registry, lookups, moveDrag },
    {
      onKey: (key) => void handleEditorKey(key, services),
      onWheel: zoomCanvasByWheel,
      submitChange: (type, changeFields) => changes.submit(type, changeFields),
    },
  );
  const services: EditorServices = { frames, changes, tailwind: new TailwindClasses(server) };
  // For the page's life: the engine follows the open canvas (its history on the server) from the first load on.
  changes.followCanvas();
  return services;
}
