/**
 * The mock's code and data, loaded by the first call that needs them: its schemas (hundreds of zod objects), its
 * handlers and its store. Why: a person starts `dev` to see the console, whose first API call comes a second or
 * more after the ready line; loading the mock before that line made the start a tenth slower.
 *
 * The routes are registered at start from the plain route table (contracts/api-routes), so nothing about the
 * URL space waits for the load; only the answers do, once.
 */
import type { MockApiAnswers } from './mock-api-answers.js';
import type { MockBackend, MockBackendTiming } from './mock-backend.js';
import type { MockOptions } from './mock-options.js';

export interface LoadedMock {
  backend: MockBackend;
  answers: MockApiAnswers;
}

export interface MockLoader {
  /** The mock once loaded; a route reads it synchronously after the first call. */
  readonly loaded: LoadedMock | undefined;
  /** Loads the mock once; every caller gets the same one, or the same failure. */
  load(): Promise<LoadedMock>;
}

export function mockLoader(options: MockOptions, timing: MockBackendTiming = {}): MockLoader {
  let loading: Promise<LoadedMock> | undefined;
  let loaded: LoadedMock | undefined;
  return {
    get loaded() {
      return loaded;
    },
    load() {
      loading ??= (async () => {
        const [{ createMockBackend }, { createMockApiAnswers }] = await Promise.all([import('./mock-backend.js'), import('./mock-api-answers.js')]);
        const backend = await createMockBackend(options, timing);
        loaded = { backend, answers: createMockApiAnswers(backend) };
        return loaded;
      })();
      return loading;
    },
  };
}

/** The loaded mock at once when it is there, else after loading it: no extra tick on every call but the first. */
export function withMock<T>(mock: MockLoader, use: (loaded: LoadedMock) => Promise<T>): Promise<T> {
  const loaded = mock.loaded;
  return loaded ? use(loaded) : mock.load().then(use);
}
