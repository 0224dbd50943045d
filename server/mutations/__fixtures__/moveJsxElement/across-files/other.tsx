export function Sidebar() {
  return (
    <aside className="w-64">
      <nav>Menu</nav>
    </aside>
  );
}
