import styled from 'styled-components';

const Page = styled.main`
  padding: 24px;

  @media (min-width: 1024px) {
    padding: 32px;
  }
`;

export function App() {
  return <Page>Six drones are flying.</Page>;
}
