export function Counter() {
  return (
    <section className="p-2">
      <h2>Vườn cao su</h2>
    </section>
  );
}
