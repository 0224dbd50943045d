import styled from 'styled-components';

const Heading = styled.h2`
  font-size: 2rem;
  color: #1f4d1b;
`;

export default Heading;
