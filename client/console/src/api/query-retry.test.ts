import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { shouldRetry } from './query-retry';

describe('shouldRetry', () => {
  it('retries a server failure or a network error once', () => {
    expect(shouldRetry(0, new ApiError(500, 'HTTP error! status: 500', null))).toBe(true);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'x', null))).toBe(false);
  });

  it('does not retry a definite answer of the server', () => {
    for (const status of [400, 401, 404, 409]) expect(shouldRetry(0, new ApiError(status, 'x', null))).toBe(false);
  });
});
