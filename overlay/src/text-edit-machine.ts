/**
 * Inline text editing: only an element whose children are all text and which the source marks as
 * static text can be edited. Starting makes it plain-text editable and keeps the original text. Enter commits
 * (the element stays selected); blur, a click elsewhere in the frame, or the editor asking (a click on the empty
 * canvas, which the frame never sees) commit too and clear the selection; Escape puts the original text back and
 * writes nothing. Shift+Enter is refused with a hint: JSX text cannot hold a line break (it shows as a space), and
 * a `<br />` would turn the static text into markup that can no longer be edited in place.
 * What is written is the text as a person sees it: whitespace runs (a pasted line break) as one space, trimmed.
 * See docs/editor.md#text-editing.
 */
import { unreachable } from './unreachable.js';

export type TextEditState = { kind: 'idle' } | { kind: 'editing'; key: string; originalText: string };

export type TextEditEffect =
  | { type: 'makeEditable'; key: string }
  | { type: 'notifyStart'; key: string; oldText: string }
  | { type: 'showDynamicTextButton'; key: string }
  | { type: 'sendEditedText'; key: string; newText: string; oldText: string }
  | { type: 'restoreText'; key: string; text: string }
  | { type: 'showLineBreakHint'; key: string }
  | { type: 'clearSelection' }
  | { type: 'removeEditable'; key: string };

export interface TextEditCandidate {
  key: string;
  onlyTextChildren: boolean;
  staticText: boolean;
  text: string;
}

export type TextEditEvent =
  | { type: 'START'; candidate: TextEditCandidate }
  | { type: 'BLUR'; currentText: string }
  | { type: 'CLICK_ELSEWHERE'; currentText: string }
  /** The editor asks the frame to end the edit (a click in the editor that the frame does not see). */
  | { type: 'COMMIT_REQUESTED'; currentText: string }
  | { type: 'ENTER'; currentText: string }
  | { type: 'SHIFT_ENTER' }
  | { type: 'ESCAPE' };

export interface TextEditStep {
  state: TextEditState;
  effects: TextEditEffect[];
}

export const initialTextEditState: TextEditState = { kind: 'idle' };

/** The text as a person sees it and as it is written: whitespace runs as one space, trimmed. */
export function visibleText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The text to write: the original itself when nothing visible changed, so an untouched edit writes nothing. */
function editedText(currentText: string, originalText: string): string {
  const visible = visibleText(currentText);
  return visible === visibleText(originalText) ? originalText : visible;
}

export function canEditTextStatically(candidate: Pick<TextEditCandidate, 'onlyTextChildren' | 'staticText'>): boolean {
  return candidate.onlyTextChildren && candidate.staticText;
}

export function textEditTransition(state: TextEditState, event: TextEditEvent): TextEditStep {
  switch (event.type) {
    case 'START': {
      if (state.kind === 'editing') return { state, effects: [] };
      const { candidate } = event;
      if (!canEditTextStatically(candidate)) {
        // Text from an expression cannot be written back as typed: offer the dynamic-text editor instead.
        return { state, effects: candidate.onlyTextChildren ? [{ type: 'showDynamicTextButton', key: candidate.key }] : [] };
      }
      return {
        state: { kind: 'editing', key: candidate.key, originalText: candidate.text },
        effects: [
          { type: 'makeEditable', key: candidate.key },
          { type: 'notifyStart', key: candidate.key, oldText: candidate.text },
        ],
      };
    }
    case 'BLUR':
    case 'CLICK_ELSEWHERE':
    case 'COMMIT_REQUESTED':
    case 'ENTER': {
      if (state.kind !== 'editing') return { state, effects: [] };
      const newText = editedText(event.currentText, state.originalText);
      return {
        state: { kind: 'idle' },
        effects: [
          // The frame shows the text as it will be written (a pasted line break as the space it becomes).
          ...(newText !== event.currentText ? [{ type: 'restoreText', key: state.key, text: newText } as const] : []),
          { type: 'sendEditedText', key: state.key, newText, oldText: state.originalText },
          // Enter keeps the element selected; anything else that ends the edit selects something else, or nothing.
          ...(event.type === 'ENTER' ? [] : [{ type: 'clearSelection' } as const]),
          { type: 'removeEditable', key: state.key },
        ],
      };
    }
    case 'ESCAPE':
      if (state.kind !== 'editing') return { state, effects: [] };
      return {
        state: { kind: 'idle' },
        effects: [
          { type: 'restoreText', key: state.key, text: state.originalText },
          // The editor learns that the edit ended, with nothing to write.
          { type: 'sendEditedText', key: state.key, newText: state.originalText, oldText: state.originalText },
          { type: 'removeEditable', key: state.key },
        ],
      };
    case 'SHIFT_ENTER':
      return { state, effects: state.kind === 'editing' ? [{ type: 'showLineBreakHint', key: state.key }] : [] };
    default:
      return unreachable(event, 'text edit event');
  }
}
