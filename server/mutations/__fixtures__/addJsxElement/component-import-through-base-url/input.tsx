import { useState } from 'react';
import { Card } from 'card';

export function Dashboard() {
  const [active] = useState(false);
  return (
    <main className={active ? 'p-2' : 'p-4'}>
      <Card title="Lô A" />
    </main>
  );
}
