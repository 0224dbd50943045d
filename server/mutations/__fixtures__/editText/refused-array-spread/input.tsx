declare function loadExtra(): Array<{ label: string }>;

const ITEMS = [...loadExtra(), { label: 'Khác' }];

export function Items() {
  return (
    <ul>
      {ITEMS.map((item) => (
        <li key={item.label}>{item.label}</li>
      ))}
    </ul>
  );
}
