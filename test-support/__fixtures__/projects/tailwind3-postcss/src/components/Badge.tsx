interface BadgeProps {
  label: string;
}

export function Badge({ label }: BadgeProps) {
  return <span className="rounded-full bg-brand-light px-2 py-0.5 text-xs font-medium text-brand-dark">{label}</span>;
}
