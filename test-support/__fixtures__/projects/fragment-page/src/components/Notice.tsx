export function Notice({ text }: { text: string }) {
  return <p role="status">{text}</p>;
}
