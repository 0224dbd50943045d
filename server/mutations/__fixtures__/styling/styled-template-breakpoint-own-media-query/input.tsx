import styled from '@emotion/styled';

const Heading = styled.h1`
  font-size: 2rem;

  @media (min-width: 768px) {
    font-size: 2.5rem;
  }
`;

export function Title() {
  return <Heading>Plantation</Heading>;
}
