import { Badge } from './badge';
import { Card } from './card';

export function Page() {
  return (
    <main className="p-2">
      <h1>Vườn cao su</h1>
      <section className="grid gap-2">
        <Badge label="Lô A" />
        <Card title="Lô B" />
      </section>
    </main>
  );
}
