import styled from 'styled-components';

const Card = styled.section`
  padding: 16px;
`;

export function Plot({ name }: { name: string }) {
  return (
    <Card>
      <h2>{name}</h2>
    </Card>
  );
}
