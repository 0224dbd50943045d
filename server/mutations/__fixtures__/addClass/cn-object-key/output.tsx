import { cn } from './utils';

export function Row({ active }: { active: boolean }) {
  return <li className={cn('p-2', { 'font-normal': true, 'ring-2': active })}>Lô A</li>;
}
