import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({
  component: Home,
});

function Home() {
  return (
    <section className="page">
      <h1>Plantation map</h1>
      <p>A file route, split into its own chunk by the router plugin.</p>
    </section>
  );
}
