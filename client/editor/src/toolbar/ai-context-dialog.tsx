/**
 * The 'AI context' dialog: the selected elements' source with file:line and their key computed styles, gathered
 * from the source facts and the frames, as one text to copy. When the browser refuses the clipboard, the text is
 * selected so that the usual copy key takes it.
 */
import { useEffect, useRef, useState } from 'react';
import { parseElementKey } from '@contracts/frame-protocol.js';
import type { FrameBridge } from '../frame/frame-bridge';
import { selectionKeys } from '../frame/selection-sync';
import { useEditorServices } from '../services/editor-services';
import { findNode, frameIdOfKey, useEditorStore } from '../state/editor-store';
import { aiContextText, type AiContextElement } from './ai-context';

async function gather(bridge: Pick<FrameBridge, 'channel'>, keys: readonly string[]): Promise<AiContextElement[]> {
  const { elementInfo, frames } = useEditorStore.getState();
  return Promise.all(
    keys.map(async (key) => {
      const frameId = frameIdOfKey(key) ?? '';
      const codebaseId = parseElementKey(key)?.codebaseId ?? '';
      const node = findNode(frames[frameId]?.navTree ?? null, key);
      const info = elementInfo[codebaseId];
      let styles: Record<string, string> | null = null;
      try {
        styles = (await bridge.channel(frameId)?.call('getCssEvals', { elementKey: key }))?.styles ?? null;
      } catch {
        // The styles are a help, not the point: the source still goes in.
      }
      return { name: node?.name ?? info?.tagName ?? codebaseId, info, styles };
    }),
  );
}

export function AiContextDialog({ onClose }: { onClose(): void }) {
  const { frames } = useEditorServices();
  const selectedKey = useEditorStore((state) => state.selectedKey);
  const multiSelectedKeys = useEditorStore((state) => state.multiSelectedKeys);
  const elementInfo = useEditorStore((state) => state.elementInfo);
  const [text, setText] = useState<string | null>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'refused'>('idle');
  const textRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    let current = true;
    setCopyState('idle');
    void gather(frames, selectionKeys(selectedKey, multiSelectedKeys)).then((elements) => {
      if (current) setText(aiContextText(elements));
    });
    return () => {
      current = false;
    };
  }, [frames, selectedKey, multiSelectedKeys, elementInfo]);

  const copy = async () => {
    if (!text) return;
    try {
      await navigator.clipboard.writeText(text);
      setCopyState('copied');
    } catch {
      setCopyState('refused');
      textRef.current?.focus();
      textRef.current?.select();
    }
  };

  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-label="AI context"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
      className="absolute right-2 top-11 z-50 flex w-[32rem] max-w-[90vw] flex-col gap-2 rounded border border-violet-700 bg-neutral-900 p-3 text-xs shadow-2xl"
    >
      <div className="flex items-center justify-between">
        <h2 className="font-semibold text-violet-200">AI context</h2>
        <button type="button" aria-label="Close AI context" onClick={onClose} className="rounded px-1 text-neutral-400 hover:text-neutral-100">
          ×
        </button>
      </div>
      {text === null ? (
        <p className="text-neutral-400">Gathering the selected elements…</p>
      ) : text === '' ? (
        <p className="text-neutral-400">Select one or more elements in a frame or in the layers: their source and styles are gathered here.</p>
      ) : (
        <>
          <label htmlFor="ai-context-text" className="text-neutral-400">
            The selected elements' source and key computed styles, for an AI assistant
          </label>
          <textarea id="ai-context-text" ref={textRef} readOnly value={text} rows={16} className="w-full resize-y rounded bg-neutral-950 p-2 font-mono text-[11px] text-neutral-200" />
          <div className="flex items-center gap-2">
            <button type="button" onClick={() => void copy()} className="rounded bg-violet-700 px-3 py-1 text-white hover:bg-violet-600">
              Copy
            </button>
            <span role="status" className="text-neutral-400">
              {copyState === 'copied' ? 'Copied to the clipboard' : copyState === 'refused' ? 'The browser refused the clipboard: the text is selected, press Ctrl+C (⌘C) to copy it' : ''}
            </span>
          </div>
        </>
      )}
    </div>
  );
}
