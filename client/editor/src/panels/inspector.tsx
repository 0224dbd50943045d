/**
 * The inspector of the selected element: what it is and where it is written, then its text, classes, styles
 * (under the chosen modifiers, breakpoint and framework), props and state, tag and structure, computed styles and
 * matched CSS rules. The frame-derived parts are asked again on every new selection and nav tree.
 */
import { startTransition, useEffect, useState } from 'react';
import type { CssEvals, ProcessedCssRule } from '@contracts/frame-protocol.js';
import { useEditorStore } from '../state/editor-store';
import { ClassSection } from './class-section';
import { ComputedSection, CssRulesSection } from './computed-section';
import { Note } from './panel-section';
import { PropsSection } from './props-section';
import { renderingNotes } from './rendering-notes';
import { StyleSection } from './style-section';
import { TagSection } from './tag-section';
import { TextSection } from './text-section';
import { useFrameQuery } from './use-frame-query';
import { useSelectedElement, type SelectedElement } from './use-selected-element';
import { useForcedStates, VariantBar } from './variant-bar';

function ElementHeader({ element }: { element: SelectedElement }) {
  const { node, info } = element;
  const selectionSize = useEditorStore((state) => state.multiSelectedKeys.length);
  const name = node?.name ?? info?.tagName ?? element.codebaseId;
  const tag = node?.tagName ?? info?.tagName;
  const isComponent = node?.isComponent ?? info?.isComponent ?? false;
  const elementInfo = useEditorStore((state) => state.elementInfo);
  const notes = renderingNotes(node, element.navTree, info, (id) => elementInfo[id]);
  return (
    <header aria-label="Selected element" className="border-b border-neutral-800 px-3 py-2">
      <h2 className="flex items-baseline gap-2 text-sm font-semibold text-neutral-100">
        <span className="truncate">{name}</span>
        <span className={`shrink-0 rounded px-1 text-[10px] font-normal ${isComponent ? 'bg-indigo-900 text-indigo-200' : 'bg-neutral-800 text-neutral-300'}`}>
          {isComponent ? 'Component' : 'Element'}
        </span>
      </h2>
      {tag && tag !== name && <p className="font-mono text-xs text-neutral-400">&lt;{tag}&gt;</p>}
      {info ? (
        <p className="truncate font-mono text-xs text-neutral-400" title={`${info.file}:${info.line}:${info.column}`}>
          {info.file}:{info.line}
        </p>
      ) : null}
      {notes.map((note) => (
        <Note key={note} tone="warning">
          {note}
        </Note>
      ))}
      {element.readOnlyReason && (
        <p role="note" className="mt-1 text-xs text-amber-300">
          Read-only: {element.readOnlyReason}
        </p>
      )}
      {!node && <Note>Waiting for the frame&apos;s element tree…</Note>}
      {selectionSize > 1 && <Note>{`${selectionSize} elements selected: duplicate, wrap and delete act on all of them; the rest on this one.`}</Note>}
    </header>
  );
}

/**
 * False for a new selection's first render, true once that render is painted. Why: the sections below the header
 * (text, classes, styles, props, computed styles, rules) take a render of about 0.1 s, on the thread the frames share;
 * the element's name and place are shown first, and the sections follow in the next frame, in a transition.
 */
function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== null) clearTimeout(timer);
    };
  }, []);
  return painted;
}

function SelectedInspector({ element }: { element: SelectedElement }) {
  const evals = useFrameQuery<CssEvals | null>(element.frameId, element.key, element.navTree, (channel, key) => channel.call('getCssEvals', { elementKey: key }));
  // Reported for the frame's own selection, which the canvas keeps equal to this one (calls reach a frame in order).
  const rules = useFrameQuery<{ rules: ProcessedCssRule[] }>(element.frameId, element.key, element.navTree, (channel) => channel.call('processRulesForSelectedElement', {}));
  const editable = element.readOnlyReason === null;
  const painted = usePaintedOnce();
  if (!painted) return <ElementHeader element={element} />;
  return (
    <>
      <ElementHeader element={element} />
      <TextSection element={element} />
      {editable && <VariantBar />}
      <ClassSection element={element} />
      {editable && <StyleSection element={element} evals={evals} />}
      <PropsSection element={element} />
      <TagSection element={element} />
      <ComputedSection evals={evals} />
      <CssRulesSection rules={rules} />
    </>
  );
}

export function Inspector() {
  useForcedStates();
  const element = useSelectedElement();
  return (
    <div role="region" aria-label="Element inspector" className="min-h-0 flex-1 overflow-y-auto">
      {element ? (
        <SelectedInspector key={element.key} element={element} />
      ) : (
        <p className="p-3 text-neutral-500">Select an element in a frame or in the layers to inspect and edit it.</p>
      )}
    </div>
  );
}
