import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { EXPIRED_TOKEN_BODY, INVALID_TOKEN_BODY } from '../contracts/api.js';
import { hashPassword, TokenIssuer, verifyPassword } from './auth.js';
import { parseDuration } from './mock-options.js';
import { DEMO_ACCOUNT, DEMO_PASSWORD_HASH } from './mock-state.js';

describe('password hashes', () => {
  it('verify the right password only, and never store it', async () => {
    const hash = await hashPassword('s3cret!');
    expect(hash).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(hash).not.toContain('s3cret');
    expect(await verifyPassword('s3cret!', hash)).toBe(true);
    expect(await verifyPassword('s3cret', hash)).toBe(false);
    expect(await verifyPassword('s3cret!', 'plain')).toBe(false);
  });

  it('the stored demo hash is the demo password', async () => {
    expect(await verifyPassword(DEMO_ACCOUNT.password, DEMO_PASSWORD_HASH)).toBe(true);
  });

  it('salt each hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });
});

describe('parseDuration (the token lifetime option)', () => {
  it.each([
    ['90', 90],
    ['30s', 30],
    ['15m', 900],
    ['8h', 28800],
    ['1d', 86400],
    [' 2H ', 7200],
  ])('%s → %d s', (text, seconds) => expect(parseDuration(text)).toBe(seconds));

  it.each(['', '0', '-5', '5x', '1.5h', 'h', '10 minutes'])('refuses %j', (text) => {
    expect(() => parseDuration(text)).toThrow(/not a duration/);
  });
});

describe('TokenIssuer', () => {
  it('accepts its own tokens and reads the account from them', async () => {
    const issuer = new TokenIssuer(60);
    const token = await issuer.issue('demo', 'ADMIN');
    expect(await issuer.check(`Bearer ${token}`)).toEqual({ ok: true, username: 'demo', role: 'ADMIN' });
  });

  it.each([undefined, '', 'Bearer', 'Basic abc', 'Bearer not.a.jwt', 'token-without-scheme'])(
    'answers the invalid-token body for %j',
    async (header) => {
      expect(await new TokenIssuer(60).check(header)).toEqual({ ok: false, body: INVALID_TOKEN_BODY });
    },
  );

  it("rejects another server's tokens and unsigned ones as invalid", async () => {
    const other = await new TokenIssuer(60).issue('demo', 'ADMIN');
    expect(await new TokenIssuer(60).check(`Bearer ${other}`)).toEqual({ ok: false, body: INVALID_TOKEN_BODY });
    const [header, payload] = other.split('.');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect(header).toBeTruthy();
    expect(await new TokenIssuer(60).check(`Bearer ${none}`)).toEqual({ ok: false, body: INVALID_TOKEN_BODY });
  });

  it('still expires a token it has verified before, on time', async () => {
    let now = Date.parse('2026-01-01T00:00:00.500Z');
    const issuer = new TokenIssuer(2, { now: () => now });
    const token = await issuer.issue('demo', 'ADMIN');
    expect(await issuer.check(`Bearer ${token}`)).toMatchObject({ ok: true });
    // Remembered now: later checks must not skip the expiry, whether answered from memory or by jose again.
    now += 2_000;
    expect(await issuer.check(`Bearer ${token}`)).toMatchObject({ ok: true });
    now += 1_000;
    expect(await issuer.check(`Bearer ${token}`)).toEqual({ ok: false, body: EXPIRED_TOKEN_BODY });
    expect(await issuer.check(`Bearer ${token}`)).toEqual({ ok: false, body: EXPIRED_TOKEN_BODY });
  });

  it("verifies a token it has not seen by its own clock, not the machine's", async () => {
    // An hour behind the machine: by the machine's clock this token expired long ago.
    let now = Date.now() - 3_600_000;
    const issuer = new TokenIssuer(60, { now: () => now });
    const early = await issuer.issue('demo', 'ADMIN');
    const claims = JSON.parse(Buffer.from(early.split('.')[1]!, 'base64url').toString('utf8')) as { iat: number; exp: number };
    expect(claims).toEqual({ role: 'ADMIN', sub: 'demo', iat: Math.floor(now / 1000), exp: Math.ceil(now / 1000) + 60 });
    expect(await issuer.check(`Bearer ${early}`)).toMatchObject({ ok: true });
    // By the machine's clock this one is still valid; by the issuer's it has expired.
    now = Date.now();
    const late = await issuer.issue('demo', 'ADMIN');
    now += 61_000;
    expect(await issuer.check(`Bearer ${late}`)).toEqual({ ok: false, body: EXPIRED_TOKEN_BODY });
  });

  it('does not accept a tampered copy of a token it has verified', async () => {
    const issuer = new TokenIssuer(60);
    const token = await issuer.issue('demo', 'ADMIN');
    expect(await issuer.check(`Bearer ${token}`)).toMatchObject({ ok: true });
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ role: 'ADMIN', sub: 'root', exp: 9e9 })).toString('base64url')}.${signature}`;
    expect(await issuer.check(`Bearer ${forged}`)).toEqual({ ok: false, body: INVALID_TOKEN_BODY });
  });

  it('answers the expired body for an expired token of its own', async () => {
    const key = new Uint8Array(32).fill(7);
    const issuer = new TokenIssuer(60, { key });
    const expired = await new SignJWT({ role: 'ADMIN' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('demo')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    expect(await issuer.check(`Bearer ${expired}`)).toEqual({ ok: false, body: EXPIRED_TOKEN_BODY });
  });
});
