/**
 * A style field that speaks the project's tokens: an accessible combobox (ARIA 1.2, list autocomplete) whose list
 * suggests the scale's tokens as the designer types, with their values and, for colours, a swatch. Arrow keys move
 * in the list, Enter writes the active token or the typed text, Escape closes the list and then puts the field back.
 * What the typed text means (token, CSS value, arbitrary value, or refused) is the caller's `commit`.
 * The list's states and keys are `token-list-keys.ts`.
 */
import { useId, useState } from 'react';
import type { ThemeToken } from '@contracts/project-theme.js';
import { Swatch } from './colour-swatch';
import { inputClass } from './panel-section';
import { describeToken, suggestTokens } from './style-tokens';
import { listKey, type ListState } from './token-list-keys';

export interface TokenInputProps {
  label: string;
  property: string;
  tokens: readonly ThemeToken[];
  isColour: boolean;
  draft: string;
  placeholder: string;
  disabled: boolean;
  invalid: boolean;
  describedBy?: string;
  onDraft: (text: string) => void;
  /** Writes what is typed (or the chosen token's name). */
  onCommit: (text: string) => void;
  /** Puts the field back as it was. */
  onRevert: () => void;
}

export function TokenInput(props: TokenInputProps) {
  const { label, property, tokens, isColour, draft, placeholder, disabled, invalid, describedBy, onDraft, onCommit, onRevert } = props;
  const [list, setList] = useState<ListState>({ open: false });
  const listId = useId();
  const suggestions = list.open ? suggestTokens(tokens, draft) : [];
  const active = list.open && suggestions[list.active] ? list.active : -1;
  const choose = (token: ThemeToken) => {
    setList({ open: false });
    onDraft(token.name);
    onCommit(token.name);
  };
  return (
    <div className="relative min-w-0 flex-1">
      <input
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={suggestions.length > 0}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        disabled={disabled}
        className={inputClass}
        placeholder={placeholder}
        value={draft}
        onChange={(event) => {
          onDraft(event.target.value);
          setList({ open: tokens.length > 0, active: -1 });
        }}
        onBlur={() => {
          setList({ open: false });
          onCommit(draft);
        }}
        onKeyDown={(event) => {
          // A list with nothing in it is closed, as the person sees it: Escape then puts the field back at once.
          const shown: ListState = suggestions.length ? list : { open: false };
          const next = listKey({ key: event.key, altKey: event.altKey }, shown, shown.open ? suggestions.length : suggestTokens(tokens, draft).length);
          if (next === null) return;
          event.preventDefault();
          if (next === 'enter') {
            const token = suggestions[active];
            if (token) choose(token);
            else {
              setList({ open: false });
              onCommit(draft);
            }
          } else if (next === 'revert') onRevert();
          else setList(next);
        }}
      />
      {suggestions.length > 0 && (
        <ul
          id={listId}
          role="listbox"
          aria-label={`${label} tokens`}
          className="absolute z-20 mt-0.5 max-h-56 w-full min-w-48 overflow-auto rounded border border-neutral-700 bg-neutral-900 shadow-lg"
        >
          {suggestions.map((token, index) => (
            <li
              key={token.name}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`flex cursor-pointer items-center gap-1.5 px-2 py-0.5 text-xs ${index === active ? 'bg-sky-700 text-white' : 'text-neutral-200 hover:bg-neutral-800'}`}
              ref={index === active ? (node) => node?.scrollIntoView({ block: 'nearest' }) : undefined}
              // Before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(token);
              }}
            >
              {isColour && <Swatch colour={token.value} />}
              <span className="truncate font-mono">{describeToken(property, token)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
