export function Picker({ label, onPick, items }: { label: string; onPick: (id: string) => void; items: string[] }) {
  return <button onClick={() => onPick(items[0] ?? '')}>{label}</button>;
}
