import { describe, expect, it } from 'vitest';
import { withFrameQueryKept } from './frame-query-keeper.js';

describe('the frame query across screens', () => {
  const search = '?storyboard=true&storyboardId=frame-2&framework=VITE&debugLog=true';
  const href = `http://127.0.0.1:4600/${search}`;

  it("is added to the addresses the console's router moves the frame to", () => {
    expect(withFrameQueryKept('/region?q=a#top', search, href)).toBe('/region?q=a&storyboard=true&storyboardId=frame-2&framework=VITE&debugLog=true#top');
    expect(withFrameQueryKept('http://127.0.0.1:4600/drone', search, href)).toBe('/drone?storyboard=true&storyboardId=frame-2&framework=VITE&debugLog=true');
  });

  it('leaves an address that has them, one of another origin, and every address of a page that is not a studio frame', () => {
    const kept = '/x?storyboard=true&storyboardId=frame-2&framework=VITE&debugLog=true';
    expect(withFrameQueryKept(kept, search, href)).toBe(kept);
    expect(withFrameQueryKept('https://example.com/a', search, href)).toBe('https://example.com/a');
    expect(withFrameQueryKept('/region', '?page=2', 'http://127.0.0.1:4600/?page=2')).toBe('/region');
  });
});
