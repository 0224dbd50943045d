const TREND_STYLE: Record<'up' | 'down' | 'steady', { arrow: string; label: string }> = {
  up: { arrow: '↑', label: 'Tăng' },
  down: { arrow: '↓', label: 'Giảm' },
  steady: { arrow: '→', label: 'Ổn định' },
};

export function Trend({ trend }: { trend: 'up' | 'down' | 'steady' }) {
  const style = TREND_STYLE[trend];
  return <span>{style.label}</span>;
}
