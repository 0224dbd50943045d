/**
 * A component's props with their types (LITERAL, FUNCTION, JSON_OBJECT) and its state; for an element, its
 * attributes. Literal strings, numbers and booleans are edited here (CHANGE_PROP); functions and objects are shown,
 * not edited, and state is read-only. State comes from the frame (`inspectElement`), whose error texts show as
 * they come.
 */
import { useEffect, useRef, useState } from 'react';
import type { ComponentStateAndProps, NavTreeProp } from '@contracts/frame-protocol.js';
import { enterWritesEscapeReverts, inputClass, Note, PanelSection } from './panel-section';
import { inspectPayloadFor, isEditableProp, propText, readPropInput, type LiteralValue } from './prop-values';
import { useEditorServices } from '../services/editor-services';
import { useFrameQuery } from './use-frame-query';
import type { SelectedElement } from './use-selected-element';

function PropEditor({ name, value, element }: { name: string; value: LiteralValue; element: SelectedElement }) {
  const { changes } = useEditorServices();
  const [draft, setDraft] = useState(String(value));
  const [error, setError] = useState<string | null>(null);
  /** The value last written from here: the frame shows it only after hot reload, and a blur must not write it twice. */
  const written = useRef<LiteralValue>(value);
  useEffect(() => {
    written.current = value;
    setDraft(String(value));
  }, [value]);
  const write = (raw: string) => {
    const read = readPropInput(name, raw, value);
    if (!read.ok) {
      setError(read.error);
      return;
    }
    setError(null);
    if (read.value === written.current) return;
    written.current = read.value;
    void changes.submit('CHANGE_PROP', { codebaseIdToChange: element.codebaseId, propName: name, propValue: read.value }).then((change) => {
      if (change.state === 'failed') written.current = value; // refused: the same value may be tried again
    });
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
        className={inputClass}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
        }}
        onKeyDown={enterWritesEscapeReverts(
          () => write(draft),
          () => {
            setDraft(String(value));
            setError(null);
          },
        )}
        onBlur={() => write(draft)}
      />
      {error && <Note tone="error">{error}</Note>}
    </div>
  );
}

function PropRow({ name, prop, element, readOnly }: { name: string; prop: NavTreeProp; element: SelectedElement; readOnly: boolean }) {
  const editable = !readOnly && isEditableProp(name, prop);
  return (
    <li className="flex items-center gap-2 text-xs">
      <span className="w-24 shrink-0 truncate font-mono text-sky-300" title={name}>
        {name}
      </span>
      {editable ? (
        <PropEditor name={name} value={prop.value as LiteralValue} element={element} />
      ) : (
        <span className="min-w-0 flex-1 truncate font-mono text-neutral-300" title={propText(prop.value, 2000)}>
          {propText(prop.value)}
        </span>
      )}
      <span className="shrink-0 text-[10px] text-neutral-500">{prop.type}</span>
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
