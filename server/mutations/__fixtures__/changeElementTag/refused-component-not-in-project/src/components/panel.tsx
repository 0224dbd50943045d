export function Panel({ title }: { title: string }) {
  return <section className="rounded border p-2">{title}</section>;
}
