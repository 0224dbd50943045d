import { useState } from 'react';
import { cn } from '@/cn';
import { Tag } from './tag';

export function Sidebar() {
  const [open] = useState(false);
  return (
    <aside className={cn('w-64', open && 'ring-2')}>
      <Tag label="Menu" />
    </aside>
  );
}
