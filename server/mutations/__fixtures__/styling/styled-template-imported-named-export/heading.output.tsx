import styled from 'styled-components';

export const Heading = styled.h2`
  font-size: 2rem;
  font-weight: 600;
  color: #1f4d1b;
`;
