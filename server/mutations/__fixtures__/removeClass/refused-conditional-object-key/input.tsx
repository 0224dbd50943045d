import { cn } from './utils';

export function Row({ active }: { active: boolean }) {
  return <li className={cn('p-2', { 'font-bold': true, 'ring-2': active })}>Lô A</li>;
}
