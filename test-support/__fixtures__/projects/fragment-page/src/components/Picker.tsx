export function Picker({ label, onPick }: { label: string; onPick: (choice: string) => void }) {
  return (
    <button type="button" onClick={() => onPick(label)}>
      {label}
    </button>
  );
}
