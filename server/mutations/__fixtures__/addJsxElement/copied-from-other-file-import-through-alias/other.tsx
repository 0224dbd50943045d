import { Card } from './card';

export function Dashboard() {
  return (
    <main className="p-2">
      <Card title="Lô A" />
    </main>
  );
}
