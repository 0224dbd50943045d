export function Toolbar({ onSave }: { onSave(): void }) {
  return (
    <main className="p-2">
      <section className="flex gap-2">
        <button
          type="button"
          className="rounded border px-3 py-1"
          onClick={onSave}
        >
          Lưu
        </button>
      </section>
      <footer>
      </footer>
    </main>
  );
}
