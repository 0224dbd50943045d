import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { parseOrigin } from './options.js';

describe('--cors-origin: exact origins only', () => {
  it.each(['http://localhost:5173', 'https://app.example.com', 'http://127.0.0.1:8080', 'http://[::1]:5173', 'https://app.example.com/'])(
    'takes %s',
    (value) => {
      expect(parseOrigin(value)).toBe(value.replace(/\/$/, ''));
    },
  );

  it.each([
    ['a wildcard host', 'http://*.example.com'],
    ['a wildcard port', 'http://localhost:*'],
    ['a bare wildcard', '*'],
    ['a wildcard scheme', '*://example.com'],
    ['a glob', 'http://{a,b}.example.com'],
    ['a question mark', 'http://exampl?.com'],
  ])('refuses %s, saying patterns are not supported', (_name, value) => {
    expect(() => parseOrigin(value)).toThrow(InvalidArgumentError);
    expect(() => parseOrigin(value)).toThrow(/is not an origin: patterns and wildcards are not supported/);
  });

  it.each([
    ['a path', 'http://localhost:5173/app'],
    ['no scheme', 'localhost:5173'],
    ['another scheme', 'ftp://example.com'],
    ['userinfo', 'http://user@localhost:5173'],
    ['a query', 'http://localhost:5173?x=1'],
    ['a fragment', 'http://localhost:5173#x'],
    ['an upper-case host', 'http://LOCALHOST:5173'],
    ['the default port spelled out', 'http://localhost:80'],
    ['a percent escape', 'http://local%68ost:5173'],
    ['a host of odd characters', 'http://a$b.example.com'],
    ['null', 'null'],
    ['nothing', ''],
  ])('refuses %s', (_name, value) => {
    expect(() => parseOrigin(value)).toThrow(/is not an origin/);
  });
});
