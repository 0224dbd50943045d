/**
 * The style controls of the inspector: the common CSS properties grouped the way designers look for them, how a
 * typed value is read (a bare number is pixels where a length is expected), and the STYLING change's fields.
 */
import type { StylingFramework } from '@contracts/change-kinds.js';
import { IDIOM_LABELS, type StylingIdiom } from '@contracts/styling-idioms.js';
import { cssValueProblem } from '@contracts/source-grammar.js';
import { modifiersShowInstantly } from '@contracts/tailwind-variants.js';

export type StyleControlKind = 'length' | 'color' | 'choice' | 'number' | 'text';

export interface StyleControl {
  /** The CSS property, kebab-case, as the change carries it. */
  property: string;
  label: string;
  kind: StyleControlKind;
  options?: readonly string[];
  /** The computed property that shows the current value, when the shorthand is not one of the frame's evals. */
  computedFrom?: string;
}

export interface StyleGroup {
  title: string;
  controls: readonly StyleControl[];
}

const sides = (prefix: 'margin' | 'padding', title: string): StyleControl[] =>
  (['top', 'right', 'bottom', 'left'] as const).map((side) => ({ property: `${prefix}-${side}`, label: `${title} ${side}`, kind: 'length' }));

export const STYLE_GROUPS: readonly StyleGroup[] = [
  { title: 'Spacing', controls: [...sides('margin', 'Margin'), ...sides('padding', 'Padding')] },
  {
    title: 'Size',
    controls: [
      { property: 'width', label: 'Width', kind: 'length' },
      { property: 'height', label: 'Height', kind: 'length' },
      { property: 'min-width', label: 'Min width', kind: 'length' },
      { property: 'min-height', label: 'Min height', kind: 'length' },
      { property: 'max-width', label: 'Max width', kind: 'length' },
      { property: 'max-height', label: 'Max height', kind: 'length' },
    ],
  },
  {
    title: 'Colour',
    controls: [
      { property: 'color', label: 'Text colour', kind: 'color' },
      { property: 'background-color', label: 'Background colour', kind: 'color' },
    ],
  },
  {
    title: 'Typography',
    controls: [
      { property: 'font-family', label: 'Font', kind: 'text' },
      { property: 'font-size', label: 'Font size', kind: 'length' },
      { property: 'font-weight', label: 'Font weight', kind: 'number' },
      { property: 'line-height', label: 'Line height', kind: 'number' },
      { property: 'letter-spacing', label: 'Letter spacing', kind: 'length' },
      { property: 'text-align', label: 'Text align', kind: 'choice', options: ['left', 'center', 'right', 'justify', 'start', 'end'] },
    ],
  },
  {
    title: 'Border',
    controls: [
      { property: 'border-width', label: 'Border width', kind: 'length', computedFrom: 'border-top-width' },
      { property: 'border-radius', label: 'Border radius', kind: 'length', computedFrom: 'border-top-left-radius' },
      { property: 'border-color', label: 'Border colour', kind: 'color' },
      { property: 'border-style', label: 'Border style', kind: 'choice', options: ['none', 'solid', 'dashed', 'dotted', 'double'] },
      { property: 'box-shadow', label: 'Shadow', kind: 'text' },
    ],
  },
  {
    title: 'Layout and flex',
    controls: [
      { property: 'display', label: 'Display', kind: 'choice', options: ['block', 'inline-block', 'inline', 'flex', 'inline-flex', 'grid', 'none'] },
      { property: 'flex-direction', label: 'Direction', kind: 'choice', options: ['row', 'row-reverse', 'column', 'column-reverse'] },
      {
        property: 'justify-content',
        label: 'Justify',
        kind: 'choice',
        options: ['flex-start', 'center', 'flex-end', 'space-between', 'space-around', 'space-evenly'],
      },
      { property: 'align-items', label: 'Align', kind: 'choice', options: ['stretch', 'flex-start', 'center', 'flex-end', 'baseline'] },
      { property: 'gap', label: 'Gap', kind: 'length' },
      { property: 'flex-wrap', label: 'Wrap', kind: 'choice', options: ['nowrap', 'wrap', 'wrap-reverse'] },
    ],
  },
];

export type StyleValueCheck = { ok: true; value: string | null } | { ok: false; error: string };

/**
 * Reads a typed value: empty removes the property (null); a bare number is pixels for a length; anything that could
 * close the declaration (`;`, braces) is refused, since it would write more than one property.
 */
export function readStyleValue(control: StyleControl, raw: string): StyleValueCheck {
  const text = raw.trim();
  if (!text) return { ok: true, value: null };
  if (/[;{}]/.test(text)) return { ok: false, error: `${control.label}: one value, without ";" or braces` };
  if (text.length > 200) return { ok: false, error: `${control.label}: at most 200 characters` };
  // The rule the server writes CSS values by (no comment, open string or bracket, trailing backslash).
  const unwritable = cssValueProblem(text);
  if (unwritable) return { ok: false, error: `${control.label}: ${unwritable}` };
  if (control.kind === 'length' && /^-?\d+(\.\d+)?$/.test(text)) return { ok: true, value: text === '0' ? '0' : `${text}px` };
  if (control.options && control.kind === 'choice' && !control.options.includes(text) && !/^(inherit|initial|unset|revert)$/.test(text)) {
    return { ok: false, error: `${control.label}: one of ${control.options.join(', ')}` };
  }
  return { ok: true, value: text };
}

/** Why a style cannot be written this way, before asking the server; null when it can. */
export function stylingProblem(framework: StylingFramework, modifiers: readonly string[]): string | null {
  if (framework === 'Inline' && modifiers.length > 0) {
    return `An inline style cannot apply only for ${modifiers.join(', ')}: choose Tailwind or CSS for modifiers and breakpoints`;
  }
  return null;
}

export interface StylingFields {
  codebaseId: string;
  stylingChanges: Record<string, string | null>;
  stylingFramework: StylingFramework;
  modifiers: string[];
  customProperties: Record<string, string>;
  idiom?: StylingIdiom;
}

/** A style control's change; `idiom` only when the designer chose one (else the server applies the same rule). */
export function stylingFields(
  codebaseId: string,
  property: string,
  value: string | null,
  framework: StylingFramework,
  modifiers: readonly string[],
  idiom: StylingIdiom | null = null,
): StylingFields {
  return { codebaseId, stylingChanges: { [property]: value }, stylingFramework: framework, modifiers: [...modifiers], customProperties: {}, ...(idiom ? { idiom } : {}) };
}

/** The note under the controls: whether the frame shows the edit before the source is written. */
export function stylingNote(framework: StylingFramework, modifiers: readonly string[], idiom: StylingIdiom | null = null): string {
  const how =
    idiom && idiom !== 'css' && framework === 'CSS'
      ? `as ${IDIOM_LABELS[idiom]}`
      : framework === 'Tailwind'
        ? 'as Tailwind classes'
        : framework === 'Inline'
          ? 'as an inline style'
          : 'as a CSS rule in the imported stylesheet';
  const when = modifiers.length ? ` for ${modifiers.join(':')}` : '';
  const instant = modifiersShowInstantly(modifiers) ? '' : ' (shown after the file is written: only hover, focus, active, disabled, required, invalid and the breakpoints show at once)';
  return `Written ${how}${when}${instant}.`;
}

/** The current value of a control among the frame's computed styles. */
export function currentValueOf(control: StyleControl, computed: Record<string, string> | undefined): string {
  return computed?.[control.computedFrom ?? control.property] ?? '';
}
