import { Badge } from './badge';

export function Dashboard() {
  return (
    <main className="p-2">
      <Badge label="Mới" />
      <p>Vườn cao su</p>
    </main>
  );
}
