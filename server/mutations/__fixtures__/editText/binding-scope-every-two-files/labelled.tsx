export function Labelled({ label }: { label: string }) {
  return <label>{label}</label>;
}
