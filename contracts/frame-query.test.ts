import { describe, expect, it } from 'vitest';
import { frameQueryOf, STUDIO_FRAME_PARAMS, studioFrameQuery } from './frame-query.js';

const parseFrameQuery = (search: string) => frameQueryOf(new URLSearchParams(search));

describe('the frame query', () => {
  it('is read back by the overlay as the editor writes it', () => {
    const search = `?${new URLSearchParams(studioFrameQuery('frame-2'))}`;
    expect(parseFrameQuery(search)).toEqual({ storyboard: true, type: 'APPLICATION', framework: 'VITE', debugLog: false, storyboardId: 'frame-2' });
    expect(Object.keys(studioFrameQuery('f'))).toEqual([...STUDIO_FRAME_PARAMS]);
  });

  it('falls back to the console storyboard for a missing or invalid storyboard id', () => {
    expect(parseFrameQuery('').storyboardId).toBe('console');
    expect(parseFrameQuery('?storyboardId=a%20b').storyboardId).toBe('console');
  });
});
