/**
 * The studio's one screen: toolbar on top; layers and the palette on the left; the canvas of console frames in the
 * middle; the inspector (element, props and state, text) or the theme, and the change list on the right.
 */
import { canvasIdOfStudioPath, DEFAULT_CANVAS_ID } from '@contracts/studio-routes.js';
import { CanvasView } from './canvas/canvas-view';
import { ConnectionBanner } from './connection-banner';
import { useCanvasDocument } from './canvas/use-canvas-document';
import { appKeyActions } from './app-key-actions';
import { useEditorKeys } from './keyboard/use-editor-keys';
import { LayersPanel } from './layers/layers-panel';
import { ElementContextMenu } from './element-context-menu';
import { NoticeList } from './notice-list';
import { PalettePanel } from './palette/palette-panel';
import { ChangesPanel } from './panels/changes-panel';
import { Inspector } from './panels/inspector';
import { SidePanelTabs, type SidePanelTab } from './panels/side-panel-tabs';
import { ThemePanel } from './panels/theme-panel';
import { useEditorStore } from './state/editor-store';
import { Toolbar } from './toolbar/toolbar';

/** The canvas id of `/_studio/canvas/{canvasId}` (docs/editor.md#canvases), else the default canvas. */
export function canvasIdFromLocation(pathname: string): string {
  return canvasIdOfStudioPath(pathname) ?? DEFAULT_CANVAS_ID;
}

/** The right side: the selected element's inspector, or the project's theme. */
const SIDE_TABS: readonly SidePanelTab[] = [
  { id: 'inspector', label: 'Inspector', render: () => <Inspector /> },
  { id: 'theme', label: 'Theme', render: () => <ThemePanel /> },
];

export function StudioApp() {
  useCanvasDocument(canvasIdFromLocation(window.location.pathname));
  useEditorKeys(appKeyActions);
  const loadError = useEditorStore((state) => state.loadError);
  const loaded = useEditorStore((state) => state.canvas !== null);
  return (
    <div className="flex h-full flex-col">
      <Toolbar />
      <ConnectionBanner />
      {loadError ? (
        <div role="alert" className="m-8 rounded border border-red-500/50 bg-red-950/40 p-4 text-red-200">
          {loadError}
        </div>
      ) : !loaded ? (
        <p className="m-8 text-neutral-400">Loading the canvas…</p>
      ) : (
        <div className="flex min-h-0 flex-1">
          <aside aria-label="Layers and elements" className="flex w-72 shrink-0 flex-col border-r border-neutral-800 bg-neutral-950">
            <LayersPanel />
            <PalettePanel />
          </aside>
          <main className="relative min-w-0 flex-1 overflow-hidden">
            <CanvasView />
          </main>
          <aside aria-label="Inspector" className="flex w-80 shrink-0 flex-col border-l border-neutral-800 bg-neutral-950">
            <SidePanelTabs label="Inspector and theme" tabs={SIDE_TABS} />
            <ChangesPanel />
          </aside>
        </div>
      )}
      <ElementContextMenu />
      <NoticeList />
    </div>
  );
}
