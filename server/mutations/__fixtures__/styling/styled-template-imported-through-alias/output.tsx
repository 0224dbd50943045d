import { Heading } from '@/heading';

export function App() {
  return <Heading as="h1">Cabins</Heading>;
}
