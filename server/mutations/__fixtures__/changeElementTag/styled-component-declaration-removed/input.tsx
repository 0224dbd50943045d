import styled from 'styled-components';

const Card = styled.section`
  padding: 16px;
`;

const Title = styled.h1`
  font-size: 24px;
`;

export function Plot({ name }: { name: string }) {
  return (
    <Card>
      <Title>{name}</Title>
    </Card>
  );
}
