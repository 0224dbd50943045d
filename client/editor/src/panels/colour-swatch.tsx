/**
 * Colour swatches: one square of a colour, and the project's palette as a grid of them, each a button named by its
 * token that writes that token.
 */
import type { ThemeToken } from '@contracts/project-theme.js';
import { hexOf, paletteRows } from './style-tokens';

export function Swatch({ colour, size = 'h-3 w-3' }: { colour: string; size?: string }) {
  // The token's own value paints it, oklch included: the browser converts it, not this code.
  return <span aria-hidden className={`inline-block ${size} shrink-0 rounded-sm border border-neutral-600`} style={{ background: colour }} />;
}

export function ColourPalette({ label, tokens, current, disabled, onPick }: { label: string; tokens: readonly ThemeToken[]; current: string | null; disabled: boolean; onPick: (token: ThemeToken) => void }) {
  return (
    <div role="group" aria-label={`${label} palette`} className="mt-1 max-h-64 space-y-px overflow-auto rounded border border-neutral-800 p-1">
      {paletteRows(tokens).map((row) => (
        <div key={row[0]!.name} className="flex flex-wrap gap-px">
          {row.map((token) => (
            <button
              key={token.name}
              type="button"
              disabled={disabled}
              aria-label={token.name}
              aria-pressed={token.name === current}
              title={`${token.name} · ${hexOf(token.value) ?? token.value}`}
              className={`rounded-sm p-px ${token.name === current ? 'outline outline-1 outline-sky-400' : 'hover:outline hover:outline-1 hover:outline-neutral-300'}`}
              onClick={() => onPick(token)}
            >
              <Swatch colour={token.value} />
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}
