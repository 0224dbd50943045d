import { describe, expect, it } from 'vitest';
import { captureBox } from './capture-box.js';
import { changeTriggersRebuild, type ChangedNode } from './hot-reload-filter.js';
import { hydrationStatusOf } from './hydration-status.js';
import { INSPECT_REPLIES, planInspection } from './inspect-request.js';
import { outlineStyle, sizeLabel } from './outline-style.js';
import { navTreeProp, toMarkedValue } from './value-markers.js';

describe('outline style', () => {
  it('uses the spec colours in normal and AI mode', () => {
    expect(outlineStyle('primary', 1, false).color).toBe('#4597F7');
    expect(outlineStyle('secondary', 1, false).color).toBe('#4597F7');
    expect(outlineStyle('component', 1, false).color).toBe('#6183e4');
    expect(outlineStyle('primary', 1, true).color).toBe('#6858f5');
    expect(outlineStyle('component', 1, true).color).toBe('#5246C2');
  });

  it('stacks move over primary over secondary over child', () => {
    expect(outlineStyle('move', 1, false).zIndex).toBe(2000000003);
    expect(outlineStyle('primary', 1, false).zIndex).toBe(2000000002);
    expect(outlineStyle('secondary', 1, false).zIndex).toBe(2000000001);
    expect(outlineStyle('child', 1, false).zIndex).toBe(2000000000);
  });

  it('scales the width by the inverse zoom, the secondary half as wide, children and moves dashed', () => {
    expect(outlineStyle('primary', 0.5, false).width).toBe(4);
    expect(outlineStyle('primary', 2, false).width).toBe(1);
    expect(outlineStyle('secondary', 1, false).width).toBe(1);
    expect(outlineStyle('child', 1, false).dashed).toBe(true);
    expect(outlineStyle('move', 1, false).dashed).toBe(true);
    expect(outlineStyle('primary', 1, false).dashed).toBe(false);
  });

  it('labels the size as width x height', () => {
    expect(sizeLabel(120.4, 39.6)).toBe('120 x 40');
  });
});

describe('hydration status', () => {
  it('tells a hydration failure from other errors and from none', () => {
    expect(hydrationStatusOf(null)).toEqual({ status: 'no_error' });
    expect(hydrationStatusOf({ message: 'Hydration failed because …', file: 'a.tsx', stack: 's' })).toEqual({
      status: 'error',
      errorDescr: 'Hydration failed because …',
      errorLabel: 'a.tsx',
      errorBody: 's',
    });
    expect(hydrationStatusOf({ message: 'Unexpected token', file: '', stack: '' }).status).toBe('other_error');
  });
});

describe('capture box', () => {
  it('clamps to 80x60 … 800x600 at pixel ratio 2', () => {
    expect(captureBox(10, 10)).toEqual({ width: 80, height: 60, pixelRatio: 2 });
    expect(captureBox(5000, 4000)).toEqual({ width: 800, height: 600, pixelRatio: 2 });
    expect(captureBox(300.2, 200)).toEqual({ width: 301, height: 200, pixelRatio: 2 });
    expect(captureBox(Number.NaN, 100)).toEqual({ width: 80, height: 100, pixelRatio: 2 });
  });
});

describe('value markers', () => {
  it('keeps literals and replaces functions, instances and cycles with type markers', () => {
    function onClick() {}
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(toMarkedValue({ n: 1, s: 'x', f: onClick, d: new Date(0), list: [1, null], cyclic })).toEqual({
      n: 1,
      s: 'x',
      f: '[Function: onClick]',
      d: '[Date]',
      list: [1, null],
      cyclic: { a: 1, self: '[Circular]' },
    });
    expect(toMarkedValue({ $$typeof: Symbol.for('react.element') })).toBe('[ReactElement]');
  });

  it('types props as LITERAL, FUNCTION or JSON_OBJECT', () => {
    expect(navTreeProp('a')).toEqual({ value: 'a', type: 'LITERAL' });
    expect(navTreeProp(3).type).toBe('LITERAL');
    expect(navTreeProp(() => 1).type).toBe('FUNCTION');
    expect(navTreeProp({ a: [1] })).toEqual({ value: { a: [1] }, type: 'JSON_OBJECT' });
  });
});

describe('inspect request', () => {
  it('answers with the spec texts', () => {
    expect(planInspection({})).toEqual({ kind: 'error', reply: INSPECT_REPLIES.noComponentName });
    expect(planInspection({ componentName: 'Card' })).toEqual({ kind: 'error', reply: 'Could not find element' });
    expect(planInspection({ componentName: 'Card', isComponent: true })).toEqual({ kind: 'component', componentName: 'Card', elementId: null });
    expect(planInspection({ componentName: 'Card', tempoElementID: 'tempo-x' })).toEqual({ kind: 'element', componentName: 'Card', elementId: 'tempo-x' });
  });
});

describe('hot reload filter', () => {
  const node = (nodeName: string, extra: Partial<ChangedNode> = {}): ChangedNode => ({ nodeName, isOverlay: false, isMoving: false, insideSvg: false, ...extra });
  const childList = (added: ChangedNode[], target = node('DIV')) => ({ type: 'childList' as const, attributeName: null, target, added, removed: [] });

  it('rebuilds on class changes and on added or removed page nodes', () => {
    expect(changeTriggersRebuild({ type: 'attributes', attributeName: 'class', target: node('DIV'), added: [], removed: [] })).toBe(true);
    expect(changeTriggersRebuild(childList([node('DIV')]))).toBe(true);
    expect(changeTriggersRebuild(childList([node('#text')]))).toBe(true);
  });

  it('ignores other attributes, the overlay, moving elements, scripts and SVG internals', () => {
    expect(changeTriggersRebuild({ type: 'attributes', attributeName: 'style', target: node('DIV'), added: [], removed: [] })).toBe(false);
    expect(changeTriggersRebuild(childList([node('DIV', { isOverlay: true })]))).toBe(false);
    expect(changeTriggersRebuild(childList([node('DIV')], node('DIV', { isOverlay: true })))).toBe(false);
    expect(changeTriggersRebuild(childList([node('DIV', { isMoving: true })]))).toBe(false);
    expect(changeTriggersRebuild(childList([node('SCRIPT')]))).toBe(false);
    expect(changeTriggersRebuild(childList([node('path', { insideSvg: true })]))).toBe(false);
    expect(changeTriggersRebuild({ type: 'characterData', attributeName: null, target: node('#text'), added: [], removed: [] })).toBe(false);
  });
});
