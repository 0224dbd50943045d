import { Card } from './card';

export function Sidebar() {
  return (
    <aside className="w-64">
      <Card title="Lô A" />
      <nav>Menu</nav>
    </aside>
  );
}
