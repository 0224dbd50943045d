/**
 * Where the selected element's classes are written, before any change (the lookup's `classHome`): each literal with
 * its file and line, and whether every use shares it. When some are shared (a component's definition, a `cva()`
 * base or variant), the designer chooses where a change goes: where each class is written (a class the definition
 * writes is changed there, for every use; a new one at this use), this use only, or the definition.
 */
import type { ClassHomeChoice } from '@contracts/changes.js';
import type { ClassHome } from '@contracts/studio-api.js';
import { Note } from './panel-section';

export type ClassHomeSelection = ClassHomeChoice | 'written';

const CHOICES: Array<{ value: ClassHomeSelection; label: string }> = [
  { value: 'written', label: 'Where each class is written' },
  { value: 'instance', label: 'This use only' },
  { value: 'definition', label: "The component's default (every use)" },
];

/** The request's `classHome` for a selection: nothing for the default. */
export function classHomeField(selection: ClassHomeSelection): { classHome?: ClassHomeChoice } {
  return selection === 'written' ? {} : { classHome: selection };
}

export function ClassHomeNote({ home, selection, onSelect }: { home: ClassHome | undefined; selection: ClassHomeSelection; onSelect: (next: ClassHomeSelection) => void }) {
  if (!home || !home.places.some((place) => place.shared)) return null;
  return (
    <div className="mt-2" aria-label="Where the classes are written">
      <ul className="text-xs text-neutral-400">
        {home.places.map((place) => (
          <li key={`${place.file}:${place.line}:${place.what}`}>
            <code className="text-neutral-300">{place.what}</code> {place.file}:{place.line}
            {place.shared ? ' (every use)' : ''}
          </li>
        ))}
      </ul>
      {home.definition && !home.definition.instanceOverrides && (
        <Note tone="warning">Its definition ({home.definition.place}) joins classes without tailwind-merge: a class added at this use may not override it.</Note>
      )}
      <label className="mt-1 flex items-center gap-2 text-xs text-neutral-400">
        Changes go to
        <select aria-label="Where class changes go" className="rounded bg-neutral-800 px-1 py-0.5 text-neutral-200" value={selection} onChange={(event) => onSelect(event.target.value as ClassHomeSelection)}>
          {CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
