/**
 * Where bound text is written for the instance the page shows, and, when the words are a prop written at several
 * call sites or a default in the component's parameters, the designer's choice of what an edit writes: this
 * instance, the component's default, or every use (`textScope`), each with the places it writes and the uses that
 * show those words, said before anything is written.
 */
import { useEffect, useMemo, useState } from 'react';
import { TEXT_SCOPES, type TextScope } from '@contracts/changes.js';
import type { TextHomeInfo } from '@contracts/studio-api.js';
import { renderedThroughIn } from '../frame/element-lookups';
import { useEditorServices } from '../services/editor-services';
import type { SelectedElement } from './use-selected-element';

const LABELS: Record<TextScope, string> = { instance: 'This instance', default: "The component's default", every: 'Every use' };

/**
 * The home of the selected instance's bound text: asked of the server for the words it shows and the call sites it
 * was rendered through (the store knows an element shown several times for its first instance only).
 */
export function useInstanceTextHome(element: SelectedElement, text: string): { home: TextHomeInfo | undefined; instance: string[] } {
  const { frames } = useEditorServices();
  const instance = useMemo(() => renderedThroughIn(element.navTree, element.key), [element.navTree, element.key]);
  const bound = element.info !== null && !element.info.isStaticText && element.info.dynamicText.length > 0 && text !== '';
  const askKey = `${element.codebaseId}\n${text}\n${instance.join(',')}`;
  const [asked, setAsked] = useState<{ key: string; home: TextHomeInfo | undefined } | null>(null);
  useEffect(() => {
    if (!bound) return;
    let live = true;
    frames.lookups
      .textHomeOf(element.codebaseId, text, instance)
      .then((home) => live && setAsked({ key: askKey, home }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // askKey holds the id, the text and the instance; the facts change after a write of the element's file.
  }, [askKey, bound, element.info]);
  const home = asked?.key === askKey && asked.home ? asked.home : element.info?.textHome;
  return { home, instance };
}

/** The scopes a home offers, in the order they are shown; empty when one place alone can hold the words. */
export function scopesOffered(home: TextHomeInfo | undefined): TextScope[] {
  return home?.editable && home.scopes ? TEXT_SCOPES.filter((scope) => home.scopes![scope] !== undefined) : [];
}

export function TextScopeChoice({ home, scope, onSelect }: { home: TextHomeInfo | undefined; scope: TextScope | null; onSelect: (next: TextScope) => void }) {
  const offered = scopesOffered(home);
  if (!home?.editable || offered.length === 0) return null;
  const chosen = scope && home.scopes?.[scope] ? home.scopes[scope] : undefined;
  return (
    <div className="mt-2 space-y-1 text-xs text-neutral-400">
      <div role="radiogroup" aria-label="Write the words at" className="flex flex-wrap gap-2">
        {offered.map((option) => (
          <label key={option} className="flex items-center gap-1">
            <input type="radio" name="text-scope" checked={scope === option} onChange={() => onSelect(option)} />
            {LABELS[option]}
          </label>
        ))}
      </div>
      {chosen ? (
        <p role="status" aria-label="What the edit writes">
          Writes {chosen.writes.join(', ')}
          {chosen.shownAt.length > 0 ? `; shown by the uses at ${chosen.shownAt.join(', ')}` : ''}
          {home.alsoShownAt?.length ? `; also shown at ${home.alsoShownAt.join(', ')}` : ''}.
        </p>
      ) : (
        <p role="status" aria-label="What the edit writes">
          The words are written in several places: choose where the edit goes.
        </p>
      )}
    </div>
  );
}
