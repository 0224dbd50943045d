/**
 * "New token" beside a style field with a scale: a name and a value, added to the project's theme and given to the
 * selected element in one go (`new-token.ts`), for when no token of the scale fits. The token is written first;
 * the element is styled with it only once the theme holds it.
 */
import { useId, useState } from 'react';
import type { StylingFramework } from '@contracts/change-values.js';
import type { ProjectTheme } from '@contracts/project-theme.js';
import { useEditorServices } from '../services/editor-services';
import { buttonClass, inputClass } from './panel-section';
import { newTokenChanges } from './new-token';

const supports = (property: string, value: string) => typeof CSS === 'undefined' || CSS.supports(property, value);

export interface NewTokenFormProps {
  label: string;
  property: string;
  theme: ProjectTheme | null;
  codebaseId: string;
  framework: StylingFramework;
  modifiers: readonly string[];
  /** The value the form starts with: what was typed in the field, else what the element shows. */
  initialValue: string;
  onDone(): void;
}

export function NewTokenForm({ label, property, theme, codebaseId, framework, modifiers, initialValue, onDone }: NewTokenFormProps) {
  const { changes } = useEditorServices();
  const [name, setName] = useState('');
  const [value, setValue] = useState(initialValue);
  const [problem, setProblem] = useState<string | null>(null);
  const [writing, setWriting] = useState(false);
  const problemId = useId();
  const add = async () => {
    const made = newTokenChanges(theme, { property, name, value, codebaseId, framework, modifiers }, supports);
    if ('problem' in made) return setProblem(made.problem);
    setProblem(null);
    setWriting(true);
    const token = await changes.submit('EDIT_THEME_TOKEN', made.token);
    setWriting(false);
    if (token.state === 'failed') return setProblem(token.error ?? 'The token was not written.');
    if ('addClass' in made) void changes.submit('ADD_CLASS', made.addClass);
    else void changes.submit('STYLING', made.styling);
    onDone();
  };
  const fieldProps = { 'aria-invalid': problem !== null, 'aria-describedby': problem ? problemId : undefined, disabled: writing, className: inputClass };
  return (
    <form
      aria-label={`${label}: new token`}
      className="mt-1 space-y-1 rounded border border-neutral-700 p-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
    >
      <div className="flex gap-1">
        <input {...fieldProps} aria-label="Token name" placeholder="name (brand, card-gap)" value={name} onChange={(event) => setName(event.target.value)} />
        <input {...fieldProps} aria-label="Token value" placeholder="value" value={value} onChange={(event) => setValue(event.target.value)} />
        <button type="submit" className={buttonClass} disabled={writing}>
          Add token
        </button>
      </div>
      {problem && (
        <p id={problemId} role="alert" className="text-xs text-red-300">
          {problem}
        </p>
      )}
    </form>
  );
}
