const TABS = [
  { id: 'map', label: 'Bản đồ' },
  { id: 'list', label: 'Bảng' },
];

export function Tabs() {
  return (
    <nav>
      {TABS.map(({ id, label }) => (
        <button key={id} type="button">
          {label}
        </button>
      ))}
    </nav>
  );
}
