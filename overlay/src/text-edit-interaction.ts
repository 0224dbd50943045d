/**
 * In-place text editing's owner: the edit under way (the rules are `text-edit-machine.ts`), the 'Edit Dynamic
 * Text' button offered for text computed in code, and the effects of each step on the element, the selection,
 * the hover and the editor.
 */
import { parseElementKey, type ElementLookup } from '@contracts/frame-protocol.js';
import type { Channel } from './channel.js';
import type { HoverInteraction } from './hover-interaction.js';
import type { NavTreeKeeper } from './nav-tree-keeper.js';
import type { SelectionInteraction } from './selection-interaction.js';
import { initialTextEditState, textEditTransition, type TextEditEffect, type TextEditEvent, type TextEditState } from './text-edit-machine.js';
import { unreachable } from './unreachable.js';

export interface TextEditDeps {
  channel: Channel;
  tree: Pick<NavTreeKeeper, 'elementFor' | 'quiet'>;
  /** What the source says of each codebase id (whether its text is static). */
  lookups(): ReadonlyMap<string, ElementLookup>;
  selection: SelectionInteraction;
  hover: HoverInteraction;
  redraw(): void;
}

export function textOf(element: Element): string {
  return element.textContent ?? '';
}

export class TextEditInteraction {
  private state: TextEditState = initialTextEditState;
  private dynamicKey: string | null = null;

  constructor(private readonly deps: TextEditDeps) {}

  /** The key of the element whose text is being edited, or null. */
  get editingKey(): string | null {
    return this.state.kind === 'editing' ? this.state.key : null;
  }

  /** The key with an 'Edit Dynamic Text' button shown, if any. */
  get dynamicTextKey(): string | null {
    return this.dynamicKey;
  }

  hideDynamicTextButton(): void {
    this.dynamicKey = null;
  }

  /** Starts editing this element's text, or offers the dynamic-text editor when its text is computed in code. */
  start(key: string, element: Element): void {
    const onlyTextChildren = element.childNodes.length > 0 && [...element.childNodes].every((node) => node.nodeType === Node.TEXT_NODE);
    const codebaseId = parseElementKey(key)?.codebaseId ?? '';
    this.send({
      type: 'START',
      candidate: { key, onlyTextChildren, staticText: this.deps.lookups().get(codebaseId)?.isStaticText === true, text: textOf(element) },
    });
  }

  send(event: TextEditEvent): void {
    const step = textEditTransition(this.state, event);
    this.state = step.state;
    for (const effect of step.effects) this.run(effect);
  }

  private run(effect: TextEditEffect): void {
    const { channel, tree, selection, hover } = this.deps;
    const element = effect.type === 'clearSelection' ? null : tree.elementFor(effect.key);
    switch (effect.type) {
      case 'makeEditable':
        if (element instanceof HTMLElement) {
          tree.quiet(() => (element.contentEditable = 'plaintext-only'));
          element.focus();
          element.addEventListener('blur', () => this.send({ type: 'BLUR', currentText: textOf(element) }), { once: true });
        }
        hover.send({ type: 'SUPPRESS', reason: 'editing' });
        break;
      case 'notifyStart':
        channel.post('START_EDITING_TEXT', { elementKey: effect.key, oldText: effect.oldText });
        break;
      case 'showDynamicTextButton':
        this.dynamicKey = effect.key;
        this.deps.redraw();
        break;
      case 'sendEditedText':
        channel.post('EDITED_TEXT', {
          elementKey: effect.key,
          codebaseId: parseElementKey(effect.key)?.codebaseId ?? '',
          newText: effect.newText,
          oldText: effect.oldText,
        });
        break;
      case 'clearSelection':
        selection.send({ type: 'CLEAR' });
        break;
      case 'removeEditable':
        if (element instanceof HTMLElement) tree.quiet(() => element.removeAttribute('contenteditable'));
        hover.send({ type: 'RELEASE', reason: 'editing' });
        break;
      default:
        unreachable(effect, 'text edit effect');
    }
  }
}
