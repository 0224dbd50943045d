import { Heading } from 'ui-kit';

export function App() {
  return <Heading as="h1">Cabins</Heading>;
}
