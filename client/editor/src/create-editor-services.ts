/**
 * Makes the editor's lasting objects, once per page, and wires them: the frame parts first, the change engine on
 * them, then the bridge, which is handed what it calls above the frames (the engine's submit, the key handler, the
 * canvas zoom) instead of importing it. The app provides the result through `EditorServicesProvider`.
 */
import { studioServer, type StudioServer } from './api/studio-client';
import { createProjectThemeQuery } from './api/project-theme-query';
import { TailwindClasses } from './api/tailwind-classes';
import { zoomCanvasByWheel } from './canvas/canvas-actions';
import { followProjectStyling } from './canvas/follow-project-styling';
import { ChangeEngine } from './changes/change-engine';
import { ConnectionMonitor } from './changes/connection-monitor';
import { handChangesAcrossPages } from './changes/page-handoff';
import { restoreSelectionAfterReload } from './canvas/restore-selection';
import { ElementLookups } from './frame/element-lookups';
import { FrameBridge } from './frame/frame-bridge';
import { FrameRegistry } from './frame/frame-registry';
import { giveFramesHandleScale, writeStyleHandle } from './style-handles';
import { MoveDrag } from './frame/move-drag';
import { startAgentBridge } from './agent/agent-bridge';
import { appKeyActions } from './app-key-actions';
import { openElementContextMenu } from './element-context-menu';
import { handleEditorKey } from './keyboard/editor-commands';
import type { EditorServices } from './services/editor-services';

export function createEditorServices(server: StudioServer = studioServer): EditorServices {
  const registry = new FrameRegistry();
  const lookups = new ElementLookups(registry, server);
  const connection = new ConnectionMonitor();
  const changes = new ChangeEngine({ frames: registry, lookups, server, connection });
  const moveDrag = new MoveDrag(registry, (type, changeFields) => changes.submit(type, changeFields));
  const frames: FrameBridge = new FrameBridge(
    { registry, lookups, moveDrag },
    {
      onKey: (key) => void handleEditorKey(key, { ...services, actions: appKeyActions }),
      onWheel: zoomCanvasByWheel,
      onContextMenu: openElementContextMenu,
      onStyleHandle: (release) => writeStyleHandle(release, (fields) => changes.submit('STYLING', fields)),
      submitChange: (type, changeFields) => changes.submit(type, changeFields),
    },
  );
  const services: EditorServices = { frames, changes, tailwind: new TailwindClasses(server), theme: createProjectThemeQuery(server, typeof window === 'undefined' ? undefined : window), connection };
  // For the page's life: the engine follows the open canvas (its history on the server) from the first load on.
  changes.followCanvas();
  // For the page's life: a canvas no designer set a framework on takes the project's, as the theme names it.
  followProjectStyling(services.theme);
  // For the page's life: the selection's handles in the frames snap to the project's spacing scale.
  giveFramesHandleScale(services.theme, (scale) => frames.setHandleScale(scale));
  // For the page's life too: the server may stop and start again, and the page may reload with edits waiting.
  if (server.canWriteSource()) {
    connection.start();
    handChangesAcrossPages(changes, server, connection);
    // For the page's life: coding agents reach the page's selection, frames and engine through the server.
    startAgentBridge(frames, changes, server);
    connection.store.subscribe((state, previous) => {
      if (state.reconnects === previous.reconnects) return;
      // A new start of the server: the frames reload (frame-reload.ts), the history may have changed meanwhile.
      if (state.restarted) restoreSelectionAfterReload();
      void changes.store.getState().refreshHistory();
    });
    // A change written, undone or redone may have been to the project's CSS (a theme token): the theme is asked again.
    changes.store.subscribe((state, previous) => {
      if (state.history?.undoCount !== previous.history?.undoCount || state.history?.redoCount !== previous.history?.redoCount) void services.theme.refresh();
    });
  }
  return services;
}
