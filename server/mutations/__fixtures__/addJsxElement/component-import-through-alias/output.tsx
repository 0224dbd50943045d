import { useState } from 'react';
import { Card } from '@/card';
import { cn } from '@/cn';
import { Badge } from '@/components/badge';

export function Dashboard() {
  const [active] = useState(false);
  return (
    <main className={cn('p-2', active && 'ring-2')}>
      <Card title="Lô A" />
      <Badge label="Mới" />
    </main>
  );
}
