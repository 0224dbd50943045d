import styled from 'styled-components';
import Subheading from './ui/Heading';

const Page = styled.main`
  padding: 24px;
  font-family: system-ui, sans-serif;
`;

const Heading = styled.h1`
  font-size: 2rem;
  color: #2e5e4e;

  @media (min-width: 768px) {
    font-size: 2.5rem;
  }
`;

const Action = styled.button<{ $primary?: boolean }>`
  padding: 8px 16px;
  border: 0;
  background: ${(props) => (props.$primary ? '#2e5e4e' : '#ddd')};

  &:hover {
    opacity: 0.9;
  }
`;

export function App() {
  return (
    <Page>
      <Heading>Plantation</Heading>
      <Subheading as="h3">Drones</Subheading>
      <p>Six drones are flying.</p>
      <Action $primary>Refresh</Action>
      <Subheading $space="16px 0 8px">Fields</Subheading>
    </Page>
  );
}
