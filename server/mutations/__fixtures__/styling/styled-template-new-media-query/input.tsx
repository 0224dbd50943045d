import styled from 'styled-components';

const Page = styled.main`
  padding: 24px;
`;

export function App() {
  return <Page>Six drones are flying.</Page>;
}
