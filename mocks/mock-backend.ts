/**
 * Everything the mock needs at run time, made once per server: the store, the token issuer and the fault plan.
 */
import { TokenIssuer } from './auth.js';
import { FaultPlan } from './fault-plan.js';
import { createMockHandlers, type MockHandlers } from './handlers.js';
import { MockStore } from './mock-store.js';

export interface MockOptions {
  /** Seed of the generated data: the same seed gives the same data. */
  seed: number;
  /** Delay before every API answer, in milliseconds. */
  latencyMs: number;
  /** Persist changes to this JSON file and reload them on start. */
  dataFile?: string;
  /** Lifetime of issued tokens, in seconds. */
  tokenTtlSeconds: number;
}

export const DEFAULT_MOCK_OPTIONS: MockOptions = { seed: 1, latencyMs: 0, tokenTtlSeconds: 8 * 3600 };

export interface MockBackend {
  options: MockOptions;
  store: MockStore;
  tokens: TokenIssuer;
  faults: FaultPlan;
  handlers: MockHandlers;
}

export async function createMockBackend(options: MockOptions): Promise<MockBackend> {
  const store = await MockStore.create({ seed: options.seed, dataFile: options.dataFile });
  const tokens = new TokenIssuer(options.tokenTtlSeconds);
  return { options, store, tokens, faults: new FaultPlan(), handlers: createMockHandlers(store, tokens) };
}
