import { describe, expect, it } from 'vitest';
import { COUNTRY_NAMES } from '../../../../../mocks/seed-data';
import { CARD_GRADIENTS, cardGradient, countryCodeOf, findCountryReference, formatPhoneCodes } from './country-reference';

describe('country matching', () => {
  it('matches every alias of the country matching rule, whatever the case', () => {
    const expected: Record<string, string> = {
      vietnam: 'VN', 'Viet Nam': 'VN', USA: 'US', 'United States of America': 'US', UK: 'GB', 'South Korea': 'KR',
      'north korea': 'KP', 'Czech Republic': 'CZ', UAE: 'AE', 'Saudi Arabia': 'SA', 'South Africa': 'ZA',
      'New Zealand': 'NZ', Lao: 'LA', LAOS: 'LA', Myanmar: 'MM', Burma: 'MM', Mianma: 'MM', Singapo: 'SG',
    };
    for (const [name, code] of Object.entries(expected)) expect(countryCodeOf(name), name).toBe(code);
  });

  it('matches the English or the native name of the reference list', () => {
    expect(countryCodeOf('Thailand')).toBe('TH');
    expect(countryCodeOf("Côte d'Ivoire")).toBe('CI');
    expect(countryCodeOf('  japan ')).toBe('JP');
    expect(countryCodeOf('Deutschland')).toBe('DE');
  });

  it('matches nothing for an unknown name', () => {
    expect(countryCodeOf('Atlantis Plantation Zone')).toBeUndefined();
    expect(countryCodeOf('')).toBeUndefined();
    expect(findCountryReference('Atlantis Plantation Zone')).toBeUndefined();
  });

  it('knows every country the mock serves but the one made up to match nothing', () => {
    const unmatched = COUNTRY_NAMES.filter((name) => !findCountryReference(name));
    expect(unmatched).toEqual(['Atlantis Plantation Zone']);
  });

  it('gives the reference entry with continent, capital and phone codes', () => {
    expect(findCountryReference('Viet Nam')).toMatchObject({
      iso2: 'VN',
      iso3: 'VNM',
      name: 'Vietnam',
      native: 'Việt Nam',
      capital: 'Hanoi',
      phone: [84],
      continent: { name: 'Asia', emoji: '🌏' },
      flag: '🇻🇳',
    });
    expect(findCountryReference('Brazil')?.continent.name).toBe('South America');
    expect(formatPhoneCodes([1, 809])).toBe('+1, +809');
  });
});

describe('card gradients', () => {
  it('has 15, chosen by countryId modulo 15', () => {
    expect(CARD_GRADIENTS).toHaveLength(15);
    expect(new Set(CARD_GRADIENTS).size).toBe(15);
    expect(cardGradient(1)).toBe(CARD_GRADIENTS[1]);
    expect(cardGradient(15)).toBe(CARD_GRADIENTS[0]);
    expect(cardGradient(31)).toBe(CARD_GRADIENTS[1]);
  });
});
