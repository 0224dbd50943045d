import { describe, expect, it } from 'vitest';
import type { ElementSourceInfo } from '@contracts/studio-api.js';
import { keyStylesOf } from '../frame/key-styles';
import { aiContextText } from './ai-context';

const info = (overrides: Partial<ElementSourceInfo> = {}): ElementSourceInfo => ({
  codebaseId: 'tempo-x',
  file: 'src/routes/_app/drone/index.tsx',
  line: 42,
  column: 7,
  tagName: 'button',
  isComponent: false,
  rendering: 'static',
  isStaticText: true,
  dynamicText: [],
  snippet: '<button className="px-3">Thêm</button>',
  props: {},
  propChoices: {},
  ...overrides,
});

describe('AI context', () => {
  it('keeps the telling computed styles and drops defaults', () => {
    expect(keyStylesOf({ display: 'flex', position: 'static', 'font-size': '14px', 'box-shadow': 'none', 'background-color': 'rgba(0, 0, 0, 0)', cursor: 'pointer' })).toEqual([
      ['display', 'flex'],
      ['font-size', '14px'],
    ]);
    expect(keyStylesOf(null)).toEqual([]);
  });

  it('keeps layout and border styles only where they apply', () => {
    const block = { display: 'block', 'flex-direction': 'row', gap: '8px', 'border-top-width': '0px', 'border-style': 'solid', 'border-color': 'rgb(0, 0, 0)' };
    expect(keyStylesOf(block)).toEqual([['display', 'block']]);
    const flex = { ...block, display: 'flex', 'border-top-width': '1px' };
    expect(keyStylesOf(flex)).toEqual([
      ['display', 'flex'],
      ['flex-direction', 'row'],
      ['gap', '8px'],
      ['border-top-width', '1px'],
      ['border-style', 'solid'],
      ['border-color', 'rgb(0, 0, 0)'],
    ]);
  });

  it('gives each element its place, source and styles', () => {
    const text = aiContextText([{ name: 'button', info: info(), styles: { display: 'inline-flex', color: 'rgb(255, 255, 255)' } }]);
    expect(text).toBe(
      [
        '## <button> (src/routes/_app/drone/index.tsx:42)',
        '',
        '```tsx',
        '<button className="px-3">Thêm</button>',
        '```',
        '',
        'Computed styles:',
        '- display: inline-flex',
        '- color: rgb(255, 255, 255)',
        '',
      ].join('\n'),
    );
  });

  it('numbers several elements and says how each is rendered', () => {
    const text = aiContextText([
      { name: 'li', info: info({ rendering: 'repeated', line: 10 }), styles: null },
      { name: 'Svg', info: undefined, styles: null },
    ]);
    expect(text).toContain('## 1. <li> (src/routes/_app/drone/index.tsx:10)\nRendered by a .map');
    expect(text).toContain("## 2. <Svg> (not in the project's source)");
  });

  it('is empty with nothing selected', () => {
    expect(aiContextText([])).toBe('');
  });
});
