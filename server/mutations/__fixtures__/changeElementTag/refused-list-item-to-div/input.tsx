export function Plot({ area }: { area: number }) {
  return (
    <main className="p-2">
      <p className="text-sm">
        Diện tích <strong>{area}</strong> ha
      </p>
      <p>Lô A</p>
      <a href="/plots" className="underline">
        Xem lô
      </a>
      <div className="card">
        <h3>Lô B</h3>
        <button type="button">Mở</button>
      </div>
      <ul>
        <li>Hàng 1</li>
        <li>Hàng 2</li>
      </ul>
    </main>
  );
}
