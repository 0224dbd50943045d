import { Badge } from './badge';
import { Card } from './card';
import Tag from './tag';

export function Page() {
  return (
    <main className="p-2">
      <h1>Vườn cao su</h1>
      <section className="grid gap-2">
        <Badge label="Lô A" />
        <Card title="Lô B" />
        <Tag tone="green" label="Label" compact={false} size={2} count={3} />
      </section>
    </main>
  );
}
