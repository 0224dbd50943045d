import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/about')({
  component: About,
});

function About() {
  return (
    <section className="page">
      <h1>About</h1>
      <p>Routes live in src/routes.</p>
    </section>
  );
}
