import { Heading } from './ui';

export function App() {
  return <Heading as="h1">Cabins</Heading>;
}
