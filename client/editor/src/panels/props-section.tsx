/**
 * A component's props with their types (LITERAL, FUNCTION, JSON_OBJECT) and its state; for an element, its
 * attributes. A prop the source writes as a literal (string, number, boolean, null) is edited here (CHANGE_PROP),
 * from a list when its declared type is a union of literals; a prop bound to an expression shows that expression and
 * where it is written, with a button that opens the file there and one that replaces the binding with a value on
 * purpose (its consequence said first); a prop bound to a constant of the project is edited where the constant is
 * declared, every other use of it named first; functions and objects are shown, not
 * edited, and state is read-only. State comes from the frame (`inspectElement`), whose error texts show as they come.
 */
import { useEffect, useRef, useState } from 'react';
import type { ComponentStateAndProps, NavTreeProp } from '@contracts/frame-protocol.js';
import { openInEditor } from '../api/open-in-editor';
import { buttonClass, enterWritesEscapeReverts, inputClass, Note, PanelSection } from './panel-section';
import { choiceKey, choiceOfKey, inspectPayloadFor, isLiteralValue, presentProp, propText, readPropInput, type BoundConstant, type LiteralValue } from './prop-values';
import { useEditorServices } from '../services/editor-services';
import { useFrameQuery } from './use-frame-query';
import type { SelectedElement } from './use-selected-element';
import { alsoUsedBy } from './also-used-by';

type WrittenValue = LiteralValue | null;

/** Writes a prop's new value once: the frame shows it only after hot reload, and a blur must not write it twice. */
function usePropWriter(name: string, value: WrittenValue, element: SelectedElement) {
  const { changes } = useEditorServices();
  const written = useRef<WrittenValue>(value);
  useEffect(() => {
    written.current = value;
  }, [value]);
  return (next: LiteralValue) => {
    if (next === written.current) return;
    written.current = next;
    void changes.submit('CHANGE_PROP', { codebaseIdToChange: element.codebaseId, propName: name, propValue: next }).then((change) => {
      if (change.state === 'failed') written.current = value; // refused: the same value may be tried again
    });
  };
}

function ChoiceEditor({ name, value, choices, element }: { name: string; value: WrittenValue; choices: Array<string | number>; element: SelectedElement }) {
  const write = usePropWriter(name, value, element);
  const current = value === null || typeof value === 'boolean' ? '' : choiceKey(value);
  return (
    <select
      aria-label={`Prop ${name}`}
      className={`${inputClass} min-w-0 flex-1`}
      value={current}
      onChange={(event) => {
        const choice = choiceOfKey(event.target.value, choices);
        if (choice !== null) write(choice);
      }}
    >
      {current === '' && <option value="">{value === null ? 'null' : ''}</option>}
      {choices.map((choice) => (
        <option key={choiceKey(choice)} value={choiceKey(choice)}>
          {typeof choice === 'string' ? choice : String(choice)}
        </option>
      ))}
    </select>
  );
}

function PropEditor({ name, value, element }: { name: string; value: WrittenValue; element: SelectedElement }) {
  const shown = value === null ? '' : String(value);
  const [draft, setDraft] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  const writeValue = usePropWriter(name, value, element);
  useEffect(() => setDraft(shown), [shown]);
  const write = (raw: string) => {
    const read = readPropInput(name, raw, value);
    if (!read.ok) {
      setError(read.error);
      return;
    }
    setError(null);
    // An untouched `null` stays null: leaving the empty field writes nothing.
    if (value === null && raw === '') return;
    writeValue(read.value);
  };
  if (typeof value === 'boolean') {
    return <input type="checkbox" aria-label={`Prop ${name}`} checked={value} onChange={(event) => write(String(event.target.checked))} />;
  }
  return (
    <div className="min-w-0 flex-1">
      <input
        aria-label={`Prop ${name}`}
        aria-invalid={error !== null}
        inputMode={typeof value === 'number' ? 'decimal' : undefined}
        placeholder={value === null ? 'null' : undefined}
        className={inputClass}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
        }}
        onKeyDown={enterWritesEscapeReverts(
          () => write(draft),
          () => {
            setDraft(shown);
            setError(null);
          },
        )}
        onBlur={() => write(draft)}
      />
      {error && <Note tone="error">{error}</Note>}
    </div>
  );
}

/**
 * Replacing a binding with a value, on purpose: the consequence said first, the value typed as the page has it now
 * (a number stays a number), written with `replaceExpression` so the server knows the binding's loss is meant.
 */
function ReplaceBinding({ name, text, file, line, runtime, element, onDone }: { name: string; text: string; file: string; line: number; runtime: unknown; element: SelectedElement; onDone(): void }) {
  const { changes } = useEditorServices();
  const typed: LiteralValue | null = isLiteralValue(runtime) ? runtime : null;
  const [draft, setDraft] = useState(typed === null ? '' : String(typed));
  const [error, setError] = useState<string | null>(null);
  const write = () => {
    const read = readPropInput(name, draft, typed);
    if (!read.ok) {
      setError(read.error);
      return;
    }
    onDone();
    void changes.submit('CHANGE_PROP', { codebaseIdToChange: element.codebaseId, propName: name, propValue: read.value, replaceExpression: true });
  };
  return (
    <div className="mt-1 space-y-1">
      <Note tone="warning">
        Writes a value in place of <code>{`{${text}}`}</code> at {file}:{line}: {name} will no longer follow that code.
      </Note>
      <input
        autoFocus
        aria-label={`Value to replace the binding of ${name}`}
        aria-invalid={error !== null}
        className={inputClass}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
        }}
        onKeyDown={enterWritesEscapeReverts(write, onDone)}
      />
      <div className="flex gap-1">
        <button type="button" className={`${buttonClass} px-1 py-0 text-[10px]`} onClick={write}>
          Replace
        </button>
        <button type="button" className={`${buttonClass} px-1 py-0 text-[10px]`} onClick={onDone}>
          Cancel
        </button>
      </div>
      {error && <Note tone="error">{error}</Note>}
    </div>
  );
}

/**
 * A prop bound to a constant of the project: its value edited where the constant is declared, and before anything is
 * written, every other place that shows the new value too.
 */
function ConstantValue({ name, text, constant, element }: { name: string; text: string; constant: BoundConstant; element: SelectedElement }) {
  const others = constant.alsoUsedBy;
  return (
    <div className="mb-1">
      <PropEditor name={name} value={constant.value} element={element} />
      <p role="status" aria-label={`What the edit of ${name} writes`} className="mt-0.5 text-[10px] text-neutral-400">
        Writes <code className="font-mono">{text}</code> at <span className="font-mono">{constant.file}:{constant.line}</span>
        {alsoUsedBy(others)}
      </p>
    </div>
  );
}

/** A prop bound to an expression: the expression and where it is written; changed in the source, or replaced on purpose. */
function ExpressionProp({ name, text, file, line, constant, runtime, element, readOnly }: { name: string; text: string; file: string; line: number; constant: BoundConstant | undefined; runtime: unknown; element: SelectedElement; readOnly: boolean }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [replacing, setReplacing] = useState(false);
  return (
    <div role="group" aria-label={`Prop ${name} expression`} className="min-w-0 flex-1">
      {constant && <ConstantValue name={name} text={text} constant={constant} element={element} />}
      <code className="block truncate rounded bg-neutral-900 px-1 font-mono text-amber-200" title={`{${text}}`}>{`{${text}}`}</code>
      <div className="mt-0.5 flex items-center gap-2 text-[10px] text-neutral-400">
        <span className="truncate font-mono">
          {file}:{line}
        </span>
        <button
          type="button"
          className={`${buttonClass} shrink-0 px-1 py-0 text-[10px]`}
          onClick={() => {
            setFailure(null);
            openInEditor(file, line).catch((error: unknown) => setFailure((error as Error).message));
          }}
        >
          Open in editor
        </button>
        {!readOnly && !replacing && (
          <button type="button" className={`${buttonClass} shrink-0 px-1 py-0 text-[10px]`} onClick={() => setReplacing(true)}>
            Replace with a value…
          </button>
        )}
      </div>
      {!constant && <p className="text-[10px] text-neutral-500">Bound to code: change it in the source, or replace the binding with a value.</p>}
      {replacing && <ReplaceBinding name={name} text={text} file={file} line={line} runtime={runtime} element={element} onDone={() => setReplacing(false)} />}
      {failure && <Note tone="error">{failure}</Note>}
    </div>
  );
}

function PropRow({ name, prop, element, readOnly }: { name: string; prop: NavTreeProp; element: SelectedElement; readOnly: boolean }) {
  const presentation = presentProp(name, prop, element.info, readOnly);
  return (
    <li className="flex items-start gap-2 text-xs">
      <span className="w-24 shrink-0 truncate py-0.5 font-mono text-sky-300" title={name}>
        {name}
      </span>
      {presentation.mode === 'value' ? (
        presentation.choices ? (
          <ChoiceEditor name={name} value={presentation.value} choices={presentation.choices} element={element} />
        ) : (
          <PropEditor name={name} value={presentation.value} element={element} />
        )
      ) : presentation.mode === 'expression' ? (
        <ExpressionProp name={name} text={presentation.text} file={presentation.file} line={presentation.line} constant={presentation.constant} runtime={prop.value} element={element} readOnly={readOnly} />
      ) : (
        <span className="min-w-0 flex-1 truncate font-mono text-neutral-300" title={presentation.why ?? propText(prop.value, 2000)}>
          {propText(prop.value)}
        </span>
      )}
      <span className="shrink-0 py-0.5 text-[10px] text-neutral-500">{presentation.mode === 'expression' ? 'EXPRESSION' : prop.type}</span>
    </li>
  );
}

function StateView({ element }: { element: SelectedElement }) {
  const node = element.node;
  const inspected = useFrameQuery<ComponentStateAndProps | null>(element.frameId, element.key, element.navTree, (channel) =>
    channel.inspect(node ? inspectPayloadFor(node) : { isComponent: true, tempoElementID: element.codebaseId }),
  );
  if (inspected.status === 'loading') return <Note>Reading the state from the frame…</Note>;
  if (inspected.status === 'no-frame') return <Note>The frame is not ready yet.</Note>;
  if (inspected.status === 'error') return <Note tone="error">{inspected.error}</Note>;
  const state = inspected.data?.state;
  if (state === null || state === undefined || (typeof state === 'object' && Object.keys(state).length === 0)) return <Note>No state.</Note>;
  return (
    <pre aria-label="Component state" className="max-h-48 overflow-auto rounded bg-neutral-900 p-1.5 font-mono text-[11px] text-neutral-200">
      {JSON.stringify(state, null, 2)}
    </pre>
  );
}

export function PropsSection({ element }: { element: SelectedElement }) {
  const node = element.node;
  if (!node) return null;
  const entries = Object.entries(node.props).filter(([name]) => name !== 'children');
  const readOnly = element.readOnlyReason !== null;
  const title = node.isComponent ? 'Props and state' : 'Attributes';
  return (
    <PanelSection title={title}>
      {entries.length === 0 ? (
        <Note>{node.isComponent ? 'No props.' : 'No attributes.'}</Note>
      ) : (
        <ul aria-label={node.isComponent ? 'Props' : 'Attributes'} className="space-y-1">
          {entries.map(([name, prop]) => (
            <PropRow key={name} name={name} prop={prop} element={element} readOnly={readOnly} />
          ))}
        </ul>
      )}
      {node.isComponent && (
        <div className="mt-2">
          <h4 className="mb-1 text-[11px] font-semibold text-neutral-300">State</h4>
          <StateView element={element} />
        </div>
      )}
    </PanelSection>
  );
}
