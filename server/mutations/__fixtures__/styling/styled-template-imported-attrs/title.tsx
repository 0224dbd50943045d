import styled from 'styled-components';

export const Title = styled.h2.attrs({ role: 'heading' })`
  font-size: 2rem;
`;
