import styled from 'styled-components';

const Heading = styled.h1`
  font-size: 2rem;
  color: #2e5e4e;
`;

export function Title() {
  return (
    <header>
      <Heading>Plantation</Heading>
    </header>
  );
}
