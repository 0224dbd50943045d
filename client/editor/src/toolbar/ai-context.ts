/**
 * The AI context: for each selected element, where it is written (file:line), its source, and the computed styles
 * that say most about how it looks, as one text to paste into an AI assistant.
 */
import type { ElementSourceInfo } from '@contracts/studio-api.js';
import { keyStylesOf } from '../frame/key-styles';

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
