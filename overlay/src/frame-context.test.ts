import { describe, expect, it } from 'vitest';
import { canvasIdFromPath, isFramedByStudio, parseFrameQuery } from './frame-context.js';

const origin = 'http://127.0.0.1:4600';

describe('isFramedByStudio', () => {
  it('is true only in a frame whose parent is a /_studio/ page of the same origin', () => {
    expect(isFramedByStudio(origin, { framed: true, parentOrigin: origin, parentPathname: '/_studio/canvas/a' })).toBe(true);
    expect(isFramedByStudio(origin, { framed: false, parentOrigin: origin, parentPathname: '/_studio/' })).toBe(false);
    expect(isFramedByStudio(origin, { framed: true, parentOrigin: origin, parentPathname: '/drones' })).toBe(false);
    expect(isFramedByStudio(origin, { framed: true, parentOrigin: 'http://evil.test', parentPathname: '/_studio/' })).toBe(false);
    expect(isFramedByStudio(origin, { framed: true, parentOrigin: null, parentPathname: null })).toBe(false);
  });
});

describe('parseFrameQuery', () => {
  it('reads storyboard, type, framework and debugLog', () => {
    expect(parseFrameQuery('?storyboard=true&type=STORY&framework=VITE&debugLog=true&storyboardId=sb_1')).toEqual({
      storyboard: true,
      type: 'STORY',
      framework: 'VITE',
      debugLog: true,
      storyboardId: 'sb_1',
    });
  });

  it('defaults to an application storyboard and refuses a storyboard id with bad characters', () => {
    expect(parseFrameQuery('?type=OTHER&storyboardId=a%20b')).toMatchObject({
      storyboard: false,
      type: 'APPLICATION',
      framework: null,
      debugLog: false,
      storyboardId: 'console',
    });
  });

  it('parses the canvas id of /canvas/{canvasId}', () => {
    expect(canvasIdFromPath('/_studio/canvas/c-12')).toBe('c-12');
    expect(canvasIdFromPath('/_studio/')).toBeNull();
  });
});
