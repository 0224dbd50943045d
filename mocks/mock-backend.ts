/**
 * Everything the mock needs at run time, made once per server: the store, the token issuer and the fault plan.
 */
import { TokenIssuer } from './auth.js';
import { FaultPlan } from './fault-plan.js';
import { createMockHandlers, type MockHandlers } from './handlers.js';
import { MockStore } from './mock-store.js';
import type { MockOptions } from './mock-options.js';

export interface MockBackend {
  options: MockOptions;
  store: MockStore;
  tokens: TokenIssuer;
  faults: FaultPlan;
  handlers: MockHandlers;
}

export interface MockBackendTiming {
  /**
   * Make the seeded data on first use (the first API call waits for it, or `store.ready()`) instead of now.
   * The data file is checked and loaded now either way.
   */
  seedOnFirstUse?: boolean;
}

export async function createMockBackend(options: MockOptions, { seedOnFirstUse = false }: MockBackendTiming = {}): Promise<MockBackend> {
  const store = await (seedOnFirstUse ? MockStore.open : MockStore.create)({ seed: options.seed, dataFile: options.dataFile });
  const tokens = new TokenIssuer(options.tokenTtlSeconds, { now: options.now, key: options.signingKey });
  return { options, store, tokens, faults: new FaultPlan(), handlers: createMockHandlers(store, tokens) };
}
