const STATUS_LABELS = {
  active: 'Hoạt động',
  maintenance: 'Đang bảo trì',
  flying: 'Đang bay',
} as const;

export function StatusBadge({ status }: { status: keyof typeof STATUS_LABELS }) {
  return <span>{STATUS_LABELS[status]}</span>;
}
