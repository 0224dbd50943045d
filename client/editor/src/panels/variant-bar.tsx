/**
 * Under which variants class and style edits are written: the state modifiers (hover, focus, …), the breakpoint,
 * and the canvas's styling framework (Tailwind, Inline or CSS). Choosing states also forces them on the selected
 * element in its frame (`setModifiersForSelectedElement`), so the hover style shows without the pointer on it.
 */
import { useEffect, useRef } from 'react';
import { STYLING_FRAMEWORKS, type StylingFramework } from '@contracts/change-kinds.js';
import { BREAKPOINTS, isBreakpoint, isInstantModifier, type BreakpointName } from '@contracts/tailwind-variants.js';
import { useEditorServices } from '../services/editor-services';
import { frameIdOfKey, useEditorStore } from '../state/editor-store';
import { STATE_MODIFIERS } from './class-variants';

/**
 * Keeps the frame's forced states in step with the chosen modifiers and the selection. Sent only when something
 * changed, and not at all while no state is or was forced: each call rewrites the element's class attribute, which
 * the frame takes for a change of the page.
 */
export function useForcedStates(): void {
  const { frames } = useEditorServices();
  const selectedKey = useEditorStore((state) => state.selectedKey);
  const modifiers = useEditorStore((state) => state.modifiers);
  const lastSent = useRef<{ key: string; forced: string } | null>(null);
  useEffect(() => {
    if (!selectedKey) return;
    const forced = modifiers.filter(isInstantModifier).join(' ');
    const last = lastSent.current;
    if (last ? last.key === selectedKey && last.forced === forced : forced === '') return;
    const frameId = frameIdOfKey(selectedKey);
    const channel = frameId ? frames.channel(frameId) : undefined;
    if (!channel) return;
    lastSent.current = forced === '' ? null : { key: selectedKey, forced };
    channel.call('setModifiersForSelectedElement', { modifiers: forced ? forced.split(' ') : [] }).catch(() => {
      // The frame may be reloading; the next selection or modifier change sends them again.
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
  const toggle = (modifier: string) =>
    setModifiers(modifiers.includes(modifier) ? modifiers.filter((m) => m !== modifier) : [...modifiers, modifier]);

  return (
    <div className="space-y-2 border-b border-neutral-800 px-3 py-2">
      <div role="radiogroup" aria-label="Styling framework" className="flex gap-1">
        {STYLING_FRAMEWORKS.map((name: StylingFramework) => (
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
      <label className="flex items-center gap-2 text-xs text-neutral-400">
        Breakpoint
        <select
          className="flex-1 rounded border border-neutral-700 bg-neutral-900 px-1 py-0.5 text-neutral-100"
          value={breakpoint ?? ''}
          onChange={(event) => setBreakpoint(isBreakpoint(event.target.value) ? (event.target.value as BreakpointName) : null)}
        >
          <option value="">All widths</option>
          {Object.entries(BREAKPOINTS).map(([name, width]) => (
            <option key={name} value={name}>
              {name} (from {width})
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
