import styled, { css } from 'styled-components';

const Action = styled.button<{ $primary?: boolean }>`
  padding: 8px 16px;
  background: ${(props) => (props.$primary ? '#2e5e4e' : '#ddd')};
  ${({ $primary }) =>
    $primary &&
    css`
      color: white;
    `}
`;

export function Refresh() {
  return <Action $primary>Refresh</Action>;
}
