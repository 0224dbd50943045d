export function Dashboard() {
  return (
    <main className="p-2">
      <p>Vườn cao su</p>
    </main>
  );
}
