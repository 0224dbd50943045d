/**
 * Tabs that share one side of the studio (the inspector and the theme): a tab list as WAI-ARIA describes it, the
 * arrow keys, Home and End moving between tabs and showing each, only the chosen panel mounted.
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface SidePanelTab {
  id: string;
  label: string;
  render: () => ReactNode;
}

export function SidePanelTabs({ label, tabs }: { label: string; tabs: readonly SidePanelTab[] }) {
  const [chosen, setChosen] = useState(tabs[0]?.id ?? '');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const baseId = useId();
  const active = tabs.find((tab) => tab.id === chosen) ?? tabs[0];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === active?.id);
    const next =
      event.key === 'ArrowRight' ? (index + 1) % tabs.length
      : event.key === 'ArrowLeft' ? (index - 1 + tabs.length) % tabs.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? tabs.length - 1
      : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next]!;
    setChosen(tab.id);
    buttons.current.get(tab.id)?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex shrink-0 border-b border-neutral-800 text-xs">
        {tabs.map((tab) => {
          const selected = tab.id === active?.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-${tab.id}-tab`}
              aria-selected={selected}
              aria-controls={`${baseId}-${tab.id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setChosen(tab.id)}
              className={`px-3 py-1.5 ${selected ? 'border-b-2 border-sky-400 text-neutral-100' : 'text-neutral-400 hover:text-neutral-200'}`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {active && (
        <div role="tabpanel" id={`${baseId}-${active.id}-panel`} aria-labelledby={`${baseId}-${active.id}-tab`} className="flex min-h-0 flex-1 flex-col">
          {active.render()}
        </div>
      )}
    </>
  );
}
