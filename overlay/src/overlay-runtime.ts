/**
 * The overlay in a studio frame: makes its parts (the shadow host, the nav tree's keeper, the page watcher, one
 * owner per interaction), wires the page's events into them, and gives the parent's messages their handlers.
 */
import { parseElementKey, type FrameFunctionHandlers } from '@contracts/frame-protocol.js';
import type { Channel } from './channel.js';
import { DragInteraction } from './drag-interaction.js';
import { applyDriveModeCursor, readDriveMode } from './drive-mode.js';
import { ForcedStates } from './forced-states.js';
import { createFrameHandlers } from './frame-handlers.js';
import { HandleInteraction } from './handle-interaction.js';
import { HoverInteraction } from './hover-interaction.js';
import { inspectElement } from './inspect.js';
import { NavTreeKeeper } from './nav-tree-keeper.js';
import { outlineScene } from './outline-scene.js';
import { drawOutlines } from './outlines.js';
import type { OverlayParts } from './overlay-parts.js';
import type { OverlayStore } from './overlay-store.js';
import { listenToPage } from './page-events.js';
import { PageWatcher } from './page-watcher.js';
import { SelectionInteraction } from './selection-interaction.js';
import { createShadowHost } from './shadow-host.js';
import { TextEditInteraction } from './text-edit-interaction.js';

export interface OverlayRuntime {
  handlers: FrameFunctionHandlers;
  inspect: typeof inspectElement;
  stateAndProps(componentName: string): ReturnType<typeof inspectElement>;
}

/** Makes the parts, each told of the others it needs; nothing listens or builds yet. */
function createOverlayParts(store: OverlayStore, channel: Channel): OverlayParts {
  const shadow = createShadowHost();
  // The owners tell the outlines of their changes; the outlines read every owner: drawn through this late binding.
  const redraw = (): number =>
    drawOutlines(
      shadow,
      outlineScene({ hoverKey: hover.visibleKey, measuredKey: hover.measuredKey, selectedKeys: selection.keys, twinKeys: selection.twins, draggedKey: drag.draggedKey, dropAt: drag.dropAt, dynamicTextKey: textEdit.dynamicTextKey, handles: { allowed: textEdit.editingKey === null && handles.ready, label: handles.label }, tree, store }),
      (key) => channel.post('EDIT_DYNAMIC_TEXT', { elementKey: key, codebaseId: parseElementKey(key)?.codebaseId ?? '' }),
    );
  // A hot reload may have remounted the element whose states are forced, or changed its rules: each tree puts them back.
  const onTree = () => {
    forced.apply();
    redraw();
  };
  const tree = new NavTreeKeeper({ channel, shadow, storyboardId: () => store.storyboardId, lookups: () => store.lookups, onTree });
  const forced = new ForcedStates({ elementFor: (key) => tree.elementFor(key), quiet: (fn) => tree.quiet(fn) });
  const page = new PageWatcher({ channel, framework: store.query.framework });
  const hover = new HoverInteraction((key) => {
    channel.post('HOVERED_ELEMENT_KEY', { elementKey: key });
    redraw();
  }, redraw);
  const selection: SelectionInteraction = new SelectionInteraction({ channel, tree, onChange: () => textEdit.hideDynamicTextButton(), redraw });
  const drag = new DragInteraction({ channel, tree, selection, hover, redraw });
  const textEdit = new TextEditInteraction({ channel, tree, lookups: () => store.lookups, selection, hover, shadow, redraw });
  const handles = new HandleInteraction({ channel, tree, hover, redraw });
  return { store, channel, shadow, tree, page, hover, selection, drag, textEdit, handles, forced, redraw };
}

export function startOverlay(store: OverlayStore, channel: Channel): OverlayRuntime {
  store.driveMode = readDriveMode(store.storyboardId);
  applyDriveModeCursor(store.driveMode);
  const parts = createOverlayParts(store, channel);
  parts.page.start();
  listenToPage(parts);
  const handlers = createFrameHandlers(parts);
  parts.tree.start();
  return {
    handlers,
    inspect: inspectElement,
    stateAndProps(componentName) {
      const answer = inspectElement({ componentName, isComponent: true }, (message) => console.warn(message));
      if (answer.result) console.log(`${componentName} props`, answer.result.props, 'state', answer.result.state);
      else console.log(answer.error);
      return answer;
    },
  };
}
