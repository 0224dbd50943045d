import styled from 'styled-components';

const Heading = styled.h2`
  font-size: 2rem;
`;

export default Heading;
