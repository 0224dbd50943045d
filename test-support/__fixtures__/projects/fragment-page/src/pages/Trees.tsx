export function Trees() {
  return (
    <main>
      <h2>Cây cao su</h2>
      <ul>
        <li>Lô A</li>
      </ul>
    </main>
  );
}
