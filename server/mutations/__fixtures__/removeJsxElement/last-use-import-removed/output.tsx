import './page.css';
import { Pill } from './badge';
import { formatDate } from './format';

export function Dashboard({ active }: { active: boolean }) {
  return (
    <main className="p-2 text-sm">
      <h1 className="font-bold">Vườn cao su</h1>
      {active && <Pill label="Đang hoạt động" />}
    </main>
  );
}
