export default function Heading({ title }: { title: string }) {
  return <h2>{title}</h2>;
}
