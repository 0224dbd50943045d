import { statusLabel } from './status';

export function StatusBadge({ active }: { active: boolean }) {
  return <span>{statusLabel(active)}</span>;
}
