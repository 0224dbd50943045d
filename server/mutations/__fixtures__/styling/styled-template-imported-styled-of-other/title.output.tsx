import styled from 'styled-components';
import { Heading } from './heading';

export const PageTitle = styled(Heading)`
  margin-bottom: 16px;
  color: #1f4d1b;
`;
