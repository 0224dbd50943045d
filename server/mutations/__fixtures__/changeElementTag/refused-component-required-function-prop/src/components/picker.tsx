export function Picker({ onPick, children }: { onPick: (choice: string) => void; children?: string }) {
  return <button onClick={() => onPick('a')}>{children}</button>;
}
