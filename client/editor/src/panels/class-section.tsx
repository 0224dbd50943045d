/**
 * The selected element's classes, as written in the source: remove one (REMOVE_CLASS), edit one in place
 * (UPDATE_CLASSES, old → new), add one with suggestions from the project's Tailwind as you type (ADD_CLASS, under
 * the chosen modifiers and breakpoint). The frame shows an added class at once with CSS from the server's Tailwind.
 * Classes the element has in the page that its source does not write are shown apart, read-only (`class-origins.ts`).
 */
import { useId, useMemo, useRef, useState } from 'react';
import { useEditorStore } from '../state/editor-store';
import { modifiersShowInstantly, withVariants } from '@contracts/tailwind-variants.js';
import { checkClassInput, modifiersFor, suggestClasses } from './class-variants';
import { classOrigins } from './class-origins';
import { ClassHomeNote, classHomeField, type ClassHomeSelection } from './class-home-note';
import { enterWritesEscapeReverts, inputClass, Note, PanelSection } from './panel-section';
import { afterNextPaint } from '../state/after-next-paint';
import { isWholeClassName } from '../api/tailwind-classes';
import { useEditorServices } from '../services/editor-services';
import { useTailwindVocabulary } from './tailwind-vocabulary';
import { useFrameQuery } from './use-frame-query';
import type { SelectedElement } from './use-selected-element';

function ClassChip({ className, element, readOnly, home }: { className: string; element: SelectedElement; readOnly: boolean; home: ClassHomeSelection }) {
  const { changes } = useEditorServices();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(className);
  const [error, setError] = useState<string | null>(null);
  const commit = () => {
    const next = draft.trim();
    if (next === className) {
      setEditing(false);
      return;
    }
    if (!next || /\s/.test(next)) {
      setError(next ? 'One class at a time: a class name has no spaces' : 'Type a class name, or remove the class with ×');
      return;
    }
    setEditing(false);
    setError(null);
    void changes.submit('UPDATE_CLASSES', { codebaseIdToUpdateClass: element.codebaseId, oldClasses: [className], newClasses: [next], ...classHomeField(home) });
  };
  if (editing) {
    return (
      <li className="w-full">
        <input
          autoFocus
          aria-label={`Edit class ${className}`}
          aria-invalid={error !== null}
          className={inputClass}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => {
            setEditing(false);
            setError(null);
            setDraft(className);
          }}
          onKeyDown={enterWritesEscapeReverts(commit, () => {
            setDraft(className);
            setEditing(false);
            setError(null);
          })}
        />
        {error && <Note tone="error">{error}</Note>}
      </li>
    );
  }
  return (
    <li className="flex items-center overflow-hidden rounded bg-neutral-800 text-xs">
      <button
        type="button"
        disabled={readOnly}
        aria-label={`Edit class ${className}`}
        className="px-1.5 py-0.5 font-mono text-sky-200 hover:bg-neutral-700 disabled:cursor-default disabled:hover:bg-transparent"
        onClick={() => {
          setDraft(className);
          setEditing(true);
        }}
      >
        {className}
      </button>
      {!readOnly && (
        <button
          type="button"
          aria-label={`Remove class ${className}`}
          className="px-1 py-0.5 text-neutral-400 hover:bg-red-900 hover:text-red-100"
          onClick={() => void changes.submit('REMOVE_CLASS', { codebaseIdToRemoveClass: element.codebaseId, className, ...classHomeField(home) })}
        >
          ×
        </button>
      )}
    </li>
  );
}

function AddClassField({ element, home }: { element: SelectedElement; home: ClassHomeSelection }) {
  const { changes, tailwind } = useEditorServices();
  const states = useEditorStore((state) => state.modifiers);
  const breakpoint = useEditorStore((state) => state.breakpoint);
  const { classes: vocabulary, error: vocabularyError } = useTailwindVocabulary();
  const knownClasses = useMemo(() => new Set(vocabulary), [vocabulary]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const listId = useId();
  // The field's text at a submission whose clearing waits for the next paint. A key typed before that paint lands
  // after this text in the field: it starts the next class, never continues the one submitted.
  const submitted = useRef<{ text: string } | null>(null);
  const chosen = modifiersFor(states, breakpoint);
  const suggestions = open ? suggestClasses(vocabulary, draft) : [];

  const add = (typed: string) => {
    // Enter again before that paint, with nothing typed since: the class is on its way already.
    if (submitted.current !== null) return;
    const check = checkClassInput(typed, chosen);
    if (!check.ok) {
      setError(check.error);
      return;
    }
    // The change first: its instant update leaves for the frame before the editor re-renders anything, so the
    // frame can paint the class in the very next frame.
    const css = tailwind.settledCss(check.className);
    void changes.submit('ADD_CLASS', {
      codebaseIdToAddClass: element.codebaseId,
      className: check.className,
      addingTailwindClass: true,
      modifiers: check.modifiers,
      ...(css ? { cssEquivalent: css } : {}),
      ...classHomeField(home),
    });
    // The field empties after that paint: a render of the editor in this task would come before it. Text typed
    // meanwhile is kept (the change handler has taken the submitted text off it).
    const submission = { text: draft };
    submitted.current = submission;
    afterNextPaint(() => {
      if (submitted.current !== submission) return;
      submitted.current = null;
      setError(null);
      setDraft('');
      setOpen(false);
      setActive(-1);
    });
  };

  const preview = draft.trim() ? checkClassInput(draft, chosen) : null;
  return (
    <div className="relative mt-2">
      <input
        role="combobox"
        aria-label="Add class"
        aria-autocomplete="list"
        aria-expanded={suggestions.length > 0}
        aria-controls={listId}
        aria-activedescendant={active >= 0 && suggestions[active] ? `${listId}-${active}` : undefined}
        aria-invalid={error !== null}
        placeholder={chosen.length ? `Add class (${chosen.join(':')}:)` : 'Add class'}
        className={`${inputClass} font-mono`}
        value={draft}
        onChange={(event) => {
          const pending = submitted.current;
          submitted.current = null;
          const value = pending && event.target.value.startsWith(pending.text) ? event.target.value.slice(pending.text.length) : event.target.value;
          setDraft(value);
          const typed = checkClassInput(value, chosen);
          if (typed.ok && isWholeClassName(typed.className, knownClasses)) void tailwind.prefetchCss(typed.className);
          setOpen(true);
          setActive(-1);
          setError(null);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && suggestions.length) {
            event.preventDefault();
            setActive((active + 1) % suggestions.length);
          } else if (event.key === 'ArrowUp' && suggestions.length) {
            event.preventDefault();
            setActive(active <= 0 ? suggestions.length - 1 : active - 1);
          } else if (event.key === 'Enter') {
            event.preventDefault();
            add(active >= 0 && suggestions[active] ? suggestions[active] : draft);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            if (open && suggestions.length) setOpen(false);
            else setDraft('');
          }
        }}
      />
      {suggestions.length > 0 && (
        <ul id={listId} role="listbox" aria-label="Class suggestions" className="absolute z-20 mt-0.5 max-h-56 w-full overflow-auto rounded border border-neutral-700 bg-neutral-900 shadow-lg">
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`cursor-pointer px-2 py-0.5 font-mono text-xs ${index === active ? 'bg-sky-700 text-white' : 'text-neutral-200 hover:bg-neutral-800'}`}
              // Before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                add(suggestion);
              }}
            >
              {suggestion}
            </li>
          ))}
        </ul>
      )}
      {error && <Note tone="error">{error}</Note>}
      {preview?.ok && (
        <Note>
          Writes <code className="text-neutral-300">{withVariants(preview.className, preview.modifiers)}</code>
          {modifiersShowInstantly(preview.modifiers) ? '' : ' (shown in the frame once the file is written)'}
        </Note>
      )}
      {vocabularyError && <Note tone="warning">{vocabularyError}</Note>}
    </div>
  );
}

export function ClassSection({ element }: { element: SelectedElement }) {
  const node = element.node;
  const live = useFrameQuery(element.frameId, element.key, element.navTree, (channel, key) => channel.call('getElementClassList', { elementKey: key }));
  const liveClasses = live.status === 'ready' ? live.data.classList : (node?.classList ?? null);
  const { written, conditional, elsewhere, computedBy } = classOrigins(element.info, liveClasses, node?.isComponent ?? false);
  const readOnly = element.readOnlyReason !== null;
  const [home, setHome] = useState<ClassHomeSelection>('written');
  return (
    <PanelSection title="Classes">
      {node?.isComponent ? (
        <Note>A component: its classes are those of the elements it renders, as its definition writes them for this use.</Note>
      ) : null}
      {computedBy ? (
        <Note>
          Its className is computed by <code className="text-neutral-300">{computedBy.text}</code> (line {computedBy.line}): no class is written here to edit.
        </Note>
      ) : written.length === 0 ? (
        <Note>No classes written in the source.</Note>
      ) : (
        <ul aria-label="Class list" className="flex flex-wrap gap-1">
          {written.map((className) => (
            <ClassChip key={className} className={className} element={element} readOnly={readOnly} home={home} />
          ))}
        </ul>
      )}
      {conditional.length > 0 && <OtherClasses label="Classes under a condition" note="Written in the source under a condition: edit them in the code." classes={conditional} />}
      {elsewhere.length > 0 && (
        <OtherClasses
          label="Classes from elsewhere"
          note="On the element in the page but not written here: set by a component's own markup, a library, a CSS module or a script."
          classes={elsewhere}
        />
      )}
      <ClassHomeNote home={element.info?.classHome} selection={home} onSelect={setHome} />
      {!readOnly && !computedBy && <AddClassField element={element} home={home} />}
    </PanelSection>
  );
}

/** Classes shown for what they are, read-only: not the element's own to edit here. */
function OtherClasses({ label, note, classes }: { label: string; note: string; classes: readonly string[] }) {
  return (
    <div className="mt-2">
      <ul aria-label={label} title={note} className="flex flex-wrap gap-1">
        {classes.map((className) => (
          <li key={className} className="rounded border border-dashed border-neutral-700 px-1.5 py-0.5 font-mono text-xs text-neutral-400">
            {className}
          </li>
        ))}
      </ul>
      <Note>{note}</Note>
    </div>
  );
}
