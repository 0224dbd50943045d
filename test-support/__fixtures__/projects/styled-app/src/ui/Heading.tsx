import styled from 'styled-components';

const Heading = styled.h2<{ $space?: string }>`
  font-size: 1.25rem;
  margin: ${(props) => props.$space ?? '0 0 8px'};
`;

export default Heading;
