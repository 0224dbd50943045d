import axios from 'axios';
import { useQuery } from '@tanstack/react-query';

const client = axios.create({ baseURL: '' });

export function useCountry() {
  return useQuery({ queryKey: ['country'], queryFn: () => client.get('/vam/country/all').then((answer) => answer.data) });
}
