import { describe, expect, it } from 'vitest';
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import { findNodeByCodebaseId } from '../state/editor-store';
import { addJsxFieldsFor, canHoldChildren, componentItems, htmlForNative, importPathBetween, NATIVE_ITEMS, nativeItemsFor, PLACEHOLDER_IMAGE_SRC, placementFor } from './palette-items';

const ID = (n: number) => `tempo-00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function node(n: number, patch: Partial<NavTreeNode> = {}): NavTreeNode {
  const tempoElement = { codebaseId: ID(n), storyboardId: 'frame-1', uniquePath: `0-${n}` };
  return {
    parent: null,
    children: [],
    classList: [],
    directlySetClassList: [],
    name: `el${n}`,
    tagName: 'div',
    isComponent: false,
    props: {},
    literalChildren: [],
    scope: null,
    pageBoundingBox: { pageX: 0, pageY: 0, width: 10, height: 10 },
    level: 1,
    tempoElement,
    key: `${tempoElement.codebaseId}|frame-1|0-${n}`,
    ...patch,
  };
}

describe('palette items', () => {
  it('has the seven native elements, with visible placeholder content', () => {
    expect(NATIVE_ITEMS.map((item) => item.tag)).toEqual(['div', 'section', 'h2', 'p', 'button', 'img', 'a']);
    const byId = Object.fromEntries(NATIVE_ITEMS.map((item) => [item.id, item]));
    expect(byId.heading!.text).toBe('Heading');
    expect(byId.paragraph!.text).toBe('Text');
    expect(byId.button!.text).toBe('Button');
    expect(byId.image!.props.alt).toBe('Image');
    expect(byId.image!.props.src).toMatch(/^data:image\/svg\+xml,/);
    expect(byId.link!.props.href).toBe('#');
  });

  it('writes the instant-update HTML with class and escaped text', () => {
    expect(htmlForNative(NATIVE_ITEMS.find((item) => item.id === 'heading')!)).toBe('<h2 class="text-2xl font-semibold">Heading</h2>');
    expect(htmlForNative(NATIVE_ITEMS.find((item) => item.id === 'image')!)).toMatch(/^<img src="data:image\/svg\+xml,[^"]*" alt="Image">$/);
    expect(htmlForNative({ kind: 'native', id: 'x', label: 'x', tag: 'p', props: { title: 'a"b' }, text: '<b>' })).toBe('<p title="a&quot;b">&lt;b&gt;</p>');
  });
});

describe('native items in a project without Tailwind', () => {
  it('carry none of their Tailwind classes, and keep their other attributes and text', () => {
    const items = nativeItemsFor(false);
    expect(items.map((item) => item.tag)).toEqual(NATIVE_ITEMS.map((item) => item.tag));
    expect(items.filter((item) => 'className' in item.props)).toEqual([]);
    expect(items.find((item) => item.id === 'button')).toMatchObject({ props: { type: 'button' }, text: 'Button' });
    expect(nativeItemsFor(true)).toBe(NATIVE_ITEMS);
  });
});

describe('placement', () => {
  const parent = node(1, { children: [] });
  const inTree = (patch: Partial<NavTreeNode>) => node(2, { parent: parent.key, ...patch });
  const lookup = (key: string) => (key === parent.key ? parent : null);

  it('adds into a container, at the end', () => {
    expect(placementFor(parent, lookup, { tagName: 'div' })).toEqual({ ok: true, placement: { codebaseIdToAddTo: ID(1) }, destinationKey: parent.key });
  });

  it('adds after a leaf that cannot hold children: void, text-only, component', () => {
    for (const patch of [{ tagName: 'img' }, { tagName: 'button', literalChildren: ['Save'] }, { tagName: 'Card', isComponent: true }]) {
      expect(canHoldChildren(inTree(patch))).toBe(false);
      expect(placementFor(inTree(patch), lookup, { tagName: 'div' })).toEqual({
        ok: true,
        placement: { codebaseIdToAddTo: ID(1), afterCodebaseId: ID(2) },
        destinationKey: parent.key,
      });
    }
    expect(canHoldChildren(inTree({ literalChildren: [' '] }))).toBe(true);
  });

  it('goes by the HTML content model: a block into a paragraph goes after it, a link never into or beside a link', () => {
    const paragraph = node(6, { tagName: 'p', parent: parent.key, children: [] });
    const withText = node(7, { tagName: 'p', parent: parent.key, literalChildren: [''], children: [node(8, { tagName: 'strong' })] });
    const lookupAll = (key: string) => [parent, paragraph, withText].find((candidate) => candidate.key === key) ?? null;
    // The paragraph holds elements, so a <span> goes in; a <div> goes after it.
    expect(placementFor(withText, lookupAll, { tagName: 'span' })).toMatchObject({ ok: true, placement: { codebaseIdToAddTo: ID(7) } });
    expect(placementFor(withText, lookupAll, { tagName: 'div' })).toMatchObject({ ok: true, placement: { codebaseIdToAddTo: ID(1), afterCodebaseId: ID(7) } });
    const link = node(9, { tagName: 'a', parent: null, children: [] });
    const inLink = node(10, { tagName: 'span', parent: link.key, children: [] });
    const lookupLink = (key: string) => [link, inLink].find((candidate) => candidate.key === key) ?? null;
    const refused = placementFor(inLink, lookupLink, { tagName: 'a' });
    expect(refused).toMatchObject({ ok: false });
    expect(!refused.ok && refused.error).toMatch(/<a> cannot go into or next to .*: <a> cannot go inside <a>/);
    // A component passes: what it renders is decided at run time.
    expect(placementFor(inLink, lookupLink, { tagName: 'Card' })).toMatchObject({ ok: true });
  });

  it('refuses the storyboard root and elements without a parent', () => {
    const root = node(3, { tagName: 'img', parent: null });
    expect(placementFor(root, lookup, { tagName: 'div' })).toMatchObject({ ok: false });
    const storyboard = node(4, { tempoElement: { codebaseId: 'tempo-storyboard-root', storyboardId: 'frame-1', uniquePath: '0' } });
    const child = node(5, { tagName: 'img', parent: storyboard.key });
    expect(placementFor(child, (key) => (key === storyboard.key ? storyboard : null), { tagName: 'div' })).toMatchObject({ ok: false });
  });
});

describe('importPathBetween', () => {
  it('is relative and without the extension', () => {
    expect(importPathBetween('src/routes/_app/index.tsx', 'src/components/ui/card.tsx')).toBe('../../components/ui/card');
    expect(importPathBetween('src/components/ui/page.tsx', 'src/components/ui/card.tsx')).toBe('./card');
    expect(importPathBetween('src/main.tsx', 'src/components/shell/sidebar.tsx')).toBe('./components/shell/sidebar');
    expect(importPathBetween('src/components/shell/a.tsx', 'src/components/ui/b.ts')).toBe('../ui/b');
    expect(importPathBetween('src/routes/x.tsx', 'src/components/ui/index.tsx')).toBe('../components/ui');
  });
});

describe('addJsxFieldsFor', () => {
  const placement = { codebaseIdToAddTo: ID(1), afterCodebaseId: ID(2) };
  it('adds a native element with its placeholder text as children and its instant HTML', () => {
    const heading = NATIVE_ITEMS.find((item) => item.id === 'heading')!;
    expect(addJsxFieldsFor(heading, placement, null)).toEqual({
      ok: true,
      fields: {
        codebaseIdToAddTo: ID(1),
        afterCodebaseId: ID(2),
        addNativeTag: 'h2',
        propsToSet: { className: 'text-2xl font-semibold', children: 'Heading' },
        htmlForInstantUpdate: '<h2 class="text-2xl font-semibold">Heading</h2>',
      },
    });
    const image = NATIVE_ITEMS.find((item) => item.id === 'image')!;
    const fields = addJsxFieldsFor(image, placement, null);
    expect(fields.ok && fields.fields.propsToSet).toEqual({ src: PLACEHOLDER_IMAGE_SRC, alt: 'Image' });
  });

  it('adds a component imported relative to the destination file', () => {
    const [item] = componentItems([{ name: 'Pagination', file: 'src/components/ui/pagination.tsx', isDefaultExport: false }]);
    expect(addJsxFieldsFor(item!, { codebaseIdToAddTo: ID(1) }, 'src/routes/_app/index.tsx')).toEqual({
      ok: true,
      fields: {
        codebaseIdToAddTo: ID(1),
        addComponentName: 'Pagination',
        addComponentImportPath: '../../components/ui/pagination',
        addComponentIsDefaultImport: false,
      },
    });
    expect(addJsxFieldsFor(item!, { codebaseIdToAddTo: ID(1) }, null)).toMatchObject({ ok: false, error: expect.stringContaining('not known yet') });
  });

  it("adds a library's component imported from its package, whatever file it was found in", () => {
    const [item] = componentItems([{ name: 'Paper', file: 'src/pages/home.jsx', isDefaultExport: false, package: '@mui/material' }]);
    expect(addJsxFieldsFor(item!, { codebaseIdToAddTo: ID(1) }, 'src/routes/_app/index.tsx')).toMatchObject({
      ok: true,
      fields: { addComponentName: 'Paper', addComponentImportPath: '@mui/material', addComponentIsDefaultImport: false },
    });
    expect(item!.id).toBe('component:@mui/material#Paper');
  });

  it('finds an added element by its codebase id', () => {
    const child = node(2);
    const root = node(1, { children: [node(3, { children: [child] })] });
    expect(findNodeByCodebaseId(root, ID(2))).toBe(child);
    expect(findNodeByCodebaseId(root, ID(9))).toBeNull();
    expect(findNodeByCodebaseId(null, ID(1))).toBeNull();
  });
});
