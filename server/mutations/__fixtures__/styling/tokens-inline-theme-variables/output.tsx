export function Sidebar({ items }: { items: string[] }) {
  return (
    <aside className="flex flex-col bg-slate-900 py-2 text-sm">
      <h2 className="font-bold text-white" style={{ backgroundColor: 'var(--color-slate-950, oklch(12.9% 0.042 264.695))', fontSize: 'var(--text-base, 1rem)', paddingTop: 'calc(var(--spacing) * 3)', color: '#0b1020' }}>Quản trị</h2>
      <nav className="px-4 py-2 md:text-lg hover:bg-slate-800">
        {items.map((item) => (
          <a key={item} href={`#${item}`}>
            {item}
          </a>
        ))}
      </nav>
      <p className="rounded -mt-2 text-slate-400">Phiên bản 1</p>
    </aside>
  );
}
