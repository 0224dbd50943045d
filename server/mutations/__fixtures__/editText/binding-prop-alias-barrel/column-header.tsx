export function ColumnHeader({ title }: { title: string }) {
  return <div>{title}</div>;
}
