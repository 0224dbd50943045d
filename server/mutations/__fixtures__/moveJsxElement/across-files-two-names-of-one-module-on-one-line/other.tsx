import { Sidebar } from './sidebar';

export function HomePage() {
  return (
    <aside>
      <Sidebar />
    </aside>
  );
}
