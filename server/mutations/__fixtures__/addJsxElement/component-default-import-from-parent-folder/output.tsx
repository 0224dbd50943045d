import Spinner from '../../components/ui/spinner';
import { cn } from './cn';
import { Card } from './card';

export function Dashboard({ items, active }: { items: string[]; active: boolean }) {
  return (
    <main className="p-2 text-sm">
      <h1 className="font-bold">Vườn cao su</h1>
      <Spinner label="Đang tải" />
      <section className={cn('grid gap-2', active && 'ring-2')}>
        <p>Hello</p>
        <Card title="Lô A" />
      </section>
      <ul>
        {items.map((item) => (
          <li key={item} className={`px-2 ${active ? 'bg-green-100' : ''}`}>{item}</li>
        ))}
      </ul>
      {active && <span>Đang hoạt động</span>}
    </main>
  );
}
