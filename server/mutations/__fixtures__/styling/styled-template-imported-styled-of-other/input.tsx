import { PageTitle } from './title';

export function App() {
  return <PageTitle as="h1">Cabins</PageTitle>;
}
