import { ApiError } from './api-client';

/**
 * Retry a failed read once, but not when the server gave a definite answer: a 4xx will not change on a second
 * try, and an ended session must not be asked for twice.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}
