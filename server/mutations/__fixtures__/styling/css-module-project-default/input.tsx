import { Card } from './card';

export function FieldPage() {
  return (
    <main>
      <Card />
    </main>
  );
}
