export function Dashboard({ items, active }: { items: string[]; active: boolean }) {
  return (
    <main className="p-2 text-sm">
      <h1 className="font-bold">Vườn cao su</h1>
      <ul>
        {items.map((item) => (
          <li key={item} className={`px-2 ${active ? 'bg-green-100' : ''}`}>{item}</li>
        ))}
      </ul>
      {active && <span>Đang hoạt động</span>}
    </main>
  );
}
