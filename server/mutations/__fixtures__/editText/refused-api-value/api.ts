export function useCountry() {
  return { data: { countryName: 'Việt Nam' } };
}
