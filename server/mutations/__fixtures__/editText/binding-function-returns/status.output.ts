export function statusLabel(active: boolean): string {
  return active ? 'Active' : 'Stopped';
}
