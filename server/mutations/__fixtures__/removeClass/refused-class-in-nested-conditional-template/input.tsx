export function Row({ active, big, label }: { active: boolean; big: boolean; label: string }) {
  return (
    <li className={`px-2 ${active ? `ring-2 ${big ? 'p-4' : 'p-2'}` : ''}`}>
      {label}
    </li>
  );
}
