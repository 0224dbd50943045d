export function Sidebar() {
  return (
    <aside className="w-64">
      <nav>Menu</nav>
      <h1 className="font-bold">Vườn cao su</h1>
    </aside>
  );
}
