import { useState } from 'react';
import { Card } from 'card';

export function Sidebar() {
  const [open] = useState(false);
  return (
    <aside className={open ? 'w-64' : 'w-32'}>
      <Card title="Menu" />
    </aside>
  );
}
