import styled from 'styled-components';

export const Heading = styled.h2`
  font-size: 2rem;
  font-weight: 600;
`;
