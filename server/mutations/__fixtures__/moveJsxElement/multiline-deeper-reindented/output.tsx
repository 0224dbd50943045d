export function Farm({ rows }: { rows: string[] }) {
  return (
    <main className="p-4">
      <header className="flex items-center gap-2">
        <h1 className="text-xl font-bold">Lô cao su</h1>
      </header>
      <section className="grid gap-2">
        <article className="rounded border">
          <div className="p-2">
            <span>Hàng</span>
            <p className="text-sm text-slate-500">
              Cập nhật hằng ngày
            </p>
          </div>
        </article>
      </section>
    </main>
  );
}
