import styled from '@emotion/styled';

const Heading = styled.h1`
  font-size: 2rem;

  @media (min-width: 768px) {
    font-size: 3rem;
    margin: 0;
  }
`;

export function Title() {
  return <Heading>Plantation</Heading>;
}
