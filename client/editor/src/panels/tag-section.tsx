/**
 * The element's tag (CHANGE_TAG, from a field with the common tags; a component's too, swapped for another one,
 * whose import the server writes) and the structural edits the keys also make: duplicate, wrap in div, delete,
 * which are the keys' own commands (they act on the whole selection).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { tagNameProblem } from '@contracts/source-grammar.js';
import { runEditorCommand, selectedCodebaseIds } from '../keyboard/editor-commands';
import { useEditorStore } from '../state/editor-store';
import { buttonClass, enterWritesEscapeReverts, inputClass, Note, PanelSection } from './panel-section';
import { useEditorServices } from '../services/editor-services';
import type { SelectedElement } from './use-selected-element';

export const COMMON_TAGS = ['div', 'section', 'article', 'aside', 'header', 'footer', 'main', 'nav', 'span', 'p', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'button', 'label', 'strong', 'em'] as const;

/** Checks a typed tag name against the grammar the server writes tags with; null when it can be written. */
export function tagProblem(tag: string): string | null {
  if (!tag) return 'Type a tag name';
  return tagNameProblem(tag) === null ? null : `"${tag}" is not a tag name`;
}

export function TagSection({ element }: { element: SelectedElement }) {
  const services = useEditorServices();
  const tag = element.node?.tagName ?? element.info?.tagName ?? '';
  const [draft, setDraft] = useState(tag);
  const [error, setError] = useState<string | null>(null);
  // Re-rendered with the multi-selection: the buttons act on it, like the keys.
  useEditorStore((state) => state.multiSelectedKeys);
  const listId = useId();
  // The frame shows a new tag only after hot reload: pressing Enter again must not write it twice.
  const written = useRef(tag);
  useEffect(() => {
    written.current = tag;
    setDraft(tag);
  }, [tag, element.key]);
  if (element.readOnlyReason) return null;
  const ids = selectedCodebaseIds();
  const what = ids.length > 1 ? `${ids.length} elements` : 'element';
  const changeTag = () => {
    const next = draft.trim();
    const problem = tagProblem(next);
    setError(problem);
    if (problem || next === written.current) return;
    written.current = next;
    void services.changes.submit('CHANGE_TAG', { codebaseIdToChange: element.codebaseId, newTagName: next }).then((change) => {
      if (change.state === 'failed') written.current = tag; // refused: the same value may be tried again
    });
  };
  return (
    <PanelSection title="Tag and structure">
      <div className="flex gap-1">
        <input
          aria-label="Tag"
          list={listId}
          aria-invalid={error !== null}
          className={`${inputClass} font-mono`}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onKeyDown={enterWritesEscapeReverts(changeTag, () => setDraft(tag))}
        />
        <datalist id={listId}>
          {COMMON_TAGS.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <button type="button" className={buttonClass} disabled={draft.trim() === written.current} onClick={changeTag}>
          Change tag
        </button>
      </div>
      {error && <Note tone="error">{error}</Note>}
      <div className="mt-2 flex flex-wrap gap-1">
        <button type="button" className={buttonClass} onClick={() => runEditorCommand('duplicate', services)}>
          Duplicate {what}
        </button>
        <button type="button" className={buttonClass} onClick={() => runEditorCommand('wrapInDiv', services)}>
          Wrap {what} in div
        </button>
        <button type="button" className={`${buttonClass} hover:border-red-500 hover:bg-red-900`} onClick={() => runEditorCommand('delete', services)}>
          Delete {what}
        </button>
      </div>
    </PanelSection>
  );
}
