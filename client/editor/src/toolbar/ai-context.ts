/**
 * The AI context: for each selected element, where it is written (file:line), its source, and the computed styles
 * that say most about how it looks, as one text to paste into an AI assistant.
 */
import type { ElementSourceInfo } from '@contracts/studio-api.js';

/** The computed styles worth an assistant's attention; defaults (`none`, `normal`, `0px`, …) are left out. */
export const KEY_STYLES = [
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

export interface AiContextElement {
  /** The name the editor shows for it. */
  name: string;
  info: ElementSourceInfo | undefined;
  styles: Record<string, string> | null;
}

function languageOf(file: string): string {
  const extension = /\.([a-z]+)$/i.exec(file)?.[1]?.toLowerCase() ?? '';
  return extension === 'jsx' || extension === 'tsx' ? extension : extension || 'text';
}

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

export function aiContextText(elements: readonly AiContextElement[]): string {
  if (elements.length === 0) return '';
  const parts = elements.map((element, index) => {
    const lines: string[] = [];
    const where = element.info ? `${element.info.file}:${element.info.line}` : "not in the project's source";
    lines.push(`## ${elements.length > 1 ? `${index + 1}. ` : ''}<${element.name}> (${where})`);
    if (element.info?.rendering === 'repeated') lines.push('Rendered by a .map: one place in the source for every copy on the page.');
    if (element.info?.rendering === 'conditional') lines.push('Rendered by a condition.');
    if (element.info?.snippet) lines.push('', `\`\`\`${languageOf(element.info.file)}`, element.info.snippet, '```');
    const styles = keyStylesOf(element.styles);
    if (styles.length > 0) {
      lines.push('', 'Computed styles:');
      for (const [name, value] of styles) lines.push(`- ${name}: ${value}`);
    }
    return lines.join('\n');
  });
  return `${parts.join('\n\n')}\n`;
}
