import { Heading } from './heading';

export function App() {
  return (
    <main>
      <Heading as="h1">Cabins</Heading>
      <Heading>Bookings</Heading>
    </main>
  );
}
