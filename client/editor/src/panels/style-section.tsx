/**
 * Controls for the common styles, grouped as designers look for them. A value is written as one STYLING change in
 * the canvas's framework, under the chosen modifiers and breakpoint. A field with a scale of the project's theme
 * speaks its tokens: it shows the token the element has now (`slate-900 · #0f172a`), takes a token name, a CSS value
 * or an arbitrary value, and suggests the scale as the designer types; a token is written as its value, which the
 * server writes as the token's utility. An empty field means "leave as it is"; clearing a typed value removes the
 * property.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { CssEvals } from '@contracts/frame-protocol.js';
import type { ProjectTheme, ThemeToken } from '@contracts/project-theme.js';
import { IDIOM_LABELS, projectIdiomFor, withProjectIdioms, type StyledComponentHome, type StylingIdiom } from '@contracts/styling-idioms.js';
import { useEditorStore } from '../state/editor-store';
import { breakpointPreviewFrom } from '../state/offered-styling';
import { modifiersFor } from './class-variants';
import { alsoUsedBy } from './also-used-by';
import { ColourPalette } from './colour-swatch';
import { buttonClass, enterWritesEscapeReverts, inputClass, Note, PanelSection } from './panel-section';
import { currentValueOf, readStyleValue, STYLE_GROUPS, stylingFields, stylingNote, stylingProblem, type StyleControl } from './style-properties';
import { currentTokenValue, hexOf, pixelsOf, readTokenInput, scaleOfProperty, tokensOf, type CurrentValue } from './style-tokens';
import { TokenInput } from './token-input';
import { themeEditProblem } from './theme-sections';
import { NewTokenForm } from './new-token-form';
import { useEditorServices } from '../services/editor-services';
import { useProjectTheme } from './use-project-theme';
import type { SelectedElement } from './use-selected-element';
import type { FrameQuery } from './use-frame-query';

type WriteStyle = (control: StyleControl, raw: string, tokens: readonly ThemeToken[]) => string | null;

/** Whether the browser takes a value for a property (always, where there is no `CSS`: the server checks again). */
const browserSupports = (property: string, value: string) => typeof CSS === 'undefined' || CSS.supports(property, value);

function useWriteStyle(element: SelectedElement, modifiers: readonly string[]): { write: WriteStyle; problem: string | null } {
  const { changes } = useEditorServices();
  const framework = useEditorStore((state) => state.canvas?.stylingFramework ?? 'Tailwind');
  const chosenIdiom = useEditorStore((state) => state.stylingIdiom);
  const setStylingIdiom = useEditorStore((state) => state.setStylingIdiom);
  const { theme } = useProjectTheme();
  const previewFrom = breakpointPreviewFrom(modifiers, theme, useIdiom(element));
  const problem = stylingProblem(framework, modifiers);
  const write: WriteStyle = (control, raw, tokens) => {
    if (problem) return problem;
    const read = readStyleValue(control, raw);
    if (!read.ok) return read.error;
    let value = read.value;
    if (value !== null && scaleOfProperty(control.property)) {
      const typed = readTokenInput(control.property, control.label, raw, tokens, browserSupports, control.kind === 'length');
      if (typed.kind === 'refused') return typed.error;
      value = typed.value;
    } else if (value !== null && !browserSupports(control.property, value)) {
      return `${control.label}: "${value}" is not a value of ${control.property}`;
    }
    const fields = stylingFields(element.codebaseId, control.property, value, framework, modifiers, chosenIdiom);
    void changes.submit('STYLING', previewFrom ? { ...fields, previewFrom } : fields);
    // The wrapper written is the element's own styled component now: later changes go into it, as its own idiom.
    if (chosenIdiom === 'styled-wrapper') setStylingIdiom(null);
    return null;
  };
  return { write, problem };
}

/** The choice that removes the property the element's source sets (an empty value). */
const REMOVE_OPTION = '(remove)';

function ChoiceField({ control, current, write, disabled }: { control: StyleControl; current: string; write: WriteStyle; disabled: boolean }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <label className="flex items-center gap-2 text-xs">
      <span className="w-24 shrink-0 truncate text-neutral-400">{control.label}</span>
      <select
        aria-label={control.label}
        disabled={disabled}
        className={inputClass}
        value=""
        onChange={(event) => {
          const value = event.target.value;
          if (value) setError(write(control, value === REMOVE_OPTION ? '' : value, []));
        }}
      >
        <option value="">{current ? `now: ${current}` : '—'}</option>
        <option value={REMOVE_OPTION}>remove from the source</option>
        {control.options?.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {error && <Note tone="error">{error}</Note>}
    </label>
  );
}

/** The native colour picker, showing the current colour in sRGB; only its final `change` is written. */
function ColourPicker({ label, colour, disabled, onPick }: { label: string; colour: string; disabled: boolean; onPick: (hex: string) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  // React's onChange is the input event, every step of a drag; the native `change` comes once, at the end.
  useEffect(() => {
    const picker = ref.current;
    if (!picker) return;
    const onChange = () => pick.current(picker.value);
    picker.addEventListener('change', onChange);
    return () => picker.removeEventListener('change', onChange);
  }, []);
  const hex = hexOf(colour) ?? '#000000';
  return (
    <input
      ref={ref}
      type="color"
      aria-label={`${label} picker`}
      disabled={disabled}
      className="h-5 w-6 shrink-0 cursor-pointer rounded border border-neutral-700 bg-transparent"
      defaultValue={hex}
      key={hex}
    />
  );
}

interface StyleFieldProps {
  control: StyleControl;
  current: CurrentValue;
  /** The computed value, for the colour picker when no token is known. */
  computed: string;
  tokens: readonly ThemeToken[];
  write: WriteStyle;
  disabled: boolean;
  /** What a new token needs: the theme it goes in, and the element and how it is styled with it. */
  newToken: { theme: ProjectTheme | null; codebaseId: string; modifiers: readonly string[] } | null;
}

function StyleField({ control, current, computed, tokens, write, disabled, newToken }: StyleFieldProps) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [addingToken, setAddingToken] = useState(false);
  const framework = useEditorStore((state) => state.canvas?.stylingFramework ?? 'Tailwind');
  const committed = useRef('');
  const errorId = useId();
  const isColour = control.kind === 'color';
  const commit = (raw: string) => {
    if (raw.trim() === committed.current.trim()) return;
    const problem = write(control, raw, tokens);
    setError(problem);
    if (!problem) committed.current = raw;
  };
  const revert = () => {
    setDraft(committed.current);
    setError(null);
  };
  const put = (text: string) => {
    setDraft(text);
    commit(text);
  };
  const field = scaleOfProperty(control.property) ? (
    <TokenInput
      label={control.label}
      property={control.property}
      tokens={tokens}
      isColour={isColour}
      draft={draft}
      placeholder={current.text}
      disabled={disabled}
      invalid={error !== null}
      describedBy={error ? errorId : undefined}
      onDraft={(text) => {
        setDraft(text);
        setError(null);
      }}
      onCommit={commit}
      onRevert={revert}
    />
  ) : (
    <input
      aria-label={control.label}
      aria-invalid={error !== null}
      aria-describedby={error ? errorId : undefined}
      disabled={disabled}
      className={inputClass}
      placeholder={current.text}
      value={draft}
      onChange={(event) => {
        setDraft(event.target.value);
        setError(null);
      }}
      onBlur={() => commit(draft)}
      onKeyDown={enterWritesEscapeReverts(() => commit(draft), revert)}
    />
  );
  const shownColour = current.token?.value ?? computed;
  return (
    <div className="text-xs">
      <div className="flex items-center gap-2">
        <span className="w-24 shrink-0 truncate text-neutral-400" title={control.label}>
          {control.label}
        </span>
        {field}
        {isColour && <ColourPicker label={control.label} colour={shownColour} disabled={disabled} onPick={put} />}
        {isColour && tokens.length > 0 && (
          <button
            type="button"
            aria-expanded={paletteOpen}
            aria-label={`${control.label} palette`}
            title="The project's palette"
            className={`${buttonClass} px-1`}
            onClick={() => setPaletteOpen(!paletteOpen)}
          >
            ▦
          </button>
        )}
        {newToken && (
          <button
            type="button"
            aria-expanded={addingToken}
            aria-label={`${control.label}: new token`}
            title="A new token of the project's theme, for when none fits"
            className={`${buttonClass} px-1`}
            disabled={disabled}
            onClick={() => setAddingToken(!addingToken)}
          >
            ＋
          </button>
        )}
      </div>
      {newToken && addingToken && (
        <NewTokenForm
          label={control.label}
          property={control.property}
          theme={newToken.theme}
          codebaseId={newToken.codebaseId}
          framework={framework}
          modifiers={newToken.modifiers}
          initialValue={draft.trim() || computed}
          onDone={() => setAddingToken(false)}
        />
      )}
      {isColour && paletteOpen && tokens.length > 0 && (
        <ColourPalette label={control.label} tokens={tokens} current={current.token?.name ?? null} disabled={disabled} onPick={(token) => put(token.name)} />
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** The idiom the controls write for the element, by the rule the server applies (`idiomFor`); null while unknown. */
function useIdiom(element: SelectedElement): StylingIdiom | null {
  const framework = useEditorStore((state) => state.canvas?.stylingFramework ?? 'Tailwind');
  const chosen = useEditorStore((state) => state.stylingIdiom);
  const { theme } = useProjectTheme();
  const styling = element.info?.styling;
  if (!styling) return null;
  return projectIdiomFor(styling, theme?.styling, framework, chosen);
}

/** Names the idiom the controls write (CSS mode: the project's way) and lets the designer pick another that fits. */
function IdiomPicker({ element, idiom }: { element: SelectedElement; idiom: StylingIdiom }) {
  const setStylingIdiom = useEditorStore((state) => state.setStylingIdiom);
  const { theme } = useProjectTheme();
  const fits = element.info?.styling ? withProjectIdioms(element.info.styling, theme?.styling).fits : [];
  const home = element.info?.styling?.declaration;
  return (
    <>
      <label className="flex items-center gap-2 text-xs text-neutral-400">
        Writes
        <select
          aria-label="Styling idiom"
          className="flex-1 rounded border border-neutral-700 bg-neutral-900 px-1 py-0.5 text-neutral-100"
          value={idiom}
          onChange={(event) => setStylingIdiom(event.target.value as StylingIdiom)}
        >
          {[...new Set([idiom, ...fits])].map((name) => (
            <option key={name} value={name}>
              {IDIOM_LABELS[name]}
            </option>
          ))}
        </select>
      </label>
      {home && <DeclarationNote home={home} idiom={idiom} file={element.info?.file ?? ''} />}
    </>
  );
}

/**
 * What a change to a styled component writes, named before anything is written: its declaration, which every use
 * shows, with those uses; or, for this element only, a wrapper of it in the element's file.
 */
function DeclarationNote({ home, idiom, file }: { home: StyledComponentHome; idiom: StylingIdiom; file: string }) {
  if (idiom !== 'styled-template' && idiom !== 'styled-object' && idiom !== 'styled-wrapper') return null;
  return (
    <p role="status" aria-label="What the style controls write" className="mt-0.5 text-[10px] text-neutral-400">
      {idiom === 'styled-wrapper' ? (
        <>
          Writes a styled wrapper of {home.name} in <span className="font-mono">{file}</span> for this element only; {home.name} and its other uses stay as they
          are.
        </>
      ) : (
        <>
          Writes {home.name}&apos;s {idiom === 'styled-template' ? 'template' : 'style object'} at{' '}
          <span className="font-mono">
            {home.file}:{home.line}
          </span>
          {alsoUsedBy(home.alsoUsedBy ?? [])}
        </>
      )}
    </p>
  );
}

export function StyleSection({ element, evals }: { element: SelectedElement; evals: FrameQuery<CssEvals | null> }) {
  const framework = useEditorStore((state) => state.canvas?.stylingFramework ?? 'Tailwind');
  const states = useEditorStore((state) => state.modifiers);
  const breakpoint = useEditorStore((state) => state.breakpoint);
  const modifiers = modifiersFor(states, breakpoint);
  const { write, problem } = useWriteStyle(element, modifiers);
  const idiom = useIdiom(element);
  const { theme, error: themeError } = useProjectTheme();
  const computed = evals.status === 'ready' ? evals.data?.styles : undefined;
  const classes = element.node?.directlySetClassList ?? [];
  const fontSizePx = pixelsOf(computed?.['font-size'] ?? '') ?? undefined;
  const disabled = element.readOnlyReason !== null;
  // Tokens are added where the theme panel edits them: a Tailwind 4 project's CSS.
  const canAddTokens = theme !== null && themeEditProblem(theme) === null;
  return (
    <PanelSection title="Style controls">
      {framework === 'CSS' && idiom && <IdiomPicker element={element} idiom={idiom} />}
      {problem ? <Note tone="warning">{problem}</Note> : <Note>{stylingNote(framework, modifiers, idiom)}</Note>}
      {themeError && <Note tone="warning">{themeError}</Note>}
      {STYLE_GROUPS.map((group) => (
        <fieldset key={group.title} className="mt-2 space-y-1">
          <legend className="mb-1 text-[11px] font-semibold text-neutral-300">{group.title}</legend>
          {group.controls.map((control) => {
            const value = currentValueOf(control, computed);
            if (control.kind === 'choice') {
              return <ChoiceField key={`${element.key}:${control.property}`} control={control} current={value} write={write} disabled={disabled} />;
            }
            const tokens = tokensOf(theme, control.property);
            const current = currentTokenValue(control.property, value, classes, tokens, modifiers, fontSizePx);
            return (
              // Keyed by the element too: a typed value belongs to the element it was typed for.
              <StyleField
                key={`${element.key}:${control.property}`}
                control={control}
                current={current}
                computed={value}
                tokens={tokens}
                write={write}
                disabled={disabled}
                newToken={canAddTokens && scaleOfProperty(control.property) ? { theme, codebaseId: element.codebaseId, modifiers } : null}
              />
            );
          })}
        </fieldset>
      ))}
    </PanelSection>
  );
}
