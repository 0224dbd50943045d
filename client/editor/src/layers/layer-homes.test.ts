import { describe, expect, it } from 'vitest';
import type { ElementSourceInfo } from '@contracts/studio-api.js';
import { layerHomeMark } from './layer-homes';

const info = (extra: Partial<ElementSourceInfo>): ElementSourceInfo =>
  ({ file: 'src/components/shell/sidebar.tsx', line: 20, column: 9, tagName: 'p', isComponent: false, rendering: 'static', isStaticText: false, dynamicText: [], props: {}, propChoices: {}, ...extra }) as ElementSourceInfo;

describe('the home a layer row names', () => {
  it('is where the words are written when that is another place than the element', () => {
    const mark = layerHomeMark(info({ textHome: { editable: true, places: [{ file: 'src/components/shell/nav-entries.ts', line: 8, text: ' Admin' }], computed: [] } }));
    expect(mark).toEqual({ text: '→ nav-entries.ts:8', title: 'Words written at src/components/shell/nav-entries.ts:8' });
  });

  it('names the classes written in a definition too, and nothing for what the element writes itself or code computes', () => {
    const classes = {
      places: [
        { file: 'src/components/shell/sidebar.tsx', line: 20, what: 'className', shared: false, always: ['p-2'], conditional: [] },
        { file: 'src/components/ui/button.tsx', line: 4, what: 'cva base', shared: true, always: ['px-4'], conditional: [] },
      ],
    };
    expect(layerHomeMark(info({ classHome: classes }))).toEqual({ text: '→ button.tsx:4', title: 'Classes written at src/components/ui/button.tsx:4 (cva base)' });
    expect(layerHomeMark(info({ textHome: { editable: true, places: [{ file: 'src/components/shell/sidebar.tsx', line: 20, text: 'A' }], computed: [] } }))).toBeNull();
    expect(layerHomeMark(info({ textHome: { editable: false, why: 'from the API at run time' } }))).toBeNull();
    expect(layerHomeMark(undefined)).toBeNull();
  });
});
