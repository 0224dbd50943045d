import styled from '@emotion/styled';

export const Heading = styled.h2`
  font-size: 2rem;
  color: #1f4d1b;
`;
