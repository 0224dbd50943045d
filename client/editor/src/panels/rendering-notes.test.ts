import { describe, expect, it } from 'vitest';
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import type { ElementSourceInfo } from '@contracts/studio-api.js';
import { renderingNotes } from './rendering-notes';

const node = (id: string, isComponent: boolean, children: NavTreeNode[] = []) =>
  ({ key: `${id}|f|0`, name: id, isComponent, children, tempoElement: { codebaseId: id } }) as unknown as NavTreeNode;
const info = (rendering: ElementSourceInfo['rendering'], file = 'src/list.tsx', line = 12, tagName = 'X') =>
  ({ rendering, file, line, tagName }) as ElementSourceInfo;

describe('rendering notes', () => {
  const title = node('title', false);
  const card = node('CountryCard', true, [node('article', false, [title])]);
  const tree = node('root', false, [node('grid', false, [card])]);
  const infos: Record<string, ElementSourceInfo> = {
    CountryCard: info('repeated', 'src/features/countries/country-list-page.tsx', 126, 'CountryCard'),
    article: info('static', 'src/features/countries/country-card.tsx', 8, 'article'),
    title: info('static', 'src/features/countries/country-card.tsx', 9, 'h3'),
  };
  const infoOf = (id: string) => infos[id];

  it('says that a map repeats the element, and that a condition makes no copies', () => {
    expect(renderingNotes(null, null, info('repeated'), infoOf)).toEqual(['Rendered from a list (a .map): there is one copy per item, and an edit changes every copy.']);
    const conditional = renderingNotes(null, null, info('conditional'), infoOf);
    expect(conditional).toEqual(['Rendered by a condition: it shows only while the condition holds; an edit changes the one place it is written.']);
    expect(conditional.join(' ')).not.toMatch(/cop(y|ies)/);
    expect(renderingNotes(null, null, info('static'), infoOf)).toEqual([]);
  });

  it("warns inside a component that its parent maps, naming the map's file and line", () => {
    expect(renderingNotes(title, tree, infos.title!, infoOf)).toEqual([
      "This component, CountryCard, is rendered once per item by its parent's map in src/features/countries/country-list-page.tsx:126: an edit changes every item.",
    ]);
    // The component instance itself is the repeated element.
    expect(renderingNotes(card, tree, infos.CountryCard!, infoOf)).toHaveLength(1);
    // A mapped host element around it counts as well.
    const li = node('li', false, [node('span', false)]);
    const list = node('root', false, [li]);
    expect(renderingNotes(li.children[0]!, list, info('static'), (id) => (id === 'li' ? info('repeated', 'src/a.tsx', 3, 'li') : undefined))).toEqual([
      'Inside <li>, rendered once per item by a map in src/a.tsx:3: an edit changes every item.',
    ]);
    expect(renderingNotes(node('grid', false), tree, info('static'), infoOf)).toEqual([]);
  });
});
