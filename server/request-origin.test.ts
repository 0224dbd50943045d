import { describe, expect, it } from 'vitest';
import { exactOrigin, foreignPageReason, hostHeaderCount, isFromOwnPage, isHostAllowed, ownOriginOf, parseHost } from './request-origin.js';

describe('parseHost', () => {
  it.each([
    ['localhost:4600', 'localhost:4600', 'localhost'],
    ['LOCALHOST', 'localhost', 'localhost'],
    ['localhost.:4600', 'localhost.:4600', 'localhost'],
    ['127.0.0.1:80', '127.0.0.1', '127.0.0.1'],
    ['127.1:4600', '127.0.0.1:4600', '127.0.0.1'],
    ['0x7f.0.0.1:4600', '127.0.0.1:4600', '127.0.0.1'],
    ['2130706433:4600', '127.0.0.1:4600', '127.0.0.1'],
    ['127.0.0.1.:4600', '127.0.0.1:4600', '127.0.0.1'],
    ['[::1]:4600', '[::1]:4600', '::1'],
    ['[0:0:0:0:0:0:0:1]', '[::1]', '::1'],
    ['[::FFFF:127.0.0.1]:4600', '[::ffff:7f00:1]:4600', '::ffff:7f00:1'],
    ['studio.example.com:443', 'studio.example.com:443', 'studio.example.com'],
    ['app_1.localhost', 'app_1.localhost', 'app_1.localhost'],
  ])('%s → host %s, name %s', (header, host, name) => {
    expect(parseHost(header)).toEqual({ host, name });
  });

  it.each([
    ['userinfo', '127.0.0.1:4600@evil.example'],
    ['userinfo and port', 'user:pass@127.0.0.1:4600'],
    ['a backslash', '127.0.0.1:4600\\evil.example'],
    ['a path', '127.0.0.1:4600/evil'],
    ['a query', '127.0.0.1:4600?x'],
    ['a fragment', '127.0.0.1#evil.example'],
    ['a percent escape', '127.0.0.1%2eevil.example'],
    ['a space', '127.0.0.1 evil.example'],
    ['a second port', '127.0.0.1:4600:80'],
    ['an empty port', 'localhost:'],
    ['a port out of range', 'localhost:65536'],
    ['an IPv6 address without brackets', '::1'],
    ['an unclosed bracket', '[::1:4600'],
    ['a bracketed name', '[evil.example]'],
    ['a scheme', 'http://127.0.0.1:4600'],
    ['non-ASCII', 'lоcalhost'],
    ['a bad IPv4 address', '1.2.3.4.5'],
    ['nothing', ''],
    ['a dot', '.'],
    ['a port alone', ':4600'],
  ])('refuses %s', (_name, header) => {
    expect(parseHost(header)).toBeNull();
  });
});

describe('isHostAllowed', () => {
  it('allows loopback names and IP literals in every spelling', () => {
    for (const host of ['localhost:4600', 'app.localhost', '127.0.0.1:4600', '[::1]:4600', '192.168.1.20:4600', 'localhost.', '2130706433:4600', 'LOCALHOST:4600']) {
      expect(isHostAllowed(host, []), host).toBe(true);
    }
  });

  it('refuses other names unless the user allowed them, a missing Host, and any malformed one', () => {
    for (const host of [
      'evil.example:4600',
      'localhost.evil.example',
      '127.0.0.1.nip.io',
      '127.0.0.1:4600@evil.example',
      '127.0.0.1:4600\\evil.example',
      'localhost:4600/evil.example',
      '',
      undefined,
    ]) {
      expect(isHostAllowed(host, []), String(host)).toBe(false);
    }
    expect(isHostAllowed('studio.lan:4600', ['studio.lan'])).toBe(true);
    expect(isHostAllowed('STUDIO.lan.', ['studio.lan'])).toBe(true);
    expect(isHostAllowed('studio.lan:4600', ['studio.lan.'])).toBe(true);
    expect(isHostAllowed('studio.lan@evil.example', ['studio.lan'])).toBe(false);
  });
});

describe('ownOriginOf and exactOrigin', () => {
  it('name the same origin for the same server, however the Host was spelled', () => {
    expect(ownOriginOf('127.0.0.1:4600')).toBe('http://127.0.0.1:4600');
    expect(ownOriginOf('LOCALHOST:4600')).toBe('http://localhost:4600');
    expect(ownOriginOf('[0:0::1]:4600')).toBe('http://[::1]:4600');
    expect(ownOriginOf('127.0.0.1:80')).toBe('http://127.0.0.1');
    expect(ownOriginOf('127.0.0.1:4600@evil.example')).toBeNull();
  });

  it('take only an origin exactly as a browser writes it', () => {
    expect(exactOrigin('http://127.0.0.1:4600')).toBe('http://127.0.0.1:4600');
    expect(exactOrigin('https://app.example.com')).toBe('https://app.example.com');
    for (const value of [
      'null',
      '',
      undefined,
      'http://127.0.0.1:4600/',
      'http://127.0.0.1:4600/path',
      'HTTP://127.0.0.1:4600',
      'http://LOCALHOST:4600',
      'http://user@127.0.0.1:4600',
      'http://127.0.0.1:80',
      'http://127.0.0.1:4600, http://127.0.0.1:4600',
      'file:///etc/passwd',
      'chrome-extension://abc',
      ' http://127.0.0.1:4600',
    ]) {
      expect(exactOrigin(value), String(value)).toBeNull();
    }
  });
});

describe('hostHeaderCount', () => {
  it('counts every Host line, whatever its case', () => {
    expect(hostHeaderCount(['Host', 'a', 'accept', '*/*'])).toBe(1);
    expect(hostHeaderCount(['host', 'a', 'HOST', 'b'])).toBe(2);
    expect(hostHeaderCount(['accept', 'host'])).toBe(0);
  });
});

describe('foreignPageReason (the mock controls, the live-reload socket)', () => {
  const host = '127.0.0.1:4600';
  it('lets tools (nothing names a page), the own origin and trusted origins through', () => {
    expect(foreignPageReason({ host })).toBeNull();
    expect(foreignPageReason({ host, origin: 'http://127.0.0.1:4600', 'sec-fetch-site': 'same-origin' })).toBeNull();
    expect(foreignPageReason({ host, 'sec-fetch-site': 'none' })).toBeNull();
    expect(foreignPageReason({ host, origin: 'http://localhost:5173', 'sec-fetch-site': 'same-site' }, ['http://localhost:5173'])).toBeNull();
  });

  it('refuses a foreign, opaque or malformed Origin, and fetch metadata naming another site', () => {
    for (const headers of [
      { host, origin: 'http://localhost:5173' },
      { host, origin: 'http://127.0.0.1:4601' },
      { host, origin: 'null' },
      { host, origin: 'http://127.0.0.1:4600/' },
      { host: '127.0.0.1:4600@evil.example', origin: 'http://evil.example' },
      { host, 'sec-fetch-site': 'cross-site' },
      { host, 'sec-fetch-site': 'same-site' },
    ]) {
      expect(foreignPageReason(headers), JSON.stringify(headers)).not.toBeNull();
    }
    // A trusted origin is trusted exactly: not its other ports, not a pattern.
    expect(foreignPageReason({ host, origin: 'http://localhost:5174' }, ['http://localhost:5173'])).not.toBeNull();
  });
});

describe('isFromOwnPage (the editor launcher)', () => {
  const host = '127.0.0.1:4600';
  it('takes a same-origin fetch, with fetch metadata or, where a browser sends none, a Referer of this server', () => {
    expect(isFromOwnPage({ host, 'sec-fetch-site': 'same-origin' })).toBe(true);
    expect(isFromOwnPage({ host, 'sec-fetch-site': 'same-origin', origin: 'http://127.0.0.1:4600' })).toBe(true);
    expect(isFromOwnPage({ host, referer: 'http://127.0.0.1:4600/drone?page=1' })).toBe(true);
    expect(isFromOwnPage({ host, origin: 'http://127.0.0.1:4600' })).toBe(true);
  });

  it('refuses everything else, tools included', () => {
    for (const headers of [
      { host },
      { host, 'sec-fetch-site': 'cross-site' },
      { host, 'sec-fetch-site': 'same-site', referer: 'http://127.0.0.1:4600/' },
      { host, 'sec-fetch-site': 'none' },
      { host, origin: 'http://localhost:4600' },
      { host, origin: 'null', referer: 'http://127.0.0.1:4600/' },
      { host, referer: 'http://localhost:5173/' },
      { host, referer: 'http://127.0.0.1:4600.evil.example/' },
      { host, referer: 'not a url' },
      { host: '127.0.0.1:4600@evil.example', referer: 'http://evil.example/' },
    ]) {
      expect(isFromOwnPage(headers), JSON.stringify(headers)).toBe(false);
    }
  });
});
