/**
 * The mock's options and their defaults, apart from the mock itself so the CLI can parse them without loading
 * the data generator.
 */
export interface MockOptions {
  /** Seed of the generated data: the same seed gives the same data. */
  seed: number;
  /** Delay before every API answer, in milliseconds. */
  latencyMs: number;
  /** Persist changes to this JSON file and reload them on start. */
  dataFile?: string;
  /** Lifetime of issued tokens, in seconds. */
  tokenTtlSeconds: number;
  /** The key tokens are signed with: `dev` keeps one per project; without it, a new one at every start. */
  signingKey?: Uint8Array;
  /** The clock tokens are issued and expire by (milliseconds, as `Date.now`, the default): tests move it instead of waiting. */
  now?: () => number;
}

export const DEFAULT_MOCK_OPTIONS: MockOptions = { seed: 1, latencyMs: 0, tokenTtlSeconds: 8 * 3600 };

/** Parses '90', '90s', '15m', '2h' or '7d' into seconds; throws a readable error otherwise. */
export function parseDuration(text: string): number {
  const match = /^(\d+)\s*(s|m|h|d)?$/i.exec(text.trim());
  const seconds = match ? Number(match[1]) * { s: 1, m: 60, h: 3600, d: 86400 }[(match[2] ?? 's').toLowerCase() as 's'] : NaN;
  if (!Number.isSafeInteger(seconds) || seconds < 1) {
    throw new Error(`"${text}" is not a duration: use a whole number of seconds or a number with s, m, h or d (e.g. 30s, 15m, 8h)`);
  }
  return seconds;
}

/** A data file that cannot be used; the CLI reports it as one line. */
export class MockDataFileError extends Error {
  override name = 'MockDataFileError';
}
