import { describe, expect, it } from 'vitest';
import { frameSrc } from '@contracts/frame-query.js';
import { displayAddress, parseTypedAddress } from './frame-address';

const ORIGIN = 'http://127.0.0.1:4600';

describe('frame addresses', () => {
  it('adds the overlay\'s query to the route, keeping the route\'s own', () => {
    expect(frameSrc('/', 'frame-1')).toBe('/?storyboard=true&storyboardId=frame-1&framework=VITE');
    expect(frameSrc('/robot?page=2#top', 'f2')).toBe('/robot?page=2&storyboard=true&storyboardId=f2&framework=VITE#top');
  });

  it('shows an address without the studio\'s parameters', () => {
    expect(displayAddress(`${ORIGIN}/robot?page=2&storyboard=true&storyboardId=f2&framework=VITE`)).toBe('/robot?page=2');
    expect(displayAddress(`${ORIGIN}/drone`)).toBe('/drone');
    expect(displayAddress(frameSrc('/', 'x'))).toBe('/');
  });

  it('reads typed paths and full addresses of this origin', () => {
    expect(parseTypedAddress(' /drone?page=1 ', ORIGIN)).toEqual({ route: '/drone?page=1' });
    expect(parseTypedAddress('drone', ORIGIN)).toEqual({ route: '/drone' });
    expect(parseTypedAddress(`${ORIGIN}/field?countryId=3`, ORIGIN)).toEqual({ route: '/field?countryId=3' });
  });

  it('refuses other origins, the studio itself and empty input, saying why', () => {
    expect(parseTypedAddress('https://example.com/', ORIGIN)).toEqual({ error: "A frame shows this server's pages only, not https://example.com" });
    expect(parseTypedAddress('/_studio/', ORIGIN)).toEqual({ error: 'a frame shows the served pages, not the studio' });
    expect(parseTypedAddress('  ', ORIGIN)).toHaveProperty('error');
  });
});
