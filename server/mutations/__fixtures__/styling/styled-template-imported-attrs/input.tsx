import { Title } from './title';

export function App() {
  return <Title as="h1">Cabins</Title>;
}
