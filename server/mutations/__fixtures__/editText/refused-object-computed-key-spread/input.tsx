declare const BASE: Record<string, string>;

const LABELS = { ...BASE, up: 'Tăng' };

export function Trend({ trend }: { trend: string }) {
  return <span>{LABELS[trend]}</span>;
}
