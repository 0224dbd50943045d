export function Picker({ onPick, children, className }: { onPick: (choice: string) => void; children?: string; className?: string }) {
  return <button className={className} onClick={() => onPick('a')}>{children}</button>;
}
