/**
 * The selected element's text: static text, and bound text whose words the lookup found written as literals of the
 * project (docs/editing-through-code.md), is edited here (Enter writes an EDIT_TEXT change, Escape puts the text
 * back), the places it is written shown first; text code computes cannot be written back, so 'Edit Dynamic Text'
 * says where it comes from instead of failing silently. The frame's own 'Edit Dynamic Text' button opens the same.
 */
import { useEffect, useRef, useState } from 'react';
import { frameIdOfKey, useEditorStore, type EditorState } from '../state/editor-store';
import { buttonClass, enterWritesEscapeReverts, inputClass, Note, PanelSection } from './panel-section';
import { useEditorServices } from '../services/editor-services';
import type { SelectedElement } from './use-selected-element';
import type { TextScope } from '@contracts/changes.js';
import { scopesOffered, TextScopeChoice, useInstanceTextHome } from './text-scope-choice';

/** The element's text as a person sees it: its text children, whitespace runs shown as one space. */
export function visibleTextOf(literalChildren: readonly string[]): string {
  return literalChildren.join('').replace(/\s+/g, ' ').trim();
}

function DynamicTextExplanation({ element }: { element: SelectedElement }) {
  const info = element.info;
  const name = element.node?.name ?? info?.tagName ?? 'This element';
  if (!info) return <Note>The source of this element is not known, so where its text comes from cannot be shown.</Note>;
  return (
    <div role="note" aria-label="Where the text comes from" className="mt-2 space-y-1 rounded border border-amber-500/40 bg-amber-950/30 p-2 text-xs text-amber-100">
      {info.dynamicText.length > 0 ? (
        <>
          <p>
            The text of {name} is computed, so it cannot be edited here. It comes from{' '}
            {info.dynamicText.length === 1 ? 'this expression' : 'these expressions'} in <code>{info.file}</code>:
          </p>
          <ul className="space-y-0.5">
            {info.dynamicText.map((part, index) => (
              <li key={index}>
                <code className="rounded bg-neutral-900 px-1 text-amber-200">{`{${part.expression}}`}</code>{' '}
                <span className="text-amber-300/80">
                  {info.file}:{part.line}
                </span>
              </li>
            ))}
          </ul>
          {info.textHome && !info.textHome.editable ? <p>Its words have no literal in the project: {info.textHome.why}.</p> : null}
          <p>Change it in the source, or in the data the expression reads.</p>
        </>
      ) : element.node && element.node.children.length > 0 ? (
        <p>
          {name} holds other elements rather than text of its own ({info.file}:{info.line}): select the element that holds
          the words to edit them.
        </p>
      ) : (
        <p>
          The text of {name} is not written between its tags in {info.file}:{info.line} (it may be passed as a prop), so it
          cannot be edited here: change it in the source.
        </p>
      )}
    </div>
  );
}

/** Other places show the same words: they are named, and the write waits for Write (or Cancel, which puts the frame's text back). */
function ConfirmTextWrite({ pending }: { pending: NonNullable<EditorState['confirmTextWrite']> }) {
  const { changes, frames } = useEditorServices();
  const setConfirmTextWrite = useEditorStore((state) => state.setConfirmTextWrite);
  const { fields, alsoShownAt, elementKey } = pending;
  const write = () => {
    setConfirmTextWrite(null);
    void changes.submit('EDIT_TEXT', fields);
  };
  const cancel = () => {
    setConfirmTextWrite(null);
    // Text typed in place shows the new words already: the same instant update, backwards, puts the old ones back.
    const changeFields = { codebaseIdToEditText: fields.codebaseIdToEditText, newText: fields.oldText, oldText: fields.newText };
    frames
      .channel(frameIdOfKey(elementKey) ?? '')
      ?.call('applyChangeItemToDocument', { changeItem: { id: `cancelled-${Date.now()}`, type: 'EDIT_TEXT', changeFields } })
      .catch(() => undefined);
  };
  const count = alsoShownAt.length;
  return (
    <div role="alertdialog" aria-label="Also shown elsewhere" className="mt-2 space-y-2 rounded border border-amber-500/40 bg-amber-950/30 p-2 text-xs text-amber-100">
      <p>
        These words are also shown at {count} other {count === 1 ? 'place' : 'places'}: {alsoShownAt.join(', ')}. Writing “{fields.newText}” changes{' '}
        {count === 1 ? 'it' : 'them'} too.
      </p>
      <div className="flex gap-1">
        <button type="button" className={buttonClass} onClick={write}>
          Write
        </button>
        <button type="button" className={buttonClass} onClick={cancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

export function TextSection({ element }: { element: SelectedElement }) {
  const { changes } = useEditorServices();
  const node = element.node;
  const text = node ? visibleTextOf(node.literalChildren) : '';
  const [draft, setDraft] = useState(text);
  // One flag for the panel's button, the frame's 'Edit Dynamic Text' button and Enter (Escape clears it).
  const explaining = useEditorStore((state) => state.explainTextOf === element.selectedKey);
  const setExplainTextOf = useEditorStore((state) => state.setExplainTextOf);
  const pending = useEditorStore((state) => (state.confirmTextWrite?.elementKey === element.selectedKey ? state.confirmTextWrite : null));
  const setConfirmTextWrite = useEditorStore((state) => state.setConfirmTextWrite);
  const sectionRef = useRef<HTMLDivElement>(null);

  useEffect(() => setDraft(text), [text, element.key]);
  useEffect(() => {
    if (explaining) sectionRef.current?.scrollIntoView({ block: 'nearest' });
  }, [explaining]);

  const { home, instance } = useInstanceTextHome(element, text);
  const offered = scopesOffered(home);
  const [chosenScope, setScope] = useState<TextScope | null>(null);
  // Until the designer chooses, this instance's place (or the first choice when the instance does not tell one).
  const scope = chosenScope && offered.includes(chosenScope) ? chosenScope : (offered[0] ?? null);
  useEffect(() => setScope(null), [element.key]);
  const isStatic = element.info?.isStaticText === true;
  // Bound text whose words are literals of the project is written where they are.
  const isEditable = isStatic || home?.editable === true;
  const hasText = text !== '' || (element.info?.dynamicText.length ?? 0) > 0;
  // The frame shows written text only after hot reload: a second Enter must not write it again.
  const written = useRef(text);
  useEffect(() => {
    written.current = text;
  }, [text, element.key]);
  const commit = () => {
    const newText = draft.replace(/\s+/g, ' ').trim();
    if (newText === written.current) return;
    written.current = newText;
    const fields = {
      codebaseIdToEditText: element.codebaseId,
      newText,
      oldText: text,
      ...(home?.editable && instance.length > 0 ? { instance } : {}),
      ...(scope ? { textScope: scope } : {}),
    };
    if (home?.editable && home.alsoShownAt?.length) {
      written.current = text; // asked first: the same words may be written once confirmed
      setConfirmTextWrite({ elementKey: element.selectedKey, fields, alsoShownAt: home.alsoShownAt });
      return;
    }
    void changes.submit('EDIT_TEXT', fields).then((change) => {
      if (change.state === 'failed') written.current = text; // refused: the same text may be tried again
    });
  };

  return (
    <PanelSection title="Text">
      <div ref={sectionRef}>
        {pending && <ConfirmTextWrite pending={pending} />}
        {!hasText && !explaining ? (
          <Note>This element has no text of its own.</Note>
        ) : isEditable && !element.readOnlyReason ? (
          <>
            <input
              aria-label="Element text"
              className={inputClass}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={enterWritesEscapeReverts(commit, () => setDraft(text))}
            />
            <TextScopeChoice home={home} scope={scope} onSelect={setScope} />
            {home?.editable && offered.length > 0 ? (
              <Note>Enter writes the words changed where the choice above says, Escape puts them back.</Note>
            ) : home?.editable ? (
              <Note>
                Written in {home.places.map((place) => `${place.file}:${place.line}`).join(', ')}
                {home.alsoShownAt?.length ? `, also shown at ${home.alsoShownAt.join(', ')}` : ''}. Enter writes the words changed there,
                Escape puts them back.
              </Note>
            ) : (
              <Note>Enter writes the text into the source, Escape puts it back.</Note>
            )}
          </>
        ) : (
          <>
            {text && <p className="mb-2 truncate text-neutral-300" title={text}>{text}</p>}
            {!element.readOnlyReason && (
              <button type="button" className={buttonClass} aria-expanded={explaining} onClick={() => setExplainTextOf(explaining ? null : element.selectedKey)}>
                Edit Dynamic Text
              </button>
            )}
            {explaining && <DynamicTextExplanation element={element} />}
          </>
        )}
      </div>
    </PanelSection>
  );
}
