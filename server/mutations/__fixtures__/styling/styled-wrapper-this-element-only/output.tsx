import styled from 'styled-components';
import { Heading } from './heading';

const AppHeading = styled(Heading)`
  color: #1f4d1b;
`;

export function App() {
  return (
    <main>
      <AppHeading as="h1">Cabins</AppHeading>
      <Heading>Bookings</Heading>
    </main>
  );
}
