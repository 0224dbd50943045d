import { describe, expect, it } from 'vitest';
import { planDescription, planTitle } from './plan-text';

describe('plan fallbacks', () => {
  it('shows the fallback texts for a missing or blank title and description', () => {
    for (const missing of [null, undefined, '', '   ']) {
      expect(planTitle(missing)).toBe('No title provided');
      expect(planDescription(missing)).toBe('No description available');
    }
    expect(planTitle('Cạo mủ lô A')).toBe('Cạo mủ lô A');
    expect(planDescription('Bón phân')).toBe('Bón phân');
  });
});
