import { describe, expect, it } from 'vitest';
import { changeTriggersRebuild, type ChangedNode } from './hot-reload-filter.js';

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
