import { describe, expect, it } from 'vitest';
import type { NavTreeNode } from '@contracts/frame-protocol.js';
import { fixtureNode } from './nav-tree-fixture';
import { ancestorKeys, FULL_INDENT_DEPTH, MAX_INDENT, rowIndent, shiftToggle, treeKeyAction, visibleRows } from './layer-rows';


const node = (key: string, children: NavTreeNode[] = [], isComponent = false) => fixtureNode(key, 'div', children, isComponent);

// root → app → (header → (logo, nav → (link1, link2)), main → (Card → (body)))
const tree = node('root', [node('app', [node('header', [node('logo'), node('nav', [node('link1'), node('link2')])]), node('main', [node('Card', [node('body')], true)])])]);

describe('layer rows', () => {
  it('flattens the tree under the storyboard, open near the top by default', () => {
    const rows = visibleRows(tree, {});
    expect(rows.map((row) => `${row.depth}:${row.key}`)).toEqual(['1:app', '2:header', '3:logo', '3:nav', '2:main', '3:Card']);
    expect(rows.find((row) => row.key === 'nav')).toMatchObject({ hasChildren: true, expanded: false, parentKey: 'header' });
    expect(rows.find((row) => row.key === 'Card')).toMatchObject({ isComponent: true, codebaseId: 'tempo-Card' });
  });

  it('follows the user\'s open and closed rows', () => {
    const rows = visibleRows(tree, { nav: true, header: false });
    expect(rows.map((row) => row.key)).toEqual(['app', 'header', 'main', 'Card']);
    expect(visibleRows(tree, { nav: true }).map((row) => row.key)).toEqual(['app', 'header', 'logo', 'nav', 'link1', 'link2', 'main', 'Card']);
  });

  it('lists the ancestors of a key, nearest first, without the storyboard', () => {
    expect(ancestorKeys(tree, 'link2')).toEqual(['nav', 'header', 'app']);
    expect(ancestorKeys(tree, 'app')).toEqual([]);
    expect(ancestorKeys(tree, 'missing')).toEqual([]);
  });
});

describe('arrow keys in the tree', () => {
  const rows = visibleRows(tree, {});
  it('moves up and down the visible rows', () => {
    expect(treeKeyAction(rows, 'header', 'ArrowDown')).toEqual({ select: 'logo' });
    expect(treeKeyAction(rows, 'header', 'ArrowUp')).toEqual({ select: 'app' });
    expect(treeKeyAction(rows, 'Card', 'ArrowDown')).toBeNull();
    expect(treeKeyAction(rows, 'Card', 'Home')).toEqual({ select: 'app' });
    expect(treeKeyAction(rows, 'app', 'End')).toEqual({ select: 'Card' });
  });
  it('opens a closed row on the right, then goes into it; closes on the left, then goes to the parent', () => {
    expect(treeKeyAction(rows, 'nav', 'ArrowRight')).toEqual({ expand: 'nav', open: true });
    expect(treeKeyAction(rows, 'header', 'ArrowRight')).toEqual({ select: 'logo' });
    expect(treeKeyAction(rows, 'header', 'ArrowLeft')).toEqual({ expand: 'header', open: false });
    expect(treeKeyAction(rows, 'logo', 'ArrowLeft')).toEqual({ select: 'header' });
    expect(treeKeyAction(rows, 'app', 'ArrowLeft')).toEqual({ expand: 'app', open: false });
    expect(treeKeyAction(rows, 'logo', 'ArrowRight')).toBeNull();
  });
  it('starts at the first row when the focus is on no row', () => {
    expect(treeKeyAction(rows, 'gone', 'ArrowDown')).toEqual({ select: 'app' });
  });
});

describe('Shift-click', () => {
  const parents: Record<string, string> = { logo: 'header', nav: 'header', main: 'app', header: 'app' };
  const parentOf = (key: string) => parents[key];
  it('adds a sibling and removes one already selected', () => {
    expect(shiftToggle(['logo'], 'nav', parentOf)).toEqual(['logo', 'nav']);
    expect(shiftToggle(['logo', 'nav'], 'logo', parentOf)).toEqual(['nav']);
    expect(shiftToggle([], 'logo', parentOf)).toEqual(['logo']);
  });
  it('leaves the selection alone for a non-sibling', () => {
    expect(shiftToggle(['logo'], 'main', parentOf)).toEqual(['logo']);
  });
});

describe('the indent of deep rows', () => {
  it('grows by a full step near the top, with no depth cue', () => {
    expect(rowIndent(1)).toEqual({ indent: 4, depthCue: null });
    expect(rowIndent(2).indent - rowIndent(1).indent).toBe(12);
    expect(rowIndent(FULL_INDENT_DEPTH).depthCue).toBeNull();
  });

  it('is compressed past the full levels, capped, and names the depth there', () => {
    const deep = rowIndent(FULL_INDENT_DEPTH + 1);
    expect(deep.depthCue).toBe(FULL_INDENT_DEPTH + 1);
    expect(deep.indent - rowIndent(FULL_INDENT_DEPTH).indent).toBeLessThan(12);
    expect(rowIndent(15).indent).toBeGreaterThan(rowIndent(14).indent);
    expect(rowIndent(40).indent).toBe(MAX_INDENT);
    expect(rowIndent(200)).toEqual({ indent: MAX_INDENT, depthCue: 200 });
    // A 288px panel keeps well over half its width for the name at any depth.
    expect(MAX_INDENT).toBeLessThan(288 / 2);
  });
});
