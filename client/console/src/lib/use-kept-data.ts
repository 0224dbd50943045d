import { useRef } from 'react';

/**
 * The data of the last load that succeeded, kept while a later one fails: screens that keep what they show on an
 * error (docs/console.md#faults-and-retries) render this instead of the failed query's empty data.
 */
export function useKeptData<T>(data: T | undefined, isError: boolean): T | undefined {
  const kept = useRef<T | undefined>(undefined);
  if (data !== undefined && !isError) kept.current = data;
  return isError ? kept.current : data;
}
