import styled from 'styled-components';
import { useState } from 'react';

const Title = styled.h1.attrs({ role: 'heading' })`
  font-size: 24px;
`;

export function Plot({ name }: { name: string }) {
  const [open] = useState(false);
  return <section>{open ? <Title>{name}</Title> : null}</section>;
}
