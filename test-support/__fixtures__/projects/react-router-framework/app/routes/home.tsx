export function meta() {
  return [{ title: 'Rubber rows' }];
}

export default function Home() {
  return (
    <main>
      <h1>Rubber rows</h1>
      <p>Tapped at dawn, rested at noon.</p>
    </main>
  );
}
