/**
 * The selected element's computed styles (the frame's ~65 properties) with a filter, and the CSS rules that match
 * it with where each comes from, like a browser's devtools.
 */
import { useState } from 'react';
import { STUDIO_ELEMENT_ID_PREFIX } from '@contracts/dom.js';
import type { CssEvals, ProcessedCssRule } from '@contracts/frame-protocol.js';
import { Note, PanelSection, inputClass } from './panel-section';
import type { FrameQuery } from './use-frame-query';

function QueryStatus({ query, what }: { query: FrameQuery<unknown>; what: string }) {
  if (query.status === 'loading') return <Note>Reading {what} from the frame…</Note>;
  if (query.status === 'no-frame') return <Note>The frame is not ready yet.</Note>;
  if (query.status === 'error') return <Note tone="error">{`Could not read ${what}: ${query.error}`}</Note>;
  return null;
}

/** Properties whose name or value contains the filter (case-insensitive). */
export function filterStyles(styles: Record<string, string>, filter: string): [string, string][] {
  const needle = filter.trim().toLowerCase();
  return Object.entries(styles).filter(([property, value]) => !needle || property.includes(needle) || value.toLowerCase().includes(needle));
}

export function ComputedSection({ evals }: { evals: FrameQuery<CssEvals | null> }) {
  const [filter, setFilter] = useState('');
  const styles = evals.status === 'ready' ? evals.data?.styles : undefined;
  const rows = styles ? filterStyles(styles, filter) : [];
  return (
    <PanelSection title="Computed styles" defaultOpen={false}>
      <QueryStatus query={evals} what="the computed styles" />
      {evals.status === 'ready' && !styles && <Note>The element is not in the frame now.</Note>}
      {styles && (
        <>
          <input aria-label="Filter computed styles" placeholder="Filter" className={`${inputClass} mb-1`} value={filter} onChange={(event) => setFilter(event.target.value)} />
          <table aria-label="Computed styles" className="w-full table-fixed font-mono text-[11px]">
            <tbody>
              {rows.map(([property, value]) => (
                <tr key={property} className="align-top">
                  <th scope="row" className="w-1/2 truncate py-px pr-2 text-left font-normal text-sky-300" title={property}>
                    {property}
                  </th>
                  <td className="break-all text-neutral-200">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length === 0 && <Note>No property matches “{filter}”.</Note>}
          {evals.status === 'ready' && evals.data && (
            <Note>
              Parent: {evals.data.parentDisplay ?? '—'}
              {evals.data.parentFlexDirection ? `, ${evals.data.parentFlexDirection}` : ''}
              {evals.data.darkModeAncestor ? ' · inside dark mode' : ''}
            </Note>
          )}
        </>
      )}
    </PanelSection>
  );
}

/** Where a rule comes from, as a person reads it. */
export function ruleOrigin(rule: ProcessedCssRule): string {
  if (!rule.filename) return 'inline or generated';
  try {
    const url = new URL(rule.filename);
    return url.pathname + url.search;
  } catch {
    return rule.filename;
  }
}

function RuleItem({ rule }: { rule: ProcessedCssRule }) {
  const marks = [rule.applied ? 'applied' : 'not applied', rule.inherited ? 'inherited' : null, rule.modifiers.length ? `for ${rule.modifiers.join(', ')}` : null].filter(Boolean);
  return (
    <li aria-label={`Rule ${rule.selector}`} className={`rounded border border-neutral-800 p-1.5 font-mono text-[11px] ${rule.applied ? '' : 'opacity-60'}`}>
      <div className="flex items-baseline justify-between gap-2">
        <span className="break-all text-amber-200">{rule.selector}</span>
        <span className="shrink-0 font-sans text-[10px] text-neutral-500">{marks.join(' · ')}</span>
      </div>
      <ul className="pl-2">
        {Object.entries(rule.styles).map(([property, value]) => (
          <li key={property} className="break-all">
            <span className="text-sky-300">{property}</span>: <span className="text-neutral-200">{value}</span>;
          </li>
        ))}
      </ul>
      <p className="truncate font-sans text-[10px] text-neutral-500" title={rule.filename}>
        {ruleOrigin(rule)}
      </p>
    </li>
  );
}

/** Rules of the studio's own style elements in the frame (its cursor, instant updates' scaffolding) are not the page's. */
export function isPageRule(rule: ProcessedCssRule): boolean {
  return !rule.filename.startsWith(`#${STUDIO_ELEMENT_ID_PREFIX}`);
}

export function CssRulesSection({ rules }: { rules: FrameQuery<{ rules: ProcessedCssRule[] }> }) {
  const shown = rules.status === 'ready' ? rules.data.rules.filter(isPageRule) : [];
  return (
    <PanelSection title="Matched CSS rules" defaultOpen={false}>
      <QueryStatus query={rules} what="the matched rules" />
      {rules.status === 'ready' &&
        (shown.length === 0 ? (
          <Note>No stylesheet rule matches this element.</Note>
        ) : (
          <ul aria-label="Matched CSS rules" className="space-y-1">
            {shown.map((rule, index) => (
              <RuleItem key={`${rule.selector}-${index}`} rule={rule} />
            ))}
          </ul>
        ))}
    </PanelSection>
  );
}
