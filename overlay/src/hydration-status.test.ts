import { describe, expect, it } from 'vitest';
import { hydrationStatusOf } from './hydration-status.js';

describe('hydration status', () => {
  it('tells a hydration failure from other errors and from none', () => {
    expect(hydrationStatusOf(null)).toEqual({ status: 'no_error' });
    expect(hydrationStatusOf({ message: 'Hydration failed because …', file: 'a.tsx', stack: 's' })).toEqual({
      status: 'error',
      errorDescr: 'Hydration failed because …',
      errorLabel: 'a.tsx',
      errorBody: 's',
    });
    expect(hydrationStatusOf({ message: 'Unexpected token', file: '', stack: '' }).status).toBe('other_error');
  });
});
