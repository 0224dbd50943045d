import styled from 'styled-components';

const Heading = styled.h1`
  font-size: 2rem;
  color: #1f4d1b;
  letter-spacing: 1px;
`;

export function Title() {
  return (
    <header>
      <Heading>Plantation</Heading>
    </header>
  );
}
