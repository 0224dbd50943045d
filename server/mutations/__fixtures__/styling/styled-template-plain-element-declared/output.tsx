import styled from 'styled-components';

const Heading = styled.h1`
  font-size: 2rem;
`;

const Text = styled.p`
  &:hover {
    color: #1f4d1b;
    letter-spacing: 1px;
  }
`;

/** The page's title and what the drones do. */
export function Title() {
  return (
    <header>
      <Heading>Plantation</Heading>
      <Text className="lead">Six drones are flying.</Text>
    </header>
  );
}
