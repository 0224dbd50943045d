/**
 * The selection's owner: what is selected (the rules are `selection-machine.ts`), and the report of each change to
 * the editor, `MULTI_SELECTED_ELEMENT_KEYS` first when several are selected, then `SELECTED_ELEMENT_KEY`.
 */
import type { Channel } from './channel.js';
import type { NavTreeKeeper } from './nav-tree-keeper.js';
import { initialSelectionState, primaryKey, selectedKeys, selectionTransition, type SelectionEvent, type SelectionState } from './selection-machine.js';

export interface SelectionDeps {
  channel: Channel;
  tree: Pick<NavTreeKeeper, 'buildIfWanted' | 'elementFor' | 'whenSent' | 'building'>;
  /** Told of a change before the editor is. */
  onChange(): void;
  redraw(): void;
}

export class SelectionInteraction {
  private state: SelectionState = initialSelectionState;
  /** Keys of this page's elements that show what is selected in another frame: outlined as selected too. */
  private twinKeys: readonly string[] = [];
  /** A click's selection waits to be reported (after the tree being sent): the editor does not know it yet. */
  private clickUnreported = false;

  constructor(private readonly deps: SelectionDeps) {}

  get current(): SelectionState {
    return this.state;
  }

  get keys(): readonly string[] {
    return selectedKeys(this.state);
  }

  /** The one selected key (the first of several), or null. */
  get primary(): string | null {
    return primaryKey(this.state);
  }

  get twins(): readonly string[] {
    return this.twinKeys;
  }

  /** The editor's twins of a selection made in another frame; they are drawn, never reported back. */
  showTwins(keys: readonly string[]): void {
    this.twinKeys = [...keys];
    this.deps.redraw();
  }

  /**
   * Whether a selection the user clicked has not reached the editor yet: what the editor sets meanwhile was decided
   * without it (a selection it is following through an edit, say) and must not take the click back.
   */
  get awaitsClickReport(): boolean {
    return this.clickUnreported;
  }

  send(event: SelectionEvent): void {
    const before = this.state;
    this.state = selectionTransition(this.state, event);
    if (this.state !== before) {
      if (event.type === 'CLICK') this.clickUnreported = true;
      this.deps.onChange();
      this.report();
    }
    this.deps.redraw();
  }

  /** The same selection under the keys ids the server remapped give it; the editor remaps its own copy. */
  rename(remap: (key: string) => string): void {
    this.state = selectionTransition(this.state, { type: 'SET_MULTI', keys: this.keys.map(remap) });
  }

  private report(): void {
    // A build waits (the page changed a moment ago, an edit was shown) or is being sent, and the selection's key is
    // the live page's: the editor gets that page's tree first, or it would look the key up in the old one (and
    // Escape would take the old parent, or none).
    const { tree } = this.deps;
    if (tree.buildIfWanted() || tree.building) void tree.whenSent().then(() => this.post());
    else this.post();
  }

  private post(): void {
    this.clickUnreported = false;
    const { channel, tree } = this.deps;
    if (this.state.kind === 'multi') channel.post('MULTI_SELECTED_ELEMENT_KEYS', { elementKeys: [...this.keys] });
    const key = this.primary;
    channel.post('SELECTED_ELEMENT_KEY', { elementKey: key, outerHTML: tree.elementFor(key)?.outerHTML ?? null });
  }
}
