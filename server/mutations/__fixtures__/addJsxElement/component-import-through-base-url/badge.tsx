export function Badge({ label }: { label: string }) {
  return <span>{label}</span>;
}
