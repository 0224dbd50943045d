/**
 * The theme panel: the project's design tokens by scale (colours with swatches, fonts in their own family, the type
 * scale, spacing and radii with their values), each saying whether the project declares it or takes it from
 * Tailwind's defaults. Editing a value (Enter in its field, or a colour chosen in the picker) is a change like every
 * other: every frame shows it at once, the server writes the token's `@theme` declaration, and undo takes it back.
 * A value the browser does not take for the scale is refused here with the reason, and nothing is written.
 */
import { memo, useEffect, useId, useRef, useState } from 'react';
import type { ProjectTheme, ThemeToken } from '@contracts/project-theme.js';
import { useChangeListStore, useEditorServices } from '../services/editor-services';
import { enterWritesEscapeReverts, inputClass, Note, PanelSection } from './panel-section';
import { hexOf } from './style-tokens';
import { Swatch } from './colour-swatch';
import { themeEditProblem, themeSections, themeSource, tokenEdit, tokenEditProblem, tokenOrigin, type ThemeSection } from './theme-sections';
import { useProjectTheme } from './use-project-theme';

const supports = (property: string, value: string) => typeof CSS !== 'undefined' && CSS.supports(property, value);

/** What a token looks like, drawn with its own value. */
function TokenSample({ section, token }: { section: ThemeSection; token: ThemeToken }) {
  switch (section.look) {
    case 'colour':
      return <Swatch colour={token.value} size="h-5 w-5" />;
    case 'font':
      return (
        <span aria-hidden className="w-14 shrink-0 truncate text-sm text-neutral-100" style={{ fontFamily: token.value }}>
          Aa Ưă
        </span>
      );
    case 'text':
      return (
        <span aria-hidden className="w-10 shrink-0 overflow-hidden text-neutral-200" style={{ fontSize: `min(${token.value}, 1.5rem)`, lineHeight: 1 }}>
          Aa
        </span>
      );
    case 'radius':
      return <span aria-hidden className="h-5 w-5 shrink-0 border-l-2 border-t-2 border-sky-400" style={{ borderTopLeftRadius: token.value }} />;
    case 'length':
      return (
        <span aria-hidden className="flex h-5 w-14 shrink-0 items-center">
          <span className="h-1.5 max-w-full rounded-sm bg-sky-400" style={{ width: token.value }} />
        </span>
      );
  }
}

/** The colour picker of a colour token: writes when the picker closes on a colour, not on every move inside it. */
function ColourPicker({ token, disabled, onPick }: { token: ThemeToken; disabled: boolean; onPick: (hex: string) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    // React's onChange is the input event (every move of the picker): the change event is the chosen colour.
    const onChange = () => pick.current(input.value);
    input.addEventListener('change', onChange);
    return () => input.removeEventListener('change', onChange);
  }, []);
  useEffect(() => {
    if (ref.current) ref.current.value = hexOf(token.value) ?? '#000000';
  }, [token.value]);
  return (
    <input
      ref={ref}
      type="color"
      disabled={disabled}
      aria-label={`Pick colour ${token.name}`}
      defaultValue={hexOf(token.value) ?? '#000000'}
      className="h-6 w-7 shrink-0 cursor-pointer rounded border border-neutral-700 bg-neutral-900 p-0 disabled:cursor-not-allowed"
    />
  );
}

interface TokenRowProps {
  theme: ProjectTheme;
  section: ThemeSection;
  token: ThemeToken;
}

const TokenRow = memo(function TokenRow({ theme, section, token }: TokenRowProps) {
  const { changes } = useEditorServices();
  const [draft, setDraft] = useState(token.value);
  const [problem, setProblem] = useState<string | null>(null);
  const [writing, setWriting] = useState(false);
  const problemId = useId();
  /** The value last sent: Enter and the blur that may follow it write it once. */
  const sent = useRef<string | null>(null);
  useEffect(() => {
    setDraft(token.value);
    sent.current = null;
  }, [token.value]);
  const readOnly = themeEditProblem(theme) ?? tokenEditProblem(token);

  const write = (typed: string) => {
    if (typed.trim() === token.value) return setProblem(null);
    if (typed.trim() === sent.current) return;
    const edit = tokenEdit(theme, section, token, typed, supports);
    if ('problem' in edit) return setProblem(edit.problem);
    setProblem(null);
    setWriting(true);
    sent.current = edit.fields.value;
    void changes.submit('EDIT_THEME_TOKEN', edit.fields).then((change) => {
      setWriting(false);
      if (change.state !== 'failed') return;
      sent.current = null;
      setProblem(change.error ?? 'The change was not written.');
    });
  };
  const revert = () => {
    setDraft(token.value);
    setProblem(null);
  };

  return (
    <li aria-label={token.name} className="py-1">
      <div className="flex items-center gap-2">
        <TokenSample section={section} token={token} />
        <div className="min-w-0 flex-1">
          <p className="flex items-baseline justify-between gap-1 text-xs">
            <span className="truncate font-mono text-neutral-100">{token.name}</span>
            <span title={tokenOrigin(token, themeSource(theme))} className={`shrink-0 rounded px-1 text-[10px] ${token.declaredIn ? 'bg-emerald-900 text-emerald-200' : 'bg-neutral-800 text-neutral-400'}`}>
              {token.declaredIn ? 'Project' : themeSource(theme)}
            </span>
          </p>
          {readOnly ? (
            <p className="truncate font-mono text-[11px] text-neutral-400" title={`${token.value} — ${readOnly}`}>
              {token.value}
            </p>
          ) : (
            <div className="mt-0.5 flex items-center gap-1">
              <input
                aria-label={`Value of ${token.name}`}
                aria-invalid={problem !== null}
                aria-describedby={problem ? problemId : undefined}
                title={token.variable}
                value={draft}
                // Read-only, not disabled, while it is written: the field keeps the keyboard's focus.
                readOnly={writing}
                aria-busy={writing}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={enterWritesEscapeReverts(() => write(draft), revert)}
                onBlur={() => write(draft)}
                className={`${inputClass} font-mono text-[11px]`}
              />
              {section.look === 'colour' && <ColourPicker token={token} disabled={writing} onPick={(hex) => write(hex)} />}
            </div>
          )}
        </div>
      </div>
      {problem && (
        <p id={problemId} role="alert" className="mt-0.5 text-xs text-red-300">
          {problem}
        </p>
      )}
    </li>
  );
});

/** The theme is the project's CSS: asked again after every change that wrote a stylesheet (an edit, its undo or redo). */
function useThemeFollowsStylesheets(): void {
  const { theme } = useEditorServices();
  const stylesheetWrites = useChangeListStore((state) => state.items.filter((item) => item.state === 'succeeded' && item.files.some((file) => file.endsWith('.css'))).length);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void theme.refresh();
  }, [stylesheetWrites, theme]);
}

/** The file the tokens were read from (MUI's `createTheme`, Bootstrap's Sass): that of any token the project declares. */
function declaringFile(theme: ProjectTheme): string | undefined {
  return Object.values(theme.scales)
    .flat()
    .find((token) => token.declaredIn)?.declaredIn;
}

export function ThemePanel() {
  const { theme, error } = useProjectTheme();
  const [filter, setFilter] = useState('');
  useThemeFollowsStylesheets();
  const headingId = useId();
  const problem = theme ? themeEditProblem(theme) : null;
  return (
    <div role="region" aria-labelledby={headingId} className="min-h-0 flex-1 overflow-y-auto">
      <header className="border-b border-neutral-800 px-3 py-2">
        <h2 id={headingId} className="text-sm font-semibold text-neutral-100">
          Theme
        </h2>
        {theme?.tailwind && (
          <p className="font-mono text-xs text-neutral-400">
            Tailwind {theme.tailwind.version} · {theme.tailwind.config ?? theme.tailwind.entry}
          </p>
        )}
        {theme && themeSource(theme) !== 'Tailwind' && (
          <p className="font-mono text-xs text-neutral-400">
            {themeSource(theme)} theme{declaringFile(theme) ? ` · ${declaringFile(theme)}` : ''}
          </p>
        )}
        {problem && <Note tone="warning">{problem}</Note>}
        {error && <Note tone="error">{error}</Note>}
        <label className="mt-2 block text-xs text-neutral-400">
          Filter tokens
          <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} placeholder="slate, 900, rem…" className={`${inputClass} mt-0.5 text-xs`} />
        </label>
      </header>
      {!theme && !error && <p className="p-3 text-xs text-neutral-500">Reading the project&apos;s theme…</p>}
      {theme &&
        themeSections(theme, filter).map((section) => (
          <PanelSection key={section.scale} title={section.title}>
            {section.tokens.length === 0 ? (
              <Note>{section.total === 0 ? 'The theme has no tokens of this scale.' : 'No token matches the filter.'}</Note>
            ) : (
              <ul aria-label={`${section.title} tokens`} className="divide-y divide-neutral-800/60">
                {section.tokens.map((token) => (
                  <TokenRow key={token.name} theme={theme} section={section} token={token} />
                ))}
              </ul>
            )}
          </PanelSection>
        ))}
    </div>
  );
}
