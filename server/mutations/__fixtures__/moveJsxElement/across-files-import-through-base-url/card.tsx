export function Card({ title }: { title: string }) {
  return <h2>{title}</h2>;
}
