import { describe, expect, it } from 'vitest';
import { isRefreshOf } from './use-frame-query';

describe('which questions to a frame wait for its trees to settle', () => {
  const asked = { frameId: 'f1', elementKey: 'k1', extraDependency: 'hover' };
  it('the same element, frame and question again (a new tree came): a refresh', () => {
    expect(isRefreshOf(asked, { ...asked })).toBe(true);
  });
  it('another element, frame or question, or the first question: asked at once', () => {
    expect(isRefreshOf(asked, { ...asked, elementKey: 'k2' })).toBe(false);
    expect(isRefreshOf(asked, { ...asked, frameId: 'f2' })).toBe(false);
    expect(isRefreshOf(asked, { ...asked, extraDependency: 'focus' })).toBe(false);
    expect(isRefreshOf({ frameId: null, elementKey: null, extraDependency: undefined }, asked)).toBe(false);
  });
});
