/**
 * Accounts and tokens of the mock: scrypt password hashes and HS256 JWTs signed with jose.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, webcrypto } from 'node:crypto';
import { promisify } from 'node:util';
import { EXPIRED_TOKEN_BODY, INVALID_TOKEN_BODY } from '../contracts/api.js';

let jose: Promise<typeof import('jose')> | undefined;
/** Loaded on first use: 40 ms of a server's start that no request needs yet. */
const loadJose = () => (jose ??= import('jose'));

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 32;

export async function hashPassword(password: string, salt: Buffer = randomBytes(16)): Promise<string> {
  const key = await scrypt(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString('hex')}$${key.toString('hex')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltHex, keyHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !keyHex) return false;
  const expected = Buffer.from(keyHex, 'hex');
  const actual = await scrypt(password, Buffer.from(saltHex, 'hex'), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export type TokenCheck = { ok: true; username: string; role: string } | { ok: false; body: string };

/** How many verified tokens are remembered; beyond that the oldest are verified again on their next use. */
const VERIFIED_TOKENS_KEPT = 1024;

export interface TokenIssuerOptions {
  /**
   * The signing key. `dev` gives the project's (kept in its `.plantation-studio/`), so tokens of an earlier run on the
   * same project still verify; without one, a fresh key per start rejects them as invalid.
   */
  key?: Uint8Array;
  /** The clock tokens are issued and expire by (milliseconds, as `Date.now`): tests move it instead of waiting. */
  now?: () => number;
}

export class TokenIssuer {
  private readonly key: Uint8Array;
  private readonly now: () => number;
  private cryptoKey: Promise<webcrypto.CryptoKey> | undefined;
  /**
   * Tokens already verified, with what they say. Why: verifying an HS256 signature costs about half of a mock
   * request (the key import and the HMAC run on every call), while a token that verified once stays valid until its
   * `exp`, which is still checked on every use.
   */
  private readonly verified = new Map<string, { username: string; role: string; exp: number }>();

  constructor(
    readonly ttlSeconds: number,
    { key = randomBytes(32), now = Date.now }: TokenIssuerOptions = {},
  ) {
    this.key = key;
    this.now = now;
  }

  /** The key imported once for WebCrypto, instead of by jose on every sign and verify. */
  private signingKey(): Promise<webcrypto.CryptoKey> {
    this.cryptoKey ??= webcrypto.subtle.importKey('raw', new Uint8Array(this.key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    return this.cryptoKey;
  }

  async issue(username: string, role: string): Promise<string> {
    const { SignJWT } = await loadJose();
    return new SignJWT({ role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(username)
      .setIssuedAt(Math.floor(this.now() / 1000))
      // Why ceil: exp is in whole seconds and expires once the clock's whole second reaches it; with floor a
      // token lived between ttl-1 and ttl seconds, and a one-second token could be expired on its next use.
      .setExpirationTime(Math.ceil(this.now() / 1000) + this.ttlSeconds)
      .sign(await this.signingKey());
  }

  /** Reads `Authorization: Bearer <jwt>`; the failure bodies are the exact texts the console reacts to. */
  async check(authorization: string | undefined): Promise<TokenCheck> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    const token = match?.[1];
    if (!token) return { ok: false, body: INVALID_TOKEN_BODY };
    const known = this.verified.get(token);
    if (known) {
      // The same rule as jose's: expired once the current whole second reaches exp.
      if (known.exp <= Math.floor(this.now() / 1000)) {
        this.verified.delete(token);
        return { ok: false, body: EXPIRED_TOKEN_BODY };
      }
      return { ok: true, username: known.username, role: known.role };
    }
    const { jwtVerify, errors: joseErrors } = await loadJose();
    try {
      const { payload } = await jwtVerify(token, await this.signingKey(), { algorithms: ['HS256'], currentDate: new Date(this.now()) });
      if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || typeof payload.exp !== 'number') {
        return { ok: false, body: INVALID_TOKEN_BODY };
      }
      if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { username: payload.sub, role: payload.role, exp: payload.exp });
      return { ok: true, username: payload.sub, role: payload.role };
    } catch (error) {
      return { ok: false, body: error instanceof joseErrors.JWTExpired ? EXPIRED_TOKEN_BODY : INVALID_TOKEN_BODY };
    }
  }
}
