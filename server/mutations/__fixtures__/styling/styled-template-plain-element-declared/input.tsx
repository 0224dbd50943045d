import styled from 'styled-components';

const Heading = styled.h1`
  font-size: 2rem;
`;

/** The page's title and what the drones do. */
export function Title() {
  return (
    <header>
      <Heading>Plantation</Heading>
      <p className="lead">Six drones are flying.</p>
    </header>
  );
}
