import { useState } from 'react';

import { Card } from './card';
import { Title } from './title';

export function Dashboard() {
  const [active] = useState(false);
  return (
    <main className={active ? 'p-2' : 'p-4'}>
      <Title text="Vườn" />
      <Card title="Lô A" />
    </main>
  );
}
