export function Welcome() {
  return (
    <main className="p-2">
    </main>
  );
}
