import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optionalIdParam, optionalTextParam, pageParam } from './search-schemas';

describe('search params', () => {
  const schema = z.object({ page: pageParam, plan: optionalIdParam, q: optionalTextParam });
  const validate = (raw: Record<string, unknown>) => schema.parse(raw);

  it('keeps good values', () => {
    expect(validate({ page: 3, plan: 7, q: 'abc' })).toEqual({ page: 3, plan: 7, q: 'abc' });
  });

  it('falls back to the defaults for missing or malformed values', () => {
    expect(validate({})).toEqual({ page: 0, plan: undefined, q: undefined });
    expect(validate({ page: -1, plan: 0 })).toMatchObject({ page: 0, plan: undefined });
    expect(validate({ page: 'two', plan: 1.5, q: 5 })).toEqual({ page: 0, plan: undefined, q: undefined });
  });
});
