/**
 * In-place text editing's owner: the edit under way (the rules are `text-edit-machine.ts`), the 'Edit Dynamic
 * Text' button offered for text computed in code, the keys of the element being edited (Enter, Shift+Enter,
 * Escape), the editor's request to end the edit, and the effects of each step on the element, the selection, the
 * hover and the editor.
 */
import { COMMIT_TEXT_EDIT_EVENT, parseElementKey, type ElementLookup } from '@contracts/frame-protocol.js';
import type { Channel } from './channel.js';
import type { HoverInteraction } from './hover-interaction.js';
import type { NavTreeKeeper } from './nav-tree-keeper.js';
import type { SelectionInteraction } from './selection-interaction.js';
import type { ShadowHost } from './shadow-host.js';
import { renderedThrough } from './react-fibers.js';
import { hasOnlyTextChildren, textHostOf } from './text-host.js';
import { initialTextEditState, textEditTransition, type TextEditEffect, type TextEditEvent, type TextEditState } from './text-edit-machine.js';
import { unreachable } from './unreachable.js';

export interface TextEditDeps {
  channel: Channel;
  tree: Pick<NavTreeKeeper, 'elementFor' | 'quiet'>;
  /** What the source says of each codebase id (whether its text is static). */
  lookups(): ReadonlyMap<string, ElementLookup>;
  selection: SelectionInteraction;
  hover: HoverInteraction;
  /** Where the hint about line breaks is shown, out of the page's styles. */
  shadow: Pick<ShadowHost, 'root'>;
  redraw(): void;
}

/** How long the line-break hint stays up. */
const HINT_MS = 2500;
const LINE_BREAK_HINT = 'Line breaks are not written: Enter writes the text, Escape puts it back.';

type Rect = Pick<DOMRect, 'left' | 'right' | 'top' | 'bottom'>;

/** The line-break hint's height, with its margin, in CSS pixels. */
const HINT_ROOM = 26;

/**
 * Where the line-break hint goes (its top, fixed to the viewport): just under the text, and under the outline's
 * labels that sit there (the size label), so that it hides none of them; above the text and its labels when there
 * is no room below.
 */
export function hintTop(text: Rect, labels: readonly Rect[], viewportHeight: number): number {
  const touching = labels.filter((label) => label.left < text.right && text.left < label.right);
  const below = touching.filter((label) => label.top >= text.bottom - 1 && label.top <= text.bottom + HINT_ROOM);
  const above = touching.filter((label) => label.bottom <= text.top + 1 && label.bottom >= text.top - HINT_ROOM);
  const under = Math.max(text.bottom, ...below.map((label) => label.bottom)) + 4;
  if (under + HINT_ROOM <= viewportHeight) return under;
  return Math.max(0, Math.min(text.top, ...above.map((label) => label.top)) - HINT_ROOM);
}

export function textOf(element: Element): string {
  return element.textContent ?? '';
}

/** A focused link puts the caret before its text, where typing would go: it goes after the text, as in a field. */
function caretAtEndOfLink(element: HTMLElement): void {
  const selection = window.getSelection();
  if (!element.closest('a') || !selection || (selection.anchorNode && element.contains(selection.anchorNode) && selection.anchorOffset > 0)) return;
  selection.selectAllChildren(element);
  selection.collapseToEnd();
}

export class TextEditInteraction {
  private state: TextEditState = initialTextEditState;
  private dynamicKey: string | null = null;
  /** The element that holds the text being edited: the edited element's own, or one its component's markup wraps. */
  private host: Element | null = null;
  /** Takes the listeners of the element being edited off again. */
  private detach: (() => void) | null = null;
  private hint: { element: HTMLElement; timer: ReturnType<typeof setTimeout> } | null = null;
  /** The component elements the edited element was rendered through (bound text only), sent with the edited text. */
  private instance: string[] = [];

  constructor(private readonly deps: TextEditDeps) {
    // A click in the editor (the empty canvas, a panel) is not seen here: the editor asks for the end of the edit.
    window.addEventListener(COMMIT_TEXT_EDIT_EVENT, () => {
      const element = this.editingElement;
      this.send({ type: 'COMMIT_REQUESTED', currentText: element ? textOf(element) : '' });
    });
  }

  /** The key of the element whose text is being edited, or null. */
  get editingKey(): string | null {
    return this.state.kind === 'editing' ? this.state.key : null;
  }

  /** The element whose text is being edited (where the page shows it), or null. */
  get editingElement(): Element | null {
    if (this.state.kind !== 'editing') return null;
    return this.host ?? this.deps.tree.elementFor(this.state.key);
  }

  /** The key with an 'Edit Dynamic Text' button shown, if any. */
  get dynamicTextKey(): string | null {
    return this.dynamicKey;
  }

  hideDynamicTextButton(): void {
    this.dynamicKey = null;
  }

  /**
   * Starts editing this element's text, or offers the dynamic-text editor when its text is computed in code. Bound
   * text whose words the lookup found as literals of the project is edited the same way: the server writes the
   * words where they are, for the call sites this element was rendered through.
   */
  start(key: string, element: Element): void {
    if (this.state.kind === 'editing') return;
    const lookup = this.deps.lookups().get(parseElementKey(key)?.codebaseId ?? '');
    // The text is written to this element's JSX, wherever its component's markup shows it.
    const host = textHostOf(element, lookup?.isStaticText ? lookup.staticText : undefined) ?? element;
    this.host = host;
    this.instance = lookup?.boundText ? renderedThrough(element) : [];
    this.send({
      type: 'START',
      candidate: { key, onlyTextChildren: hasOnlyTextChildren(host), staticText: lookup?.isStaticText === true || lookup?.boundText === true, text: textOf(host) },
    });
    if (this.editingKey === null) this.host = null;
  }

  send(event: TextEditEvent): void {
    const step = textEditTransition(this.state, event);
    this.state = step.state;
    for (const effect of step.effects) this.run(effect);
  }

  private run(effect: TextEditEffect): void {
    const { channel, tree, selection, hover } = this.deps;
    const element = effect.type === 'clearSelection' ? null : (this.host ?? tree.elementFor(effect.key));
    switch (effect.type) {
      case 'makeEditable':
        if (element instanceof HTMLElement) {
          tree.quiet(() => (element.contentEditable = 'plaintext-only'));
          element.focus();
          caretAtEndOfLink(element);
          this.listenWhileEditing(element);
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
          ...(this.instance.length > 0 ? { instance: this.instance } : {}),
        });
        break;
      case 'restoreText':
        // One text node, as React renders a static text: its own update after the hot reload finds it as it expects.
        if (element && element.textContent !== effect.text) tree.quiet(() => (element.textContent = effect.text));
        break;
      case 'showLineBreakHint':
        if (element) this.showHint(element, LINE_BREAK_HINT);
        break;
      case 'clearSelection':
        selection.send({ type: 'CLEAR' });
        break;
      case 'removeEditable':
        this.detach?.();
        this.detach = null;
        this.hideHint();
        if (element instanceof HTMLElement) tree.quiet(() => element.removeAttribute('contenteditable'));
        this.host = null;
        hover.send({ type: 'RELEASE', reason: 'editing' });
        break;
      default:
        unreachable(effect, 'text edit effect');
    }
  }

  private listenWhileEditing(element: HTMLElement): void {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return; // Enter that ends an input method's composition is the composition's
      if (event.key === 'Enter') {
        event.preventDefault();
        this.send(event.shiftKey ? { type: 'SHIFT_ENTER' } : { type: 'ENTER', currentText: textOf(element) });
      } else if (event.key === 'Escape') {
        event.preventDefault();
        this.send({ type: 'ESCAPE' });
      }
    };
    // Line breaks by other means than the key (an input method, the context menu) are refused the same way.
    const onBeforeInput = (event: InputEvent) => {
      if (event.inputType !== 'insertLineBreak' && event.inputType !== 'insertParagraph') return;
      event.preventDefault();
      this.send({ type: 'SHIFT_ENTER' });
    };
    const onBlur = () => this.send({ type: 'BLUR', currentText: textOf(element) });
    element.addEventListener('keydown', onKeyDown);
    element.addEventListener('beforeinput', onBeforeInput);
    element.addEventListener('blur', onBlur);
    this.detach = () => {
      element.removeEventListener('keydown', onKeyDown);
      element.removeEventListener('beforeinput', onBeforeInput);
      element.removeEventListener('blur', onBlur);
    };
  }

  private showHint(element: Element, text: string): void {
    this.hideHint();
    const rect = element.getBoundingClientRect();
    const hint = document.createElement('div');
    hint.className = 'text-edit-hint';
    hint.setAttribute('role', 'status');
    hint.textContent = text;
    const labels = [...this.deps.shadow.root.querySelectorAll('.label')].map((label) => label.getBoundingClientRect());
    const top = hintTop(rect, labels, window.innerHeight);
    hint.style.cssText = `position:fixed;left:${Math.max(0, rect.left)}px;top:${top}px;max-width:360px;padding:2px 6px;border-radius:4px;background:#1e293b;color:#fff;font:12px/18px system-ui,sans-serif;pointer-events:none;`;
    this.deps.shadow.root.appendChild(hint);
    this.hint = { element: hint, timer: setTimeout(() => this.hideHint(), HINT_MS) };
  }

  private hideHint(): void {
    if (!this.hint) return;
    clearTimeout(this.hint.timer);
    this.hint.element.remove();
    this.hint = null;
  }
}
