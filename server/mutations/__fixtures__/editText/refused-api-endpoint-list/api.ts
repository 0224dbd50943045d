async function request(method: 'GET' | 'POST', path: string, query: Record<string, number>) {
  const response = await fetch(`${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, { method });
  return response.json();
}

export const api = {
  countryAll: () => request('GET', '/country/all', {}),
  regionsOfCountry: (query: { countryId: number }) => request('GET', '/vam/region/country', query),
};
