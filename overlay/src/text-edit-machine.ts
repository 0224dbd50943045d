/**
 * Inline text editing: only an element whose children are all text and which the source marks as
 * static text can be edited. Starting makes it plain-text editable and keeps the original text; blur (or a click
 * elsewhere) sends the new and the old text, clears the selection and removes editability.
 * See docs/editor.md#text-editing.
 */
import { unreachable } from './unreachable.js';

export type TextEditState = { kind: 'idle' } | { kind: 'editing'; key: string; originalText: string };

export type TextEditEffect =
  | { type: 'makeEditable'; key: string }
  | { type: 'notifyStart'; key: string; oldText: string }
  | { type: 'showDynamicTextButton'; key: string }
  | { type: 'sendEditedText'; key: string; newText: string; oldText: string }
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
  | { type: 'CLICK_ELSEWHERE'; currentText: string };

export interface TextEditStep {
  state: TextEditState;
  effects: TextEditEffect[];
}

export const initialTextEditState: TextEditState = { kind: 'idle' };

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
      if (state.kind !== 'editing') return { state, effects: [] };
      return {
        state: { kind: 'idle' },
        effects: [
          { type: 'sendEditedText', key: state.key, newText: event.currentText, oldText: state.originalText },
          { type: 'clearSelection' },
          { type: 'removeEditable', key: state.key },
        ],
      };
    default:
      return unreachable(event, 'text edit event');
  }
}
