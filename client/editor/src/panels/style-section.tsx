/**
 * Controls for the common styles, grouped as designers look for them. A value is written as one STYLING change in
 * the canvas's framework, under the chosen modifiers and breakpoint; the current computed value shows as the
 * placeholder, so an empty field means "leave as it is" and clearing a typed value removes the property.
 */
import { useEffect, useRef, useState } from 'react';
import type { CssEvals } from '@contracts/frame-protocol.js';
import { useEditorStore } from '../state/editor-store';
import { modifiersFor } from './class-variants';
import { enterWritesEscapeReverts, inputClass, Note, PanelSection } from './panel-section';
import { currentValueOf, hexOfColour, readStyleValue, STYLE_GROUPS, stylingFields, stylingNote, stylingProblem, type StyleControl } from './style-properties';
import { useEditorServices } from '../services/editor-services';
import type { SelectedElement } from './use-selected-element';
import type { FrameQuery } from './use-frame-query';

function useWriteStyle(element: SelectedElement): { write: (control: StyleControl, raw: string) => string | null; problem: string | null } {
  const { changes } = useEditorServices();
  const framework = useEditorStore((state) => state.canvas?.stylingFramework ?? 'Tailwind');
  const states = useEditorStore((state) => state.modifiers);
  const breakpoint = useEditorStore((state) => state.breakpoint);
  const modifiers = modifiersFor(states, breakpoint);
  const problem = stylingProblem(framework, modifiers);
  const write = (control: StyleControl, raw: string): string | null => {
    if (problem) return problem;
    const read = readStyleValue(control, raw);
    if (!read.ok) return read.error;
    if (read.value !== null && typeof CSS !== 'undefined' && !CSS.supports(control.property, read.value)) {
      return `${control.label}: "${read.value}" is not a value of ${control.property}`;
    }
    void changes.submit('STYLING', stylingFields(element.codebaseId, control.property, read.value, framework, modifiers));
    return null;
  };
  return { write, problem };
}

/** The choice that removes the property the element's source sets (an empty value). */
const REMOVE_OPTION = '(remove)';

function StyleField({ control, current, write, disabled }: { control: StyleControl; current: string; write: (control: StyleControl, raw: string) => string | null; disabled: boolean }) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const committed = useRef('');
  const colourRef = useRef<HTMLInputElement>(null);
  const commit = (raw: string) => {
    if (raw.trim() === committed.current.trim()) return;
    const problem = write(control, raw);
    setError(problem);
    if (!problem) committed.current = raw;
  };

  // The colour picker reports every step of a drag as input; only its final `change` is written.
  useEffect(() => {
    const picker = colourRef.current;
    if (!picker) return;
    const onChange = () => {
      setDraft(picker.value);
      commit(picker.value);
    };
    picker.addEventListener('change', onChange);
    return () => picker.removeEventListener('change', onChange);
  });

  const label = <span className="w-24 shrink-0 truncate text-neutral-400">{control.label}</span>;
  if (control.kind === 'choice') {
    return (
      <label className="flex items-center gap-2 text-xs">
        {label}
        <select
          aria-label={control.label}
          disabled={disabled}
          className={inputClass}
          value=""
          onChange={(event) => {
            const value = event.target.value;
            if (value) setError(write(control, value === REMOVE_OPTION ? '' : value));
          }}
        >
          <option value="">{current ? `now: ${current}` : '—'}</option>
          <option value={REMOVE_OPTION}>remove from the source</option>
          {control.options?.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        {error && <Note tone="error">{error}</Note>}
      </label>
    );
  }
  return (
    <div className="text-xs">
      <div className="flex items-center gap-2">
        <label className="flex min-w-0 flex-1 items-center gap-2">
          {label}
          <input
            aria-label={control.label}
            aria-invalid={error !== null}
            disabled={disabled}
            className={inputClass}
            placeholder={current}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(null);
            }}
            onBlur={() => commit(draft)}
            onKeyDown={enterWritesEscapeReverts(
              () => commit(draft),
              () => {
                setDraft(committed.current);
                setError(null);
              },
            )}
          />
        </label>
        {control.kind === 'color' && (
          <input
            ref={colourRef}
            type="color"
            aria-label={`${control.label} picker`}
            disabled={disabled}
            className="h-5 w-6 shrink-0 cursor-pointer rounded border border-neutral-700 bg-transparent"
            defaultValue={hexOfColour(current) ?? '#000000'}
            key={current}
          />
        )}
      </div>
      {error && <Note tone="error">{error}</Note>}
    </div>
  );
}

export function StyleSection({ element, evals }: { element: SelectedElement; evals: FrameQuery<CssEvals | null> }) {
  const { write, problem } = useWriteStyle(element);
  const framework = useEditorStore((state) => state.canvas?.stylingFramework ?? 'Tailwind');
  const states = useEditorStore((state) => state.modifiers);
  const breakpoint = useEditorStore((state) => state.breakpoint);
  const computed = evals.status === 'ready' ? evals.data?.styles : undefined;
  const disabled = element.readOnlyReason !== null;
  return (
    <PanelSection title="Style controls">
      {problem ? <Note tone="warning">{problem}</Note> : <Note>{stylingNote(framework, modifiersFor(states, breakpoint))}</Note>}
      {STYLE_GROUPS.map((group) => (
        <fieldset key={group.title} className="mt-2 space-y-1">
          <legend className="mb-1 text-[11px] font-semibold text-neutral-300">{group.title}</legend>
          {group.controls.map((control) => (
            // Keyed by the element too: a typed value belongs to the element it was typed for.
            <StyleField key={`${element.key}:${control.property}`} control={control} current={currentValueOf(control, computed)} write={write} disabled={disabled} />
          ))}
        </fieldset>
      ))}
    </PanelSection>
  );
}
