/**
 * What the console knows about a country beyond its id and name: the bundled reference list (countries-list),
 * reached through the alias spellings of docs/console.md#country-matching first, then the English or native name.
 */
import { countries, getCountryData, getEmojiFlag, type TContinentCode, type TCountryCode } from 'countries-list';

/** Spellings the API uses that the reference list does not (matched case-insensitively). */
export const COUNTRY_ALIASES: Readonly<Record<string, TCountryCode>> = {
  vietnam: 'VN',
  'viet nam': 'VN',
  usa: 'US',
  'united states of america': 'US',
  uk: 'GB',
  'south korea': 'KR',
  'north korea': 'KP',
  'czech republic': 'CZ',
  uae: 'AE',
  'saudi arabia': 'SA',
  'south africa': 'ZA',
  'new zealand': 'NZ',
  lao: 'LA',
  laos: 'LA',
  myanmar: 'MM',
  burma: 'MM',
  mianma: 'MM',
  singapo: 'SG',
};

export const CONTINENTS: Readonly<Record<TContinentCode, { name: string; emoji: string }>> = {
  AS: { name: 'Asia', emoji: '🌏' },
  EU: { name: 'Europe', emoji: '🌍' },
  NA: { name: 'North America', emoji: '🌎' },
  SA: { name: 'South America', emoji: '🌎' },
  AF: { name: 'Africa', emoji: '🌍' },
  OC: { name: 'Oceania', emoji: '🌏' },
  AN: { name: 'Antarctica', emoji: '🧊' },
};
export const UNKNOWN_CONTINENT = { name: 'Unknown', emoji: '❓' } as const;

export interface CountryReference {
  iso2: TCountryCode;
  iso3: string;
  name: string;
  native: string;
  capital: string;
  phone: number[];
  currency: string[];
  languages: string[];
  continent: { name: string; emoji: string };
  flag: string;
}

const byName = new Map<string, TCountryCode>();
for (const [code, country] of Object.entries(countries) as [TCountryCode, (typeof countries)[TCountryCode]][]) {
  // English names win over native ones where two countries would share a spelling.
  byName.set(country.name.toLowerCase(), code);
}
for (const [code, country] of Object.entries(countries) as [TCountryCode, (typeof countries)[TCountryCode]][]) {
  const native = country.native.toLowerCase();
  if (!byName.has(native)) byName.set(native, code);
}

export function countryCodeOf(countryName: string): TCountryCode | undefined {
  const key = countryName.trim().toLowerCase();
  if (!key) return undefined;
  return COUNTRY_ALIASES[key] ?? byName.get(key);
}

/** The reference entry for a name from the API, or undefined ('Country information not available'). */
export function findCountryReference(countryName: string): CountryReference | undefined {
  const code = countryCodeOf(countryName);
  if (!code) return undefined;
  const data = getCountryData(code);
  return {
    iso2: data.iso2,
    iso3: data.iso3,
    name: data.name,
    native: data.native,
    capital: data.capital,
    phone: data.phone,
    currency: data.currency,
    languages: data.languages,
    continent: CONTINENTS[data.continent] ?? UNKNOWN_CONTINENT,
    flag: getEmojiFlag(code),
  };
}

/** '+84', '+1 809, +1 829' … or '' when the list has none. */
export function formatPhoneCodes(phone: readonly number[]): string {
  return phone.map((code) => `+${code}`).join(', ');
}

/**
 * The 15 card header gradients, chosen by countryId modulo 15 (docs/console.md#country-matching). Shades 700 to 800,
 * so the white text on them keeps at least 4.5:1 (WCAG AA) at its lightest end.
 */
export const CARD_GRADIENTS: readonly string[] = [
  'from-emerald-700 to-teal-800',
  'from-sky-700 to-indigo-800',
  'from-amber-700 to-orange-800',
  'from-rose-700 to-pink-800',
  'from-violet-700 to-purple-800',
  'from-lime-700 to-green-800',
  'from-cyan-700 to-blue-800',
  'from-fuchsia-700 to-rose-800',
  'from-orange-700 to-red-800',
  'from-teal-700 to-cyan-800',
  'from-indigo-700 to-violet-800',
  'from-yellow-700 to-amber-800',
  'from-green-700 to-emerald-800',
  'from-blue-700 to-sky-800',
  'from-pink-700 to-fuchsia-800',
];

export function cardGradient(countryId: number): string {
  const index = ((countryId % CARD_GRADIENTS.length) + CARD_GRADIENTS.length) % CARD_GRADIENTS.length;
  return CARD_GRADIENTS[index]!;
}
