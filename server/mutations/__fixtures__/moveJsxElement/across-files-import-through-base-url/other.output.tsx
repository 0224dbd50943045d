import { useState } from 'react';
import { Badge } from 'badge';
import { Card } from 'card';

export function Sidebar() {
  const [open] = useState(false);
  return (
    <aside className={open ? 'w-64' : 'w-32'}>
      <Badge label="Mới" />
      <Card title="Menu" />
    </aside>
  );
}
