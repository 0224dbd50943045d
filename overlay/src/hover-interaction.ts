/**
 * The hover's owner: the element under the pointer and what suppresses its outline (the rules are
 * `hover-machine.ts`), telling the editor and the outlines whenever the hover they show changes.
 */
import { hoverTransition, initialHoverState, measuredKey, visibleHoverKey, type HoverEvent, type HoverState } from './hover-machine.js';

export class HoverInteraction {
  private state: HoverState = initialHoverState;

  constructor(
    private readonly onVisibleChange: (key: string | null) => void,
    /** The element Alt measures against changed: the guides are drawn again. */
    private readonly onMeasuredChange: () => void = () => {},
  ) {}

  /** The element under the pointer while Alt is held, which the selection is measured against. */
  get measuredKey(): string | null {
    return measuredKey(this.state);
  }

  /** The key to outline and report as hovered: none while anything suppresses hover. */
  get visibleKey(): string | null {
    return visibleHoverKey(this.state);
  }

  send(event: HoverEvent): void {
    const [before, measuredBefore] = [this.visibleKey, this.measuredKey];
    this.state = hoverTransition(this.state, event);
    if (this.visibleKey !== before) this.onVisibleChange(this.visibleKey);
    else if (this.measuredKey !== measuredBefore) this.onMeasuredChange();
  }
}
