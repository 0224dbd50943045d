/**
 * The computed styles that say most about how an element looks, defaults left out: what the AI context shows of each
 * selected element and what an agent is told of it (`agent/`), read from the frame's `getCssEvals`.
 */

/** The computed styles worth an assistant's attention; defaults (`none`, `normal`, `0px`, …) are left out. */
const KEY_STYLES = [
  'display',
  'position',
  'width',
  'height',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'flex-direction',
  'justify-content',
  'align-items',
  'gap',
  'grid-template-columns',
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'text-align',
  'border-top-width',
  'border-style',
  'border-color',
  'border-top-left-radius',
  'box-shadow',
  'opacity',
] as const;

const UNINFORMATIVE = new Set(['', 'none', 'normal', 'auto', '0px', 'static', 'visible', 'rgba(0, 0, 0, 0)', '1', 'start']);

/** Styles that mean something only in some layouts or with a border at all. */
function applies(name: string, styles: Record<string, string>): boolean {
  const display = styles.display ?? '';
  if (['flex-direction', 'justify-content', 'align-items'].includes(name)) return display.includes('flex');
  if (name === 'grid-template-columns') return display.includes('grid');
  if (name === 'gap') return display.includes('flex') || display.includes('grid');
  if (name === 'border-style' || name === 'border-color') return (styles['border-top-width'] ?? '0px') !== '0px';
  return true;
}

export function keyStylesOf(styles: Record<string, string> | null): [string, string][] {
  if (!styles) return [];
  return KEY_STYLES.filter((name) => styles[name] !== undefined && !UNINFORMATIVE.has(styles[name]!.trim()) && applies(name, styles)).map((name) => [name, styles[name]!.trim()]);
}
