/**
 * Under which variants class and style edits are written: the state modifiers (hover, focus, …), the breakpoint,
 * and the canvas's styling framework (Tailwind, Inline or CSS). Choosing states also forces them on the selected
 * element in its frame (`setModifiersForSelectedElement`), so the hover style shows without the pointer on it. A
 * new selection starts with none (the store sees to it) unless they are pinned.
 */
import { useEffect, useRef } from 'react';
import type { StylingFramework } from '@contracts/change-kinds.js';
import { projectIdiomFor } from '@contracts/styling-idioms.js';
import { BREAKPOINTS, isBreakpoint, isInstantModifier, type BreakpointName } from '@contracts/tailwind-variants.js';
import { useEditorServices } from '../services/editor-services';
import { frameIdOfKey, useEditorStore } from '../state/editor-store';
import { STATE_MODIFIERS } from './class-variants';
import { breakpointLabel, offeredStylingFrameworks, offersBreakpoint } from '../state/offered-styling';
import { useProjectTheme } from './use-project-theme';
import { useSelectedElement } from './use-selected-element';

/**
 * Keeps the frame's forced states in step with the chosen modifiers and the selection: the selected element shows
 * its own styles for the chosen states (and keeps showing them across hot reloads, which the frame sees to). Sent
 * only when something changed, and not at all while no state is or was forced; a frame that forced states on the
 * element selected before is told to stop.
 */
export function useForcedStates(): void {
  const { frames } = useEditorServices();
  const selectedKey = useEditorStore((state) => state.selectedKey);
  const modifiers = useEditorStore((state) => state.modifiers);
  const lastSent = useRef<{
    key: string;
    frameId: string;
    forced: string;
  } | null>(null);
  useEffect(() => {
    const forced = modifiers.filter(isInstantModifier).join(' ');
    const last = lastSent.current;
    if (last ? last.key === selectedKey && last.forced === forced : forced === '' || !selectedKey) return;
    const send = (frameId: string, args: { modifiers: string[]; elementKey?: string }) =>
      frames
        .channel(frameId)
        ?.call('setModifiersForSelectedElement', args)
        .catch(() => {
          // The frame may be reloading; the next selection or modifier change sends them again.
        });
    const frameId = selectedKey ? frameIdOfKey(selectedKey) : null;
    if (last && last.frameId !== frameId) void send(last.frameId, { modifiers: [] });
    lastSent.current = forced !== '' && selectedKey && frameId ? { key: selectedKey, frameId, forced } : null;
    if (selectedKey && frameId)
      void send(frameId, {
        modifiers: forced ? forced.split(' ') : [],
        elementKey: selectedKey,
      });
  }, [frames, selectedKey, modifiers]);
}

export function VariantBar() {
  const modifiers = useEditorStore((state) => state.modifiers);
  const breakpoint = useEditorStore((state) => state.breakpoint);
  const framework = useEditorStore((state) => state.canvas?.stylingFramework ?? 'Tailwind');
  const setModifiers = useEditorStore((state) => state.setModifiers);
  const setBreakpoint = useEditorStore((state) => state.setBreakpoint);
  const setStylingFramework = useEditorStore((state) => state.setStylingFramework);
  const pinned = useEditorStore((state) => state.variantsPinned);
  const setPinned = useEditorStore((state) => state.setVariantsPinned);
  const { theme } = useProjectTheme();
  // The breakpoints are named as the element's idiom writes them: MUI's `sx` from MUI's widths, a CSS rule from ours.
  const styling = useSelectedElement()?.info?.styling;
  const chosenIdiom = useEditorStore((state) => state.stylingIdiom);
  const idiom = styling ? projectIdiomFor(styling, theme?.styling, framework, chosenIdiom) : null;
  const toggle = (modifier: string) => setModifiers(modifiers.includes(modifier) ? modifiers.filter((m) => m !== modifier) : [...modifiers, modifier]);

  return (
    <div className="space-y-2 border-b border-neutral-800 px-3 py-2">
      <div role="radiogroup" aria-label="Styling framework" className="flex gap-1">
        {offeredStylingFrameworks(theme).map((name: StylingFramework) => (
          <button
            key={name}
            type="button"
            role="radio"
            aria-checked={framework === name}
            onClick={() => setStylingFramework(name)}
            className={`flex-1 rounded px-2 py-0.5 text-xs ${framework === name ? 'bg-sky-600 text-white' : 'bg-neutral-800 text-neutral-300 hover:bg-neutral-700'}`}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="group" aria-label="State modifiers" className="flex flex-wrap gap-1">
        {STATE_MODIFIERS.map((modifier) => (
          <button
            key={modifier}
            type="button"
            aria-pressed={modifiers.includes(modifier)}
            title={isInstantModifier(modifier) ? `Write for ${modifier}, and show it in the frame now` : `Write for ${modifier} (shown after the file is written)`}
            onClick={() => toggle(modifier)}
            className={`rounded px-1.5 py-0.5 text-[11px] ${modifiers.includes(modifier) ? 'bg-violet-600 text-white' : 'bg-neutral-800 text-neutral-400 hover:bg-neutral-700'}`}
          >
            {modifier}
          </button>
        ))}
      </div>
      <div className="flex items-center gap-2">
        <label className="flex flex-1 items-center gap-2 text-xs text-neutral-400">
          Breakpoint
          <select
            className="flex-1 rounded border border-neutral-700 bg-neutral-900 px-1 py-0.5 text-neutral-100"
            value={breakpoint ?? ''}
            onChange={(event) => setBreakpoint(isBreakpoint(event.target.value) ? (event.target.value as BreakpointName) : null)}
          >
            <option value="">All widths</option>
            {Object.entries(BREAKPOINTS)
              .filter(([name]) => offersBreakpoint(name, theme, idiom) || name === breakpoint)
              .map(([name, width]) => (
                <option key={name} value={name}>
                  {breakpointLabel(name, width, theme, idiom)}
                </option>
              ))}
          </select>
        </label>
        <button
          type="button"
          aria-pressed={pinned}
          aria-label="Pin states and breakpoint"
          title={pinned ? 'States and breakpoint are kept for the next element selected' : 'Keep these states and breakpoint for the next element selected'}
          onClick={() => setPinned(!pinned)}
          className={`rounded px-1.5 py-0.5 text-[11px] ${pinned ? 'bg-violet-600 text-white' : 'bg-neutral-800 text-neutral-400 hover:bg-neutral-700'}`}
        >
          Pin
        </button>
      </div>
    </div>
  );
}
