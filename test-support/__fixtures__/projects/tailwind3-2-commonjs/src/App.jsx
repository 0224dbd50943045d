export function App() {
  return (
    <main className="bg-primary p-8">
      <h1 className="text-4xl font-semibold text-secondary">The next generation payment method.</h1>
    </main>
  );
}
