import './page.css';
import Badge, { Pill, Tag } from './badge';
import { formatDate } from './format';

export function Dashboard({ active }: { active: boolean }) {
  return (
    <main className="p-2 text-sm">
      <h1 className="font-bold">Vườn cao su</h1>
      <section className="grid gap-2">
        <article title="Lô A" />
        <Badge tone="green" />
        <Tag label="mới" />
      </section>
      {active && <Pill label="Đang hoạt động" />}
    </main>
  );
}
