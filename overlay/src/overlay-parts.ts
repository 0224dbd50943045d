/**
 * The overlay's parts, made once by the runtime and handed to the page's listeners and the handlers: the store,
 * the channel to the parent, the shadow host, and the owners of lasting state (the nav tree's keeper, the page
 * watcher, one owner per interaction).
 */
import type { Channel } from './channel.js';
import type { DragInteraction } from './drag-interaction.js';
import type { ForcedStates } from './forced-states.js';
import type { HandleInteraction } from './handle-interaction.js';
import type { HoverInteraction } from './hover-interaction.js';
import type { NavTreeKeeper } from './nav-tree-keeper.js';
import type { OverlayStore } from './overlay-store.js';
import type { PageWatcher } from './page-watcher.js';
import type { SelectionInteraction } from './selection-interaction.js';
import type { ShadowHost } from './shadow-host.js';
import type { TextEditInteraction } from './text-edit-interaction.js';

export interface OverlayParts {
  store: OverlayStore;
  channel: Channel;
  shadow: ShadowHost;
  tree: NavTreeKeeper;
  page: PageWatcher;
  hover: HoverInteraction;
  selection: SelectionInteraction;
  drag: DragInteraction;
  textEdit: TextEditInteraction;
  /** The selection's resize, padding, margin and gap handles. */
  handles: HandleInteraction;
  /** The states (hover, …) forced on the selected element. */
  forced: ForcedStates;
  /** Draws the outlines as the parts now have them; answers how many were drawn. */
  redraw(): number;
}
