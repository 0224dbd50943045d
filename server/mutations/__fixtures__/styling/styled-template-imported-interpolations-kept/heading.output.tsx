import styled from 'styled-components';

export const Heading = styled.h2<{ $size?: string }>`
  font-size: ${(props) => props.$size ?? '2rem'};
  color: ${({ theme }) => theme.colors.text};

  &:hover {
    opacity: ${(p) => (p.$size ? 0.8 : 1)};
    letter-spacing: 1px;
  }
`;
